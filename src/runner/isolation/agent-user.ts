import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { RunnerConfigError } from "../runner-config-error.js";
import { type AgentMountPlan, mountThenExec, planAgentMounts } from "./agent-mounts.js";
import type { HostCommands } from "./host-commands.js";

/** The unprivileged user the CLI and everything it starts run as. */
export interface AgentUser {
  name: string;
  uid: number;
  gid: number;
  /** How the host switches to it: itself (the host is root) or through passwordless `sudo -n`. */
  via: "root" | "sudo";
  /**
   * Whether the CLI starts as the first process of a PID namespace of its own (`unshare --pid`, then
   * `setpriv` to this user): when it exits, the kernel kills everything left in that namespace, so a
   * process the agent detached (`setsid`, `nohup ... &`) cannot outlive the session, race the host's
   * finishing steps or wait for the next job under the same user. The same launch gives it a mount
   * namespace with /tmp, /var/tmp and /dev/shm of its own and the runner's directories hidden
   * (agent-mounts.ts). Absent: not
   * checked (the plain launch).
   */
  pidNamespace?: { contained: true } | { contained: false; reason: string };
  /**
   * Whether that launch can also give it a network namespace of its own (`unshare --net`), where the
   * only way out is the credential proxy's Unix socket (agent-network.ts). Absent: not checked.
   */
  networkNamespace?: { available: true } | { available: false; reason: string };
}

export type AgentUserLookup = { available: true; user: AgentUser } | { available: false; reason: string };

export const DEFAULT_AGENT_USER = "claude-agent";

/** A portable login name (useradd's own rule, minus the trailing `$`). */
const USER_NAME = /^[a-z_][a-z0-9_-]{0,31}$/;

/**
 * Finds the agent's user, creating it (a system user with its own group, no home, no login shell)
 * when missing. Idempotent and safe against a concurrent creation. Unavailable when the host is
 * neither root nor allowed passwordless sudo: the caller decides what an untrusted job does then.
 */
export async function provideAgentUser(name: string, host: HostCommands): Promise<AgentUserLookup> {
  if (!USER_NAME.test(name)) {
    throw new RunnerConfigError(
      `agent user ${JSON.stringify(name)} is not a valid user name (lower-case letters, digits, _ and -)`,
      "agentUser",
    );
  }
  let via: AgentUser["via"] = "root";
  if (!host.isRoot) {
    const sudo = await host.run("sudo", ["-n", "true"]);
    if (sudo.code !== 0) {
      // sudo's own last word says why (no sudo, a password required, a broken sudoers, a timeout),
      // so a runner that usually has sudo and did not this time can be told apart in the log.
      const said = sudo.stderr.trim().split("\n").at(-1) || `sudo exited ${sudo.code}`;
      return {
        available: false,
        reason: `the host is not root and passwordless sudo (sudo -n) is not available (${said})`,
      };
    }
    via = "sudo";
  }
  const privileged = (command: string, args: string[]) =>
    via === "root" ? host.run(command, args) : host.run("sudo", ["-n", command, ...args]);

  let entry = await lookUp(name, host);
  if (!entry) {
    const created = await privileged("useradd", [
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      "/nonexistent",
      "--shell",
      "/usr/sbin/nologin",
      name,
    ]);
    entry = await lookUp(name, host); // exit 9 (exists) means another job created it meanwhile
    if (!entry) {
      return {
        available: false,
        reason: `could not create the user ${name}: ${created.stderr.trim() || `useradd exited ${created.code}`}`,
      };
    }
  }
  if (entry.uid === 0 || entry.uid === host.uid) {
    throw new RunnerConfigError(
      `agent user ${name} has uid ${entry.uid}, the same power as the host; choose an unprivileged user`,
      "agentUser",
    );
  }
  const user: AgentUser = { name, uid: entry.uid, gid: entry.gid, via };
  return { available: true, user: { ...user, ...(await probeNamespaces(user, privileged)) } };
}

/**
 * The launch's own prefix, with the session's private temp dirs made for a scratch root, run once
 * with `true`: a namespace or a mount the host cannot make is said by name. With a network
 * namespace first (its loopback brought up when `ip` is installed); where that one cannot be made,
 * again without it, so the PID and mount namespaces do not go with it.
 */
async function probeNamespaces(
  user: AgentUser,
  privileged: (command: string, args: string[]) => Promise<{ code: number; stderr: string }>,
): Promise<Pick<AgentUser, "pidNamespace" | "networkNamespace">> {
  const scratch = await mkdtemp(path.join(tmpdir(), "claude-pr-runner-probe-"));
  try {
    const plan = await planAgentMounts(scratch, { needed: [], hidden: [homedir()], workDir: scratch });
    const run = async (network?: NamespaceNetwork) => {
      const [command, ...args] = pidNamespaceLaunch(user, plan, network);
      const probe = await privileged(command as string, [...args, "true"]);
      // The reason is the failing step's last word on stderr.
      return probe.code === 0
        ? undefined
        : probe.stderr.trim().split("\n").at(-1) || `${command} exited ${probe.code}`;
    };
    const withNetwork = await run({ loopbackUp: findIpCommand() });
    if (withNetwork === undefined)
      return { pidNamespace: { contained: true }, networkNamespace: { available: true } };
    const without = await run();
    const networkNamespace = { available: false as const, reason: `no network namespace: ${withNetwork}` };
    return without === undefined
      ? { pidNamespace: { contained: true }, networkNamespace }
      : {
          pidNamespace: { contained: false, reason: `no PID namespace of its own: ${without}` },
          networkNamespace,
        };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `--net` for the launch, and the `ip` that brings the namespace's loopback up (none: it stays down). */
export interface NamespaceNetwork {
  loopbackUp: string | undefined;
}

/**
 * iproute2's `ip`, by absolute path: the sbin directories are often not on a runner user's PATH.
 * Without it the namespace keeps its loopback down, so nothing in it can even listen on 127.0.0.1.
 */
export function findIpCommand(): string | undefined {
  return ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].find((candidate) => existsSync(candidate));
}

/**
 * The command that starts what follows it as `user`, as the first process of a new PID namespace:
 * `unshare` (as root) makes the namespace and forks, `setpriv` drops to the user and its group
 * with no supplementary groups, then execs. `--kill-child` takes the namespace down if unshare dies.
 * `--mount-proc` gives the namespace a /proc of its own (in a mount namespace of its own): with the
 * host's, a pid from inside named a host process or none, so the CLI's bubblewrap read the wrong
 * process's namespaces or failed ("bwrap: open /proc/39/ns/ns failed"), and every host process
 * stayed listed to the agent. `mounts` (the session's own /tmp, /var/tmp and /dev/shm, the runner's
 * directories hidden) are made in
 * that mount namespace, as root, before the drop.
 */
export function pidNamespaceLaunch(
  user: Pick<AgentUser, "uid" | "gid">,
  mounts?: AgentMountPlan,
  /** A network namespace of its own too (agent-network.ts). */
  network?: NamespaceNetwork,
): string[] {
  return [
    "unshare",
    "--pid",
    "--fork",
    "--kill-child",
    "--mount-proc",
    ...(network ? ["--net"] : []),
    "--",
    ...(mounts?.mounts.length || network?.loopbackUp ? mountThenExec(mounts, network?.loopbackUp) : []),
    "setpriv",
    `--reuid=${user.uid}`,
    `--regid=${user.gid}`,
    "--clear-groups",
    "--",
  ];
}

async function lookUp(name: string, host: HostCommands): Promise<{ uid: number; gid: number } | undefined> {
  const result = await host.run("getent", ["passwd", name]);
  if (result.code !== 0) return undefined;
  const fields = result.stdout.trim().split(":");
  const uid = Number(fields[2]);
  const gid = Number(fields[3]);
  return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
}
