import { chmod, realpath, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AgentUser } from "./agent-user.js";
import type { WorkspaceAccess } from "./agent-workspace.js";
import type { HostCommands } from "./host-commands.js";

export type { WorkspaceAccess };

export interface AgentFilesPlan {
  user: AgentUser;
  host: HostCommands;
  /** HOME, CLAUDE_CONFIG_DIR, TMPDIR: created by the host, owned by the agent while it runs. */
  privateDirs: string[];
  workspace: string;
  workspaceAccess: WorkspaceAccess;
  /** The CLI executable the agent's uid runs: the directories above it (and above its real path) get search permission. */
  executable?: string;
}

export interface AgentFiles {
  /** Gives every file the agent owns back to the host, so it can read transcripts and clean up. */
  reclaim(): Promise<void>;
}

/**
 * Hands the agent its private directories and the workspace, with nothing more than it needs:
 * - private dirs: owned by the agent, mode 0700 (the host still reads them afterwards, see reclaim);
 * - ancestors of those dirs and of the workspace: search permission only (o+x), no listing;
 * - workspace (the agent's own copy, see agent-workspace.ts) `read`: left owned by the host; it is
 *   world-readable and nobody's but the owner's to write, so the agent reads it and cannot change it;
 * - workspace `write`: the whole copy is the agent's for the session, `.git` included, so the Bash
 *   sandbox can make its mount points there. The host never runs git with the copy's `.git` (edits
 *   come back through the source's own `.git`), so what the agent writes there runs nothing as the host.
 */
export async function handOverToAgent(plan: AgentFilesPlan): Promise<AgentFiles> {
  const { user, host } = plan;
  const owner = `${user.uid}:${user.gid}`;
  const workspaceStat = await stat(plan.workspace);
  if (plan.executable) await letAgentReachExecutable(plan.executable, host);
  for (const dir of [...plan.privateDirs.map(path.dirname), plan.workspace]) await allowSearchUpTo(dir, host);
  await addModeBits(plan.workspace, 0o005, host); // list and enter the workspace root itself

  // Private before they change hands, and by the host itself while they are its own (no helper
  // process): every helper is a fork of the host (through sudo on GitHub's runners).
  for (const dir of plan.privateDirs) await setFileMode(dir, 0o700, host);
  await privileged(host, "chown", ["-R", "-h", owner, "--", ...plan.privateDirs]);
  if (plan.workspaceAccess === "write")
    await privileged(host, "chown", ["-R", "-h", owner, "--", plan.workspace]);
  return {
    reclaim: async () => {
      const hostOwner = `${host.uid}:${host.gid}`;
      // Files the agent created or was given go back to whoever owned the checkout: one helper when
      // that is the host (its own copy, as usual), two when the checkout is someone else's.
      const checkoutOwner = `${workspaceStat.uid}:${workspaceStat.gid}`;
      const back = (to: string, targets: string[]) =>
        privileged(host, "chown", ["-R", "-h", `--from=${user.uid}`, to, "--", ...targets]);
      if (checkoutOwner === hostOwner) await back(hostOwner, [...plan.privateDirs, plan.workspace]);
      else {
        await back(hostOwner, plan.privateDirs);
        await back(checkoutOwner, [plan.workspace]);
      }
    },
  };
}

/** git refuses a repository another user owns ("dubious ownership") unless it is marked safe. */
export async function writeAgentGitConfig(home: string, workspace: string): Promise<void> {
  await writeFile(path.join(home, ".gitconfig"), `[safe]\n\tdirectory = ${workspace}\n`, { mode: 0o644 });
}

/**
 * Search permission (o+x, no listing) on the directories above the CLI executable, by the path it is
 * named by and by its real path, so the agent's uid can run it. Before the Bash sandbox's probe too,
 * which runs the executable as that uid: a CLI in a private tool cache (0700 directories) made the
 * probe fail with "Permission denied" and the sandbox report itself off.
 */
export async function letAgentReachExecutable(executable: string, host: HostCommands): Promise<void> {
  for (const dir of [path.dirname(executable), path.dirname(await realpath(executable))])
    await allowSearchUpTo(dir, host);
}

async function allowSearchUpTo(dir: string, host: HostCommands): Promise<void> {
  const chain: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const ancestor of chain) await addModeBits(ancestor, 0o001, host);
}

async function addModeBits(target: string, bits: number, host: HostCommands): Promise<void> {
  const info = await stat(target);
  if ((info.mode & bits) === bits) return;
  await setFileMode(target, (info.mode & 0o7777) | bits, host);
}

/** chmod as the host when it may (root, or the file is its own), else through `sudo -n`. */
export async function setFileMode(target: string, mode: number, host: HostCommands): Promise<void> {
  if (host.isRoot || (await stat(target)).uid === host.uid) await chmod(target, mode);
  else await privileged(host, "chmod", [mode.toString(8), target]);
}

async function privileged(host: HostCommands, command: string, args: string[]): Promise<void> {
  const result = host.isRoot
    ? await host.run(command, args)
    : await host.run("sudo", ["-n", command, ...args]);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.code}): ${result.stderr.trim()}`);
  }
}
