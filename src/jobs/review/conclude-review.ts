import type { Finding } from "../../findings/finding.js";
import { type FailOn, reviewConclusion } from "../../findings/review-conclusion.js";
import { partlyRead, type ReviewCoverage } from "./review-coverage.js";

/**
 * The one conclusion of a finished review, for every door (the CLI's exit code, the Action's and
 * Lambda's check run): the findings against `fail_on`, and a review that read less of the change
 * than `min_coverage` asks is "Partly reviewed" instead of "No issues found".
 */
export function concludeReview(
  findings: readonly Pick<Finding, "severity">[],
  failOn: FailOn,
  context: {
    coverage?: ReviewCoverage | undefined;
    minCoverage?: number | undefined;
    headMovedTo?: string | undefined;
  },
): ReturnType<typeof reviewConclusion> {
  const partly = partlyRead(context.coverage, context.minCoverage);
  return reviewConclusion(findings, failOn, {
    ...(context.headMovedTo ? { headMovedTo: context.headMovedTo } : {}),
    ...(partly ? { partlyRead: partly } : {}),
  });
}
