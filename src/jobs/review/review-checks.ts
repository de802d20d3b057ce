import type { Finding } from "../../findings/finding.js";
import { repositoryPathProblem } from "../../findings/repository-path.js";
import type { ReviewRules } from "../shared/repository-config.js";
import { applyReviewRules } from "./review-rules.js";
import type { Review } from "./review-schema.js";

/**
 * Schema-valid is not the same as correct (docs/protocol.md#seed-references: structured output only proves the tool input passed
 * the schema). These checks catch what a schema cannot: ranges that run backwards, files that are not
 * part of the change, lines past the end of the file. Bad findings are set aside with a reason rather
 * than posted, and the review still goes out.
 */
export interface FindingRejection {
  finding: Finding;
  reason: string;
}

export interface CheckedReview {
  review: Review;
  rejected: FindingRejection[];
  /** What the repository's rules did to the findings (dropped categories, severities bounded). */
  notes?: string[];
}

export interface ReviewCheckContext {
  /** Paths that exist in the PR head (changed files at least). */
  knownPaths: ReadonlySet<string>;
  /** Number of lines of a file in the PR head, when known. */
  lineCount(path: string): number | undefined;
  /** The repository's rules (ignored categories, severity bounds), applied before the checks. */
  rules?: ReviewRules;
}

export function checkReview(review: Review, context: ReviewCheckContext): CheckedReview {
  const rejected: FindingRejection[] = [];
  const kept: Finding[] = [];
  const ruled = applyReviewRules(review.findings, context.rules);
  for (const finding of ruled.findings) {
    const reason = rejectionReason(finding, context);
    if (reason) rejected.push({ finding, reason });
    else kept.push(finding);
  }
  return {
    review: { ...review, findings: kept },
    rejected,
    ...(ruled.notes.length > 0 ? { notes: ruled.notes } : {}),
  };
}

function rejectionReason(finding: Finding, context: ReviewCheckContext): string | undefined {
  if (finding.endLine < finding.startLine) {
    return `end_line ${finding.endLine} is before start_line ${finding.startLine}`;
  }
  if (repositoryPathProblem(finding.path)) {
    return `path ${JSON.stringify(finding.path)} is not a repository-relative path`;
  }
  if (!context.knownPaths.has(finding.path)) {
    return `path ${finding.path} is not part of this change`;
  }
  const lines = context.lineCount(finding.path);
  if (lines !== undefined && finding.endLine > lines) {
    return `line ${finding.endLine} is past the end of ${finding.path} (${lines} lines)`;
  }
  return undefined;
}
