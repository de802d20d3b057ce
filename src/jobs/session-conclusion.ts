import type { SessionOutcome } from "../runner/session-outcome.js";

export type JobConclusion = "success" | "failure" | "neutral" | "cancelled" | "timed_out";

/**
 * How a job's session ended, in the words of a check run. `is_error` is always a failure; a session
 * the runner stopped at its deadline is `timed_out`, one stopped by a person or a signal `cancelled`.
 */
export function sessionConclusion(outcome: SessionOutcome): JobConclusion {
  if (outcome.exitCode === 0 && !outcome.isError) return "success";
  if (outcome.failureReasons.some((reason) => reason.startsWith("deadline of"))) return "timed_out";
  if (outcome.failureReasons.some((reason) => /cancelled|SIGINT|SIGTERM received/i.test(reason)))
    return "cancelled";
  return "failure";
}
