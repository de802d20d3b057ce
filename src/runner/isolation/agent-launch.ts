import { spawnSync } from "node:child_process";
import type { AgentUser } from "./agent-user.js";

/** How to start the CLI as the agent's user, and how to signal what it started. */
export interface AgentLaunch {
  command: string;
  args: string[];
  /** Set when the host is root: Node switches uid/gid (and drops supplementary groups) itself. */
  uid?: number;
  gid?: number;
  /** Signals a process group the host may not signal itself (processes of another uid). */
  signalGroup?: (pgid: number, signal: NodeJS.Signals) => void;
}

/**
 * Root switches users in `spawn`. A host with passwordless sudo runs `sudo -n -u <user>`: the
 * environment goes through `--preserve-env` by name (values on a command line are readable by any
 * local user in /proc), except PATH, which sudo would replace by its secure_path.
 */
export function agentLaunch(
  claudePath: string,
  argv: string[],
  env: Record<string, string>,
  user: AgentUser | undefined,
): AgentLaunch {
  if (!user) return { command: claudePath, args: argv };
  if (user.via === "root") return { command: claudePath, args: argv, uid: user.uid, gid: user.gid };
  const names = Object.keys(env).filter((name) => name !== "PATH");
  return {
    command: "sudo",
    args: [
      "-n",
      "-u",
      user.name,
      ...(names.length ? [`--preserve-env=${names.join(",")}`] : []),
      "--",
      "/usr/bin/env",
      `PATH=${env.PATH ?? "/usr/bin:/bin"}`,
      claudePath,
      ...argv,
    ],
    signalGroup: (pgid, signal) => {
      spawnSync("sudo", ["-n", "kill", "-s", signal.replace(/^SIG/, ""), "--", `-${pgid}`], {
        stdio: "ignore",
        timeout: 10_000,
      });
    },
  };
}
