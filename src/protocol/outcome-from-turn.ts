// The exit rule of 2.1.235 (docs/protocol.md, "Result rules"): exit 1 when result.is_error is true
// or the transport closed for good without a result, else exit 0. `subtype: "success"` with
// `is_error: true` is an API error carried in `result` — a failure. A CLI that received SIGTERM
// still writes its result, then exits 143 (128 + 15), as test/conformance/sigterm.test.ts shows.
import type { Usage } from "./content-blocks.js";
import type { ResultSubtype } from "./observed-subtypes.js";
import type { PermissionDenial, ResultFrame, StdoutFrame, SystemApiRetryFrame } from "./stdout-frames.js";

export interface TurnOutcome {
  /** The result subtype, or "no_result" when the turn ended without a result frame. */
  subtype: ResultSubtype | "no_result";
  isError: boolean;
  /** The exit status the CLI gives this turn: 0, 1, or 143 after SIGTERM. */
  exitCode: 0 | 1 | typeof SIGTERM_EXIT_CODE;
  structuredOutput?: unknown;
  resultText?: string;
  sessionId?: string;
  totalCostUsd: number;
  usage?: Usage;
  numTurns: number;
  permissionDenials: PermissionDenial[];
  errors: string[];
  apiErrorStatus?: number;
  durationMs?: number;
  stopReason?: string | null;
  terminalReason?: string;
  /** Why the turn counts as failed, in words a user can act on; absent on success. */
  reason?: string;
}

/** 128 + SIGTERM: the CLI handles the signal, finishes its output, then exits with this status. */
export const SIGTERM_EXIT_CODE = 143;

export interface OutcomeOptions {
  /** The transport (stdout) closed; without a result frame that means the turn never finished. */
  transportClosed: boolean;
  /** The CLI was sent SIGTERM during the turn. */
  sigterm?: boolean;
}

/** Outcome of one turn from its frames. Pure; the last result frame of the list decides. */
export function outcomeFromTurn(frames: readonly StdoutFrame[], options: OutcomeOptions): TurnOutcome {
  let result: ResultFrame | undefined;
  let initSessionId: string | undefined;
  let lastRetry: SystemApiRetryFrame | undefined;
  let retries = 0;
  for (const frame of frames) {
    if (frame.type === "result") result = frame;
    else if (frame.type === "system" && frame.subtype === "init" && typeof frame.session_id === "string") {
      initSessionId = frame.session_id;
    } else if (frame.type === "system" && frame.subtype === "api_retry") {
      lastRetry = frame;
      retries++;
    }
  }

  if (!result) {
    const retryNote = lastRetry
      ? ` after ${retries} API ${retries === 1 ? "retry" : "retries"} (last: ${lastRetry.error}, HTTP ${lastRetry.error_status ?? "n/a"})`
      : "";
    const outcome: TurnOutcome = {
      subtype: "no_result",
      isError: true,
      exitCode: options.sigterm ? SIGTERM_EXIT_CODE : 1,
      totalCostUsd: 0,
      numTurns: 0,
      permissionDenials: [],
      errors: [],
      reason: options.transportClosed
        ? `the CLI closed its output without a result${retryNote}`
        : `the turn has no result frame yet${retryNote}`,
    };
    if (initSessionId !== undefined) outcome.sessionId = initSessionId;
    if (lastRetry && typeof lastRetry.error_status === "number")
      outcome.apiErrorStatus = lastRetry.error_status;
    return outcome;
  }

  const isError = result.is_error === true || result.subtype !== "success";
  const errors = Array.isArray(result.errors)
    ? result.errors.filter((e): e is string => typeof e === "string")
    : [];
  const outcome: TurnOutcome = {
    subtype: result.subtype,
    isError,
    exitCode: options.sigterm ? SIGTERM_EXIT_CODE : isError ? 1 : 0,
    totalCostUsd: typeof result.total_cost_usd === "number" ? result.total_cost_usd : 0,
    numTurns: typeof result.num_turns === "number" ? result.num_turns : 0,
    permissionDenials: Array.isArray(result.permission_denials) ? result.permission_denials : [],
    errors,
  };
  const sessionId = typeof result.session_id === "string" ? result.session_id : initSessionId;
  if (sessionId !== undefined) outcome.sessionId = sessionId;
  if (result.structured_output !== undefined) outcome.structuredOutput = result.structured_output;
  if (typeof result.result === "string") outcome.resultText = result.result;
  if (result.usage && typeof result.usage === "object") outcome.usage = result.usage;
  if (typeof result.api_error_status === "number") outcome.apiErrorStatus = result.api_error_status;
  if (typeof result.duration_ms === "number") outcome.durationMs = result.duration_ms;
  if (result.stop_reason !== undefined) outcome.stopReason = result.stop_reason;
  if (typeof result.terminal_reason === "string") outcome.terminalReason = result.terminal_reason;
  if (isError) outcome.reason = failureReason(result, errors);
  return outcome;
}

function failureReason(result: ResultFrame, errors: string[]): string {
  const detail =
    errors.length > 0 ? errors.join("; ") : typeof result.result === "string" ? result.result : "";
  if (result.subtype === "success") {
    const status = typeof result.api_error_status === "number" ? ` (HTTP ${result.api_error_status})` : "";
    return `the model API returned an error${status}${detail ? `: ${detail}` : ""}`;
  }
  const what: Record<Exclude<ResultSubtype, "success">, string> = {
    error_during_execution: "the turn failed during execution (interrupted or crashed)",
    error_max_turns: "the turn hit the --max-turns limit",
    error_max_budget_usd: "the turn hit the --max-budget-usd limit",
    error_max_structured_output_retries:
      "the model did not produce valid structured output within the retry limit",
  };
  return `${what[result.subtype]}${detail ? `: ${detail}` : ""}`;
}
