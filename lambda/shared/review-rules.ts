import type { FailOn } from "../../src/findings/review-conclusion.js";

/** How a review concludes and which files it looks at: the Action's fail_on, include and exclude. */
export interface ReviewRules {
  /** Lowest finding severity that requests changes and fails the check (`FAIL_ON`, default error). */
  failOn: FailOn;
  /** Path filter globs (`INCLUDE`, `EXCLUDE`: one a line or comma-separated), as the Action's inputs. */
  include: string[];
  exclude: string[];
}

/**
 * The variables of the review rules, read by every function that starts or publishes a review (the
 * worker and the Managed Agents settle step) from the same schema entries, so the two can never
 * conclude differently.
 */
export const REVIEW_RULE_VARIABLES = ["FAIL_ON", "INCLUDE", "EXCLUDE"] as const;

export function reviewRules(settings: {
  FAIL_ON: FailOn;
  INCLUDE: string[];
  EXCLUDE: string[];
}): ReviewRules {
  return { failOn: settings.FAIL_ON, include: settings.INCLUDE, exclude: settings.EXCLUDE };
}
