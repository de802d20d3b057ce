import type { ReviewCoverage } from "./review-coverage.js";
import type { ReviewResult } from "./run-review.js";

/**
 * The run's own facts a SARIF file and `--format json` carry next to the findings: under what
 * guarantees the session ran (its attestation) and how much of the change it read (its coverage).
 * One place, so the Action's SARIF and the CLI's outputs say the same thing.
 */
export function reviewRunProperties(result: ReviewResult): Record<string, unknown> | undefined {
  const { attestation } = result.session.outcome;
  const coverage: ReviewCoverage | undefined = result.status === "reviewed" ? result.coverage : undefined;
  if (!attestation && !coverage) return undefined;
  return { ...(attestation ? { attestation } : {}), ...(coverage ? { coverage } : {}) };
}
