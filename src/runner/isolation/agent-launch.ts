import { spawnSync } from "node:child_process";
import type { AgentMountPlan } from "./agent-mounts.js";
import { systemToolsEnvironment } from "./agent-search-path.js";
import { type AgentUser, type NamespaceNetwork, pidNamespaceLaunch } from "./agent-user.js";

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
 * Variables that never reach `--preserve-env`: sudo is setuid, so glibc removes them from sudo's own
 * environment at start-up (its secure mode), and PATH, which sudo replaces by its secure_path. They go
 * on the command line instead; none of them is a secret. Without TMPDIR the agent's CLI would keep its
 * working files in /tmp/claude-<uid>, shared by every session of that user on the runner.
 */
const DROPPED_BY_SUDO = ["PATH", "TMPDIR"];

/**
 * Root switches users in `spawn`. A host with passwordless sudo runs `sudo -n -u <user>`: the
 * environment goes through `--preserve-env` by name (values on a command line are readable by any
 * local user in /proc), except what sudo's start would drop (DROPPED_BY_SUDO).
 */
export function agentLaunch(
  claudePath: string,
  argv: string[],
  env: Record<string, string>,
  user: AgentUser | undefined,
  /** The agent's mounts (own temp dirs, hidden runner dirs), made in its namespace (contained launches only). */
  mounts?: AgentMountPlan,
  /** A network namespace of its own (contained launches only): the model API is reached by a socket. */
  network?: NamespaceNetwork,
): AgentLaunch {
  if (!user) return { command: claudePath, args: argv };
  const contained = user.pidNamespace?.contained === true;
  if (user.via === "root") {
    if (!contained) return { command: claudePath, args: argv, uid: user.uid, gid: user.gid };
    // unshare needs root to make the namespace; setpriv drops to the agent's user before the CLI.
    const [command, ...prefix] = pidNamespaceLaunch(user, mounts, network);
    return { command: command as string, args: [...prefix, claudePath, ...argv] };
  }
  const names = Object.keys(env).filter((name) => !DROPPED_BY_SUDO.includes(name));
  const explicit = DROPPED_BY_SUDO.filter((name) => name !== "PATH" && env[name] !== undefined).map(
    (name) => `${name}=${env[name]}`,
  );
  return {
    command: "sudo",
    args: [
      "-n",
      // Contained: sudo runs the namespace's launch as root, which drops to the user itself; USER
      // and LOGNAME are then the agent's again, as `sudo -u` would have set them.
      ...(contained ? [] : ["-u", user.name]),
      ...(names.length ? [`--preserve-env=${names.join(",")}`] : []),
      "--",
      ...(contained ? pidNamespaceLaunch(user, mounts, network) : []),
      "/usr/bin/env",
      `PATH=${env.PATH ?? "/usr/bin:/bin"}`,
      ...explicit,
      ...(contained ? [`USER=${user.name}`, `LOGNAME=${user.name}`] : []),
      claudePath,
      ...argv,
    ],
    signalGroup: (pgid, signal) => {
      spawnSync("sudo", ["-n", "kill", "-s", signal.replace(/^SIG/, ""), "--", `-${pgid}`], {
        stdio: "ignore",
        timeout: 10_000,
        env: systemToolsEnvironment(),
      });
    },
  };
}
