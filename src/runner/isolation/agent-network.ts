import path from "node:path";
import { type AgentUser, findIpCommand, type NamespaceNetwork } from "./agent-user.js";

/**
 * Whether the agent's launch gets a network namespace of its own. There it has no route anywhere: the
 * CLI reaches the model API through the credential proxy's Unix socket (ANTHROPIC_UNIX_SOCKET, which
 * 2.1.235 honours for the Anthropic API, Bedrock, Vertex and Foundry alike), bound into the
 * namespace with the session's root. What Bash runs there reaches no host, not the instance metadata
 * service, not the host's loopback services, whether or not the CLI's own sandbox can run.
 */
export type AgentNetwork =
  | ({ own: true; socket: string; summary: string } & NamespaceNetwork)
  | { own: false; summary: string };

export interface AgentNetworkRequest {
  user: AgentUser | undefined;
  /** The session's root: the socket lives there, where the agent's mount namespace keeps it. */
  sessionRoot: string;
  /** Off, the CLI would need the provider's own endpoint. */
  credentialProxy: boolean;
  /** Hosts the Bash sandbox would let commands reach. */
  allowedDomains: readonly string[];
  /** The built-in tools the policy can allow (WebFetch fetches from the CLI's own process). */
  offeredTools: readonly string[];
  /** MCP servers may need the network (HTTP transports, or a stdio server that calls out). */
  mcpServers: boolean;
}

/**
 * Where the host's local services keep their Unix sockets (`/var/run` is a link to it): D-Bus, snapd,
 * journald, a CI database's socket (`/run/postgresql`). A network namespace does not cover those
 * (only abstract sockets are per namespace), and without the Bash sandbox (whose seccomp filter
 * refuses Unix sockets to commands) the agent's uid could connect to any that lets every user in. An
 * agent with its own network needs nothing there (no name to resolve through systemd-resolved's stub
 * in /run): its mount namespace shows it empty.
 */
export const LOCAL_SOCKET_DIRS = ["/run"];

/** `sun_path` holds 108 bytes with its terminating NUL on Linux. */
const MAX_SOCKET_PATH = 107;

const MODEL_SOCKET_NAME = "model-api.sock";

/** Undefined when the agent shares the host's user: its network is the host's, and said elsewhere. */
export function planAgentNetwork(request: AgentNetworkRequest): AgentNetwork | undefined {
  const { user } = request;
  if (!user) return undefined;
  const hostNetwork = (reason: string): AgentNetwork => ({ own: false, summary: `host network (${reason})` });
  const pid = user.pidNamespace;
  if (!pid?.contained) return hostNetwork(pid ? pid.reason : "its launch makes no namespace");
  if (!user.networkNamespace?.available)
    return hostNetwork(user.networkNamespace?.reason ?? "no network namespace checked");
  if (!request.credentialProxy)
    return hostNetwork("the credential proxy is off: the CLI calls the provider itself");
  // What the job grants that needs the network keeps the host's: the CLI's sandbox then guards Bash.
  if (request.allowedDomains.length)
    return hostNetwork(`Bash may reach ${request.allowedDomains.join(", ")}`);
  if (request.offeredTools.includes("WebFetch")) return hostNetwork("WebFetch is allowed");
  if (request.mcpServers) return hostNetwork("MCP servers are configured");
  const socket = path.join(request.sessionRoot, MODEL_SOCKET_NAME);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH)
    return hostNetwork(`the session's root is too long a path for a Unix socket: ${request.sessionRoot}`);
  const loopbackUp = findIpCommand();
  return {
    own: true,
    socket,
    loopbackUp,
    summary: `no network but the model API (own network namespace${loopbackUp ? "" : "; loopback down: iproute2's ip is not installed"})`,
  };
}
