import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { AgentUser } from "./agent-user.js";

/** The CLI's own OS sandbox for Bash (bubblewrap on Linux) and what it lets through. */
export interface BashSandboxRequest {
  /** Hosts Bash commands may reach through the sandbox's proxy; empty means no network at all. */
  allowedDomains: string[];
  /** Fail the session when the sandbox cannot run on this host, instead of running without it. */
  required?: boolean;
}

export type BashSandboxPlan =
  | { enabled: true; settings: Record<string, unknown>; summary: string }
  | { enabled: false; summary: string };

export type SandboxProbe = (
  user: AgentUser | undefined,
  searchPath: string,
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
): Promise<BashSandboxPlan> {
  if (process.platform !== "linux") {
    return { enabled: false, summary: `Bash sandbox: off (${process.platform} is not handled here)` };
  }
  const probed = await probe(user, searchPath);
  if (!probed.ok) return { enabled: false, summary: `Bash sandbox: off (${probed.reason})` };
  const network = request.allowedDomains.length ? request.allowedDomains.join(", ") : "none";
  return {
    enabled: true,
    summary: `Bash sandbox: on (bubblewrap; network: ${network}${workspaceWritable ? "" : "; files: left to the uid"})`,
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
        ...(workspaceWritable ? {} : { filesystem: { disabled: true } }),
      },
    },
  };
}

const probes = new Map<string, Promise<{ ok: true } | { ok: false; reason: string }>>();

/** bwrap and socat on the agent's PATH, and a network-less bwrap that starts as the agent's user. */
export const probeBubblewrap: SandboxProbe = (user, searchPath) => {
  const key = `${user?.uid ?? "host"}:${searchPath}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = Promise.resolve(runProbe(user, searchPath));
    probes.set(key, probe);
  }
  return probe;
};

function runProbe(
  user: AgentUser | undefined,
  searchPath: string,
): { ok: true } | { ok: false; reason: string } {
  const bwrap = findOnPath("bwrap", searchPath);
  if (!bwrap) return { ok: false, reason: "bubblewrap (bwrap) is not installed" };
  if (!findOnPath("socat", searchPath)) return { ok: false, reason: "socat is not installed" };
  const args = [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--unshare-net",
    "--unshare-pid",
    "--",
    "true",
  ];
  const run =
    user?.via === "sudo"
      ? spawnSync("sudo", ["-n", "-u", user.name, "--", bwrap, ...args], {
          encoding: "utf8",
          timeout: 15_000,
        })
      : spawnSync(bwrap, args, {
          encoding: "utf8",
          timeout: 15_000,
          ...(user ? { uid: user.uid, gid: user.gid } : {}),
        });
  if (run.status === 0) return { ok: true };
  const detail = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split("\n")[0];
  return { ok: false, reason: `bubblewrap cannot start here (${detail}); see docs/security.md` };
}

function findOnPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
