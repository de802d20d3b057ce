import { sessionConclusion } from "../../../src/jobs/shared/session-conclusion.js";
import type { SessionOutcome } from "../../../src/runner/session-outcome.js";
import type { JobResult } from "../job-executor.js";

/** A finished session as the worker reports it: a session stopped at its deadline is `timed_out`. */
export function jobResultFrom(outcome: SessionOutcome, conclusion: string): JobResult {
  return {
    status: sessionConclusion(outcome) === "timed_out" ? "timed_out" : "completed",
    conclusion,
    costUsd: outcome.totalCostUsd,
    numTurns: outcome.numTurns,
    durationMs: outcome.durationMs,
    ...(outcome.sessionId ? { sessionId: outcome.sessionId } : {}),
  };
}
