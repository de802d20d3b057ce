import { execFile } from "node:child_process";
import { lstat, stat } from "node:fs/promises";
import path from "node:path";
import { setFileMode } from "./agent-files.js";
import { systemToolsEnvironment } from "./agent-search-path.js";
import type { AgentUser } from "./agent-user.js";
import { checkoutCredentialFiles } from "./checkout-credential-paths.js";
import type { HostCommands } from "./host-commands.js";
import { isInside } from "./path-inside.js";

export interface ClosedSource {
  /** What was closed to the agent's uid for the session (paths only). */
  closed: string[];
  /** Gives each closed path its mode back. */
  restore(): Promise<void>;
}

/**
 * The agent works in its own copy, but the runner's checkout is still on the same disk, and its
 * `.git/config` (or a file it includes, such as actions/checkout v6's credentials file under
 * RUNNER_TEMP) may hold the workflow's token. A PR can name that path (a symlink, `cat /home/runner/
 * work/...`). So for the session, each such file the agent's uid could read is closed to it: the
 * checkout's `.git` directory, or the included file itself, loses its group and other bits. So do
 * the runner user's own credentials (runnerCredentialPaths: its HOME's credential files, the runner
 * application's, the file commands of earlier steps), which the same-user Bash sandbox hides. Each
 * one is then checked again as the agent's uid; one it can still read throws, and the session does
 * not start (fail closed).
 */
export async function closeSourceCredentials(
  source: string,
  user: AgentUser,
  host: HostCommands,
  home: string | undefined,
  /** Expands the variables `core.sshCommand` names its key with (`$RUNNER_TEMP`). */
  env: Record<string, string | undefined>,
  /**
   * The runner user's own credentials that exist (runnerCredentialPaths): tools write them with the
   * umask's 0644, and many hosts leave a HOME world-traversable, so the agent's uid alone does not
   * keep it from them.
   */
  runnerCredentials: readonly string[] = [],
  /**
   * The CLI executable the agent runs: a credential location that holds it (an old install under
   * `~/.claude/local`) stays open, or the agent could not start at all.
   */
  executable?: string,
): Promise<ClosedSource> {
  const sourceGit = path.join(source, ".git");
  const config = path.join(sourceGit, "config");
  const checkout = (await lstat(config).catch(() => undefined))?.isFile() === true;
  const { configFiles, cloudFiles } = checkout
    ? await checkoutCredentialFiles(source, home, env)
    : { configFiles: [], cloudFiles: [] };
  const holdsExecutable = (file: string) =>
    executable !== undefined && (executable === file || isInside(executable, file));
  const targets: Array<{ readable: string; close: string }> = [
    ...(checkout ? [{ readable: config, close: sourceGit }] : []),
    ...[...configFiles, ...cloudFiles, ...runnerCredentials.filter((file) => !holdsExecutable(file))].map(
      (file) => ({ readable: file, close: file }),
    ),
  ];
  const restored: Array<{ path: string; mode: number }> = [];
  const restore = async () => {
    for (const { path: target, mode } of restored.reverse()) await setFileMode(target, mode, host);
  };
  try {
    // Two checks as the agent's uid for the whole list, before and after: a job's RUNNER_TEMP may
    // hold dozens of step scripts, and each check is a process started through sudo.
    const readable = await agentReadable(
      targets.map((target) => target.readable),
      user,
    );
    const open = targets.filter((t) => readable.has(t.readable));
    const toClose = [...new Set(open.map((t) => t.close))];
    for (const target of toClose) {
      const mode = (await stat(target)).mode & 0o7777;
      await setFileMode(target, mode & ~0o077, host);
      restored.push({ path: target, mode });
    }
    if (toClose.length > 0) {
      const stillReadable = await agentReadable(
        open.map((t) => t.readable),
        user,
      );
      const first = open.find((t) => stillReadable.has(t.readable));
      if (first) {
        throw new Error(
          `${first.readable} holds credentials and stays readable by ${user.name} after closing ${first.close}`,
        );
      }
    }
  } catch (error) {
    await restore().catch(() => {});
    throw error;
  }
  return { closed: restored.map((r) => r.path), restore };
}

/**
 * Which of `targets` the agent's uid can read, asked of the kernel in one process as that uid
 * (`[ -r ]`: permission bits, ACLs and every ancestor's search bit).
 */
export function agentReadable(targets: readonly string[], user: AgentUser): Promise<Set<string>> {
  if (targets.length === 0) return Promise.resolve(new Set());
  const script = 'for f do [ -r "$f" ] && printf "%s\\0" "$f"; done; exit 0';
  const shell = ["sh", "-c", script, "sh", ...targets];
  const [command, args, ids] =
    user.via === "root"
      ? [shell[0] as string, shell.slice(1), { uid: user.uid, gid: user.gid }]
      : ["sudo", ["-n", "-u", user.name, "--", ...shell], {}];
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: 15_000, maxBuffer: 16 * 1024 * 1024, env: systemToolsEnvironment(), ...ids },
      (error, stdout) => {
        if (error) reject(new Error(`could not check what ${user.name} can read: ${error.message}`));
        else resolve(new Set(stdout.split("\0").filter(Boolean)));
      },
    );
  });
}
