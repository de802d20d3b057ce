import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { systemToolsEnvironment } from "./agent-search-path.js";
import type { AgentUser } from "./agent-user.js";
import type { HiddenPaths } from "./checkout-credential-paths.js";

/** The CLI's own OS sandbox for Bash (bubblewrap on Linux) and what it lets through. */
export interface BashSandboxRequest {
  /** Hosts Bash commands may reach through the sandbox's proxy; empty means no network at all. */
  allowedDomains: string[];
  /** Fail the session when the sandbox cannot run on this host, instead of running without it. */
  required?: boolean;
  /**
   * Fail the session when the sandbox cannot run here and the policy lets the agent run open code
   * (openCodeAllowedBy): the door says the agent shares a user whose processes and files hold its
   * secrets, so nothing else would stand between that code and them.
   */
  requiredForOpenCode?: boolean;
}

export type BashSandboxPlan =
  | { enabled: true; settings: Record<string, unknown>; summary: string }
  | { enabled: false; summary: string };

export type SandboxProbe = (
  user: AgentUser | undefined,
  searchPath: string,
  /** The CLI binary whose own seccomp helper the sandbox runs every command through. */
  claudePath?: string,
) => Promise<{ ok: true } | { ok: false; reason: string }>;

/**
 * Settings that turn the sandbox on where bubblewrap really works for the agent's user (Ubuntu
 * 24.04's AppArmor can forbid the user namespaces it needs even when it is installed). Bash stays
 * under the tool policy: `autoAllowBashIfSandboxed` would let the CLI approve commands itself.
 */
export async function planBashSandbox(
  request: BashSandboxRequest,
  user: AgentUser | undefined,
  searchPath: string,
  /** False when the agent's uid may not write the workspace (a review under its own user). */
  workspaceWritable: boolean,
  probe: SandboxProbe = probeBubblewrap,
  claudePath?: string,
  /** Paths no sandboxed command may read (needs the file layer, so a writable workspace). */
  hidden?: HiddenPaths,
): Promise<BashSandboxPlan> {
  if (process.platform !== "linux") {
    return { enabled: false, summary: `Bash sandbox: off (${process.platform} is not handled here)` };
  }
  const probed = await probe(user, searchPath, claudePath);
  if (!probed.ok) return { enabled: false, summary: `Bash sandbox: off (${probed.reason})` };
  const network = request.allowedDomains.length ? request.allowedDomains.join(", ") : "none";
  if (hidden?.paths.length && !workspaceWritable) {
    // Never report paths as hidden that the sandbox would not hide.
    throw new Error("paths can be hidden from commands only where the sandbox's file layer runs");
  }
  const files = !workspaceWritable
    ? "; files: left to the uid"
    : hidden?.paths.length
      ? `; hidden from commands: ${hidden.description}`
      : "";
  return {
    enabled: true,
    summary: `Bash sandbox: on (bubblewrap; network: ${network}${files})`,
    settings: {
      sandbox: {
        enabled: true,
        failIfUnavailable: true,
        autoAllowBashIfSandboxed: false,
        allowUnsandboxedCommands: false,
        network: { allowedDomains: request.allowedDomains, strictAllowlist: true },
        // The sandbox's file layer creates mount points inside the working directory (for
        // .claude/commands, .git/hooks, ...), which fails when the uid cannot write there; the
        // kernel already keeps that workspace read-only, so only the network and seccomp layers stay.
        ...(workspaceWritable
          ? hidden?.paths.length
            ? { filesystem: { denyRead: hidden.paths } }
            : {}
          : { filesystem: { disabled: true } }),
      },
    },
  };
}

const probes = new Map<string, Promise<{ ok: true } | { ok: false; reason: string }>>();

/**
 * bwrap and socat on the agent's PATH, and a sandbox that really runs a command as the agent's user:
 * bwrap with the CLI's own namespace flags, and inside it the CLI binary's seccomp helper (the CLI
 * runs every sandboxed command through it). Claude Code 2.1.235's helper cannot start as root
 * inside that sandbox ("apply-seccomp: write /proc/self/uid_map: Operation not permitted"), so a
 * root host that shares its uid with the agent had a sandbox that said "on" and failed every command.
 */
export const probeBubblewrap: SandboxProbe = (user, searchPath, claudePath) => {
  const key = `${user?.uid ?? "host"}:${searchPath}:${claudePath ?? ""}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = Promise.resolve(runProbe(user, searchPath, claudePath));
    probes.set(key, probe);
  }
  return probe;
};

/** The marker the helper's command prints: the probe passes only when the command really ran. */
const PROBE_MARKER = "claude-pr-runner-sandbox-probe";

function runProbe(
  user: AgentUser | undefined,
  searchPath: string,
  claudePath: string | undefined,
): { ok: true } | { ok: false; reason: string } {
  const bwrap = findOnPath("bwrap", searchPath);
  if (!bwrap) return { ok: false, reason: "bubblewrap (bwrap) is not installed" };
  if (!findOnPath("socat", searchPath)) return { ok: false, reason: "socat is not installed" };
  const echo = findOnPath("echo", searchPath) ?? "/bin/echo";
  // The CLI's binary doubles as its seccomp helper when ARGV0 says so; only a native build has it.
  const helper = claudePath && isNativeBinary(claudePath) ? ["env", "ARGV0=apply-seccomp", claudePath] : [];
  const args = [
    "--new-session",
    "--die-with-parent",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--unshare-net",
    "--unshare-pid",
    "--unshare-user",
    "--cap-drop",
    "ALL",
    "--proc",
    "/proc",
    "--",
    ...helper,
    echo,
    PROBE_MARKER,
  ];
  const run = retryHelperRace(() =>
    user?.via === "sudo"
      ? spawnSync("sudo", ["-n", "-u", user.name, "--", bwrap, ...args], {
          encoding: "utf8",
          timeout: 15_000,
          env: systemToolsEnvironment(),
        })
      : spawnSync(bwrap, args, {
          encoding: "utf8",
          timeout: 15_000,
          env: systemToolsEnvironment(),
          ...(user ? { uid: user.uid, gid: user.gid } : {}),
        }),
  );
  if (run.status === 0 && run.stdout.trim() === PROBE_MARKER) return { ok: true };
  const detail = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split("\n")[0];
  const asRoot = (user?.uid ?? process.getuid?.()) === 0;
  return {
    ok: false,
    reason: `bubblewrap cannot run a command here (${detail})${asRoot ? "; the agent runs as root: give it a user of its own (agent_user)" : ""}; see docs/security.md`,
  };
}

/**
 * The CLI's seccomp helper now and then fails to make its user namespace ("apply-seccomp:
 * unshare(CLONE_NEWUSER): Invalid argument", about 1 start in 600 here with two running at once; the
 * kernel returns EINVAL there when the caller already runs a second thread). That says nothing about
 * the host, so the probe tries again, up to three times in all; any other failure stands at once.
 */
export function retryHelperRace<T extends { status: number | null; stderr: string }>(attempt: () => T): T {
  let result = attempt();
  for (let tries = 1; tries < 3 && result.status !== 0 && HELPER_RACE.test(result.stderr); tries++) {
    result = attempt();
  }
  return result;
}

const HELPER_RACE = /apply-seccomp: unshare\(CLONE_NEWUSER\): Invalid argument/;

/** An ELF executable (the native CLI), not a script or a JavaScript entry point. */
function isNativeBinary(file: string): boolean {
  try {
    const fd = openSync(file, "r");
    try {
      const head = Buffer.alloc(4);
      readSync(fd, head, 0, 4, 0);
      return head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function findOnPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
