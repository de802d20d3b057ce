import type { Finding, FindingSeverity as Severity } from "./finding.js";

/** The lowest severity that blocks: the review requests changes, the check fails, the step fails. */
export type FailOn = "error" | "warning" | "never";

export const FAIL_ON_VALUES: readonly FailOn[] = ["error", "warning", "never"];
export const DEFAULT_FAIL_ON: FailOn = "error";

/** Everything a published review says about its outcome, decided in one place. */
export interface ReviewConclusion {
  /** The PR review event (never APPROVE: the agent can never approve a PR). */
  event: "COMMENT" | "REQUEST_CHANGES";
  /** The check run's conclusion. */
  check: "success" | "failure" | "neutral";
  /** The sticky comment's headline and the check run's title. */
  headline: string;
  /** The findings that reach `fail_on`. */
  blocking: number;
  /** Whether the job's step (exit code) fails. */
  failed: boolean;
  /** False when nothing may be posted as line comments (the PR head moved on during the review). */
  publishInline: boolean;
}

const BLOCKING: Record<FailOn, ReadonlySet<Severity>> = {
  error: new Set(["error"]),
  warning: new Set(["error", "warning"]),
  never: new Set(),
};

/**
 * The one conclusion rule. The review event, the check conclusion, the sticky headline and the
 * exit code follow from the findings and `fail_on` only: the model's own verdict never decides,
 * so a "pass" that carries an error finding cannot read "No issues found" or turn the check green,
 * and neither can a review that read too little of the change (neutral, "Partly reviewed").
 * A review of a head that has since moved is published as neutral and never inline: its line
 * numbers describe a commit that is no longer the PR.
 */
export function reviewConclusion(
  findings: readonly Pick<Finding, "severity">[],
  failOn: FailOn,
  options: {
    headMovedTo?: string;
    /**
     * Set when the review read less of the change than the repository asks (`min_coverage`), e.g.
     * "read 40 of 600 changed lines": with no findings it cannot say "No issues found".
     */
    partlyRead?: string;
  } = {},
): ReviewConclusion {
  const blocking = findings.filter((f) => BLOCKING[failOn].has(f.severity)).length;
  const counts = countBySeverity(findings);
  if (options.headMovedTo !== undefined) {
    return {
      event: "COMMENT",
      check: "neutral",
      headline: `Not published: the PR head moved to \`${options.headMovedTo.slice(0, 12)}\` during the review${counts ? ` (${counts} on the reviewed commit)` : ""}`,
      blocking,
      failed: false,
      publishInline: false,
    };
  }
  if (findings.length === 0 && options.partlyRead !== undefined) {
    return {
      event: "COMMENT",
      check: "neutral",
      headline: `Partly reviewed (${options.partlyRead}): no issues found in what was read`,
      blocking: 0,
      failed: false,
      publishInline: true,
    };
  }
  if (findings.length === 0) {
    return {
      event: "COMMENT",
      check: "success",
      headline: "No issues found",
      blocking: 0,
      failed: false,
      publishInline: true,
    };
  }
  if (blocking > 0) {
    return {
      event: "REQUEST_CHANGES",
      check: "failure",
      headline: `Changes requested: ${counts}`,
      blocking,
      failed: true,
      publishInline: true,
    };
  }
  return {
    event: "COMMENT",
    check: "success",
    headline: `Comments, nothing blocking: ${counts}`,
    blocking: 0,
    failed: false,
    publishInline: true,
  };
}

/** "1 error, 2 warnings": severities in order of weight, zero counts left out. */
export function countBySeverity(findings: readonly Pick<Finding, "severity">[]): string {
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  for (const f of findings) counts[f.severity]++;
  return (["error", "warning", "notice"] as const)
    .filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}${counts[s] === 1 ? "" : "s"}`)
    .join(", ");
}
