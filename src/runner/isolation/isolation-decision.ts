import { type AgentUser, provideAgentUser } from "./agent-user.js";
import { type HostCommands, systemHostCommands } from "./host-commands.js";

/** What an untrusted job does when the agent cannot get a user of its own. */
export const ON_NO_ISOLATION_CHOICES = ["no-bash", "fail"] as const;
export type OnNoIsolation = (typeof ON_NO_ISOLATION_CHOICES)[number];

/**
 * How a job's agent is isolated from the host, decided once per job by the door and recorded in the
 * job log and summary:
 * - `separate-user`: the CLI runs as another uid, so the host's processes and files are closed to it;
 * - `same-user`: a trusted job on a host that cannot switch users (the agent shares the host's uid);
 * - `no-bash`: an untrusted job on such a host runs without the Bash tool.
 */
export type IsolationDecision =
  | { kind: "separate-user"; user: AgentUser; summary: string }
  | { kind: "same-user"; summary: string }
  | { kind: "no-bash"; summary: string };

/** An untrusted job that must not run: no separate user, and the setting says fail closed. */
export class IsolationUnavailableError extends Error {
  override readonly name = "IsolationUnavailableError";
}

export interface IsolationRequest {
  /** The agent's user name; undefined turns the separate user off (the host's uid is shared). */
  agentUser: string | undefined;
  untrusted: boolean;
  onNoIsolation: OnNoIsolation;
  host?: HostCommands;
}

export async function decideIsolation(request: IsolationRequest): Promise<IsolationDecision> {
  const lookup =
    request.agentUser === undefined
      ? { available: false as const, reason: "no agent user is configured" }
      : await provideAgentUser(request.agentUser, request.host ?? systemHostCommands());
  if (lookup.available) {
    const { user } = lookup;
    return {
      kind: "separate-user",
      user,
      summary: `Agent isolation: the CLI runs as user ${user.name} (uid ${user.uid}${user.via === "sudo" ? ", via sudo -n" : ""}), not as the host${containment(user)}.`,
    };
  }
  if (!request.untrusted) {
    return {
      kind: "same-user",
      summary: `Agent isolation: none (${lookup.reason}); this trusted job runs the CLI as the host's user.`,
    };
  }
  if (request.onNoIsolation === "fail") {
    throw new IsolationUnavailableError(
      `Agent isolation unavailable (${lookup.reason}) and on_no_isolation is "fail": this untrusted job was not run.`,
    );
  }
  return {
    kind: "no-bash",
    summary: `Agent isolation unavailable (${lookup.reason}): this untrusted job runs without the Bash tool (on_no_isolation: no-bash).`,
  };
}

/** What becomes of processes the agent detaches, and of its network, for the summary. */
function containment(user: AgentUser): string {
  const pid = user.pidNamespace;
  if (pid === undefined) return "";
  const spaces = pid.contained
    ? ", in a PID namespace of its own (nothing it starts outlives the session) with /tmp, /var/tmp and /dev/shm of its own (nothing it writes there outlives the session either) and the runner's HOME and directories hidden"
    : `; processes it detaches, and files it writes to /tmp, /var/tmp and /dev/shm, can outlive the session, and the runner's directories are not hidden (${pid.reason})`;
  const network = user.networkNamespace;
  if (!pid.contained || network === undefined) return spaces;
  return network.available
    ? `${spaces}, and in a network namespace of its own, where it reaches nothing but the model API, unless the job grants the network`
    : `${spaces}; it keeps the host's network (${network.reason})`;
}
