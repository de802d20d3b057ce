import { createHash } from "node:crypto";
import { isWithheldSecret } from "./agent-environment.js";
import type { ToolPolicy } from "./policy/tool-policy.js";

/**
 * Under what guarantees a session ran, for whoever reads the review it produced: published with the
 * check run and in SARIF, so a reader can tell a sandboxed, proxied, credential-free run from one
 * that was not.
 */
export interface RunAttestation {
  /** Where the agent ran: the local CLI (absent, the first records) or Claude Managed Agents. */
  engine?: "cli" | "managed-agents";
  /** The Claude Code version the CLI reported in its init frame. */
  claudeVersion?: string;
  /** The tool policy every tool call was judged by: its name and a sha256 of its rules. */
  policy: { name: string; sha256: string };
  /** The agent's user (uid), its copy of the workspace, and the Bash sandbox. */
  confinement: string;
  /** The agent held a proxy token for the model API, never the real credential. */
  credentialProxy: boolean;
  /**
   * Credential variables in the agent's environment: withheld names (GITHUB_TOKEN, AWS keys…) the
   * workflow passed on purpose, or a model API key that is the host's own. Empty is the guarantee.
   */
  agentCredentials: string[];
}

/** Model credentials that count only when the agent holds the host's own value (not a proxy token). */
const MODEL_KEYS = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "AWS_BEARER_TOKEN_BEDROCK",
];

export function attestRun(input: {
  claudeVersion?: string;
  policy: ToolPolicy;
  confinement: string;
  credentialProxy: boolean;
  agentEnv: Readonly<Record<string, string | undefined>>;
  hostEnv: Readonly<Record<string, string | undefined>>;
}): RunAttestation {
  // Compared value by value, not read as settings: does the agent hold what the host holds?
  const host = new Map(Object.entries(input.hostEnv));
  const agentCredentials = Object.entries(input.agentEnv)
    .filter(
      ([name, value]) =>
        value !== undefined &&
        value !== "" &&
        (isWithheldSecret(name) || (MODEL_KEYS.includes(name) && value === host.get(name))),
    )
    .map(([name]) => name)
    .sort();
  return {
    engine: "cli",
    ...(input.claudeVersion ? { claudeVersion: input.claudeVersion } : {}),
    policy: { name: input.policy.name, sha256: policyDigest(input.policy) },
    confinement: input.confinement,
    credentialProxy: input.credentialProxy,
    agentCredentials,
  };
}

/** The policy name a remote session reports when no policy was given: every shell command was refused. */
export const NO_SHELL_POLICY = "none (every shell command refused)";

/**
 * A Managed Agents session's guarantees: the agent ran in Anthropic's container with the repository
 * mounted by a read-only token, its shell commands were each confirmed by `policy` (the toolset asks
 * for every one), and the container never held the model credential or any of the job's.
 */
export function attestRemoteRun(input: {
  policy: ToolPolicy | undefined;
  access: "read" | "write";
}): RunAttestation {
  const policy = input.policy
    ? { name: input.policy.name, sha256: policyDigest(input.policy) }
    : { name: NO_SHELL_POLICY, sha256: createHash("sha256").update(NO_SHELL_POLICY).digest("hex") };
  return {
    engine: "managed-agents",
    policy,
    confinement: `Anthropic's Managed Agents container; the repository mounted with a read-only token; ${input.access === "write" ? "edits come back as a patch the runner checks and commits" : "no edits"}; every shell command confirmed by the tool policy`,
    credentialProxy: false,
    agentCredentials: [],
  };
}

/** What the Lambda agent function is, as the stack builds it; the orchestrator says it, not the agent. */
export const AGENT_FUNCTION_CONFINEMENT =
  "AWS Lambda agent function: an execution environment of its own for this one job (it exits after it), a role that writes its own log group only, no secret in its environment; edits come back as files the orchestrator checks; no Bash sandbox (no user namespaces on Lambda)";

/**
 * A session run in the Lambda agent function, attested by the orchestrator from what it sent and
 * what the stack built. The agent function's own report is not used: the agent's code ran in that
 * process's environment, under its uid, so anything that process says may be the agent's.
 */
export function attestAgentFunctionRun(input: {
  policy: ToolPolicy;
  claudeVersion?: string;
}): RunAttestation {
  return {
    engine: "cli",
    ...(input.claudeVersion ? { claudeVersion: input.claudeVersion } : {}),
    policy: { name: input.policy.name, sha256: policyDigest(input.policy) },
    confinement: AGENT_FUNCTION_CONFINEMENT,
    // The agent function's CLI holds a local proxy token; the gateway holds the key.
    credentialProxy: true,
    // The orchestrator sends no environment (portableSessionOptions): PATH, HOME and provider settings.
    agentCredentials: [],
  };
}

/** sha256 of the policy's name and rules as JSON: the same rules give the same digest anywhere. */
export function policyDigest(policy: ToolPolicy): string {
  return createHash("sha256")
    .update(JSON.stringify({ name: policy.name, rules: policy.rules }))
    .digest("hex");
}

/** The attestation as Markdown bullets (check run summary, job summary). */
export function attestationLines(attestation: RunAttestation): string[] {
  const remote = attestation.engine === "managed-agents";
  return [
    remote
      ? "Engine: Claude Managed Agents"
      : `Claude Code: ${attestation.claudeVersion ?? "version not reported"}`,
    `Tool policy: \`${attestation.policy.name}\` (sha256 \`${attestation.policy.sha256.slice(0, 16)}…\`)`,
    `Confinement: ${attestation.confinement}`,
    `Model credential: ${
      remote
        ? "none in the agent's container (the service calls the model)"
        : attestation.credentialProxy
          ? "a per-session proxy token (the real key stayed with the runner)"
          : "no credential proxy"
    }`,
    attestation.agentCredentials.length === 0
      ? "Credentials in the agent's environment: none"
      : `Credentials in the agent's environment: ${attestation.agentCredentials.join(", ")}`,
  ];
}
