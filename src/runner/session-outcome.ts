import type { TurnOutcome } from "../protocol/index.js";
import type { ToolUseRecord } from "../protocol/tool-use-record.js";
import type { ProxyStopReason } from "../sandbox/credential-proxy/index.js";
import type { StructuredOutputCheck } from "./check-structured-output.js";
import type { PolicyDecision } from "./policy/tool-policy.js";
import type { RunAttestation } from "./run-attestation.js";

/**
 * Why the host stopped a session itself (it then also carries a sentence in `failureReasons`):
 * its deadline passed, the watchdog's turn or cost limit was crossed, the API rejected the
 * credentials, the credential proxy stopped serving the job, or a remote engine's budget ran out.
 * Callers branch on this value, never on the wording of a reason. (`stopReason`, from TurnOutcome,
 * is the model's own stop reason.)
 */
export type HostStopReason = "deadline" | "watchdog" | "credentials_rejected" | "credential_proxy" | "budget";

/**
 * The single typed value a session ends with. `exitCode` is 1 when the result says `is_error`, when
 * the transport closed without a result, or when the runner itself failed the session (structured
 * output missing or invalid, credentials rejected, watchdog, deadline); `failureReasons` says which.
 */
export type SessionOutcome = TurnOutcome & {
  sessionId?: string;
  durationMs: number;
  policyDecisions: PolicyDecision[];
  executionLogPath?: string;
  failureReasons: string[];
  /** Set when the host stopped the session (see HostStopReason). */
  stoppedBy?: HostStopReason;
  /** Which local check the structured output passed. "schema_valid" is not the same as "correct". */
  structuredOutputCheck: StructuredOutputCheck;
  /**
   * A remote (managed-agents) write job's edits, as the patch its agent handed back with its result:
   * the edits happened in Anthropic's container, so the job applies this to its own checkout.
   */
  workspacePatch?: string;
  /**
   * The agent's edits the host did not take: files that steer the host's own git (`.gitattributes`,
   * `.lfsconfig`; see isHostGitSteering). Set by the CLI engine when it brings edits back; a remote
   * patch's are found when the job applies it.
   */
  editsLeftOut?: string[];
  claudeVersion?: string;
  /**
   * The model the CLI's init frame names: the one asked for, or the CLI's default as it resolved it
   * (2.1.235 with none named: `claude-opus-5[1m]`, the 1M-context variant).
   */
  model?: string;
  /** Under what guarantees the session ran (policy, confinement, proxy, credentials): see RunAttestation. */
  attestation?: RunAttestation;
  /** The OS-level confinement the agent ran under: its user, the workspace access, the Bash sandbox. */
  confinement?: string;
  /** Every `system/api_retry` the CLI reported. */
  apiRetries: number;
  /** The agent's tool calls (bounded), for a job that reports what its agent looked at. */
  toolUses?: ToolUseRecord[];
  /** Tail of the CLI's stderr (redacted), kept when the session failed. */
  stderrTail?: string;
  /** What the credential proxy saw, when the session used one; `stop` says why it stopped serving the job. */
  credentialProxy?: { forwarded: number; refused: number; spentUsd: number; stop?: ProxyStopReason };
  /** Lifecycle facts that are not failures (e.g. a child killed after lingering past its result). */
  notes: string[];
};

/**
 * The one sentence a failed session is reported with: the runner's own reason when it stopped or
 * failed the session, else the CLI's first error, else the result's subtype.
 */
export function sessionFailureReason(outcome: SessionOutcome): string {
  return outcome.failureReasons[0] ?? outcome.errors[0] ?? `session ended with ${outcome.subtype}`;
}
