import type { SessionOutcome } from "../../runner/session-outcome.js";

export type JobConclusion = "success" | "failure" | "neutral" | "cancelled" | "timed_out";

/**
 * How a job's session ended, in the words of a check run. `is_error` is always a failure; a session
 * the engine stopped at its deadline is `timed_out` (read from the typed stop reason, never from the
 * wording of a failure reason).
 */
export function sessionConclusion(outcome: SessionOutcome): JobConclusion {
  if (outcome.exitCode === 0 && !outcome.isError) return "success";
  if (outcome.stoppedBy === "deadline") return "timed_out";
  return "failure";
}
