import type { Finding, FindingSeverity } from "../../findings/finding.js";
import { DEFAULT_FAIL_ON, type FailOn } from "../../findings/review-conclusion.js";
import type { CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import type { DiffLineMap } from "../../github/diff-line-map.js";
import { resolutionLine } from "../../github/finding-resolution.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { PublishReviewResult } from "../../github/review-publisher.js";
import { ReviewPublisher } from "../../github/review-publisher.js";
import { FAILED_RUN_VERDICT, type RunReport } from "../../github/run-report-markdown.js";
import { REVIEW_STICKY_KEY, StickyComment } from "../../github/sticky-comment.js";
import { attestationLines } from "../../runner/run-attestation.js";
import type { ReviewRules } from "../shared/repository-config.js";
import { type JobConclusion, sessionConclusion } from "../shared/session-conclusion.js";
import { concludeReview } from "./conclude-review.js";
import { coverageNote } from "./review-coverage.js";
import { inlineFindings } from "./review-rules.js";
import type { ReviewResult } from "./run-review.js";

export interface ReviewTarget {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
  headSha: string;
  runUrl?: string;
  /** `review`: inline comments + sticky summary; `summary`: sticky only; `none`: check run only. */
  commentMode: "review" | "summary" | "none";
  inlineCommentLimit: number;
  lineMap: DiffLineMap;
  /** The lowest severity that requests changes and fails the check and the step (default `error`). */
  failOn?: FailOn;
  /** The PR's head now, when a push moved it away from `headSha` during the review. */
  headMovedTo?: string;
  /**
   * The lowest severity posted as an inline comment (the repository config's `post_threshold`);
   * milder findings stay in the sticky summary and the check run. Undefined: every finding.
   */
  postThreshold?: FindingSeverity;
  /** The share of changed lines a review must read to say "No issues found" (`min_coverage`). */
  minCoverage?: number;
}

/** What of the repository's rules the publishing step uses: the post threshold and the coverage bar. */
export function publishingRules(
  rules: Pick<ReviewRules, "postThreshold" | "minCoverage"> | undefined,
): Pick<ReviewTarget, "postThreshold" | "minCoverage"> {
  return {
    ...(rules?.postThreshold ? { postThreshold: rules.postThreshold } : {}),
    ...(rules?.minCoverage === undefined ? {} : { minCoverage: rules.minCoverage }),
  };
}

export interface PublishedReview {
  conclusion: JobConclusion;
  /** The findings reach `fail_on` (or the run failed): the door fails its step. */
  failed: boolean;
  report: RunReport;
  findings: Finding[];
  review?: PublishReviewResult;
  stickyAction?: string;
}

/**
 * Publishes a finished review: one PR review with inline comments, the sticky summary, and the check
 * run's conclusion with annotations. A failed session publishes no review at all (never half a
 * review); the check run and the sticky comment say why.
 */
export async function publishReviewToGitHub(
  target: ReviewTarget,
  checks: { publisher: CheckRunPublisher; handle: CheckRunHandle },
  result: ReviewResult,
): Promise<PublishedReview> {
  const { outcome } = result.session;
  const budgetNotes = result.budget?.notes ?? [];
  // Under what guarantees the review was made, for whoever reads the check run.
  const attested = outcome.attestation
    ? [`**Run attestation**\n${bullet(attestationLines(outcome.attestation))}`]
    : [];
  const notes = [
    result.session.restore.message,
    ...budgetNotes,
    ...result.promptNotes,
    ...result.session.notes,
  ];
  const base = {
    title: "Claude review",
    reviewedSha: target.headSha,
    totalCostUsd: outcome.totalCostUsd,
    ...(result.budget ? { estimatedCostUsd: result.budget.estimate.usd } : {}),
    numTurns: outcome.numTurns,
    ...(outcome.sessionId ? { sessionId: outcome.sessionId } : {}),
    ...(target.runUrl ? { runUrl: target.runUrl } : {}),
  };

  if (result.status === "failed") {
    // A review that failed after a clean session (output not review-shaped) is a failure; otherwise the
    // session says how it ended (stopped at its deadline → timed_out, interrupted → cancelled).
    const conclusion = sessionConclusion(outcome);
    const report: RunReport = {
      ...base,
      verdict: `${FAILED_RUN_VERDICT}: ${result.reason}`,
      findings: [],
      details: `No review was posted for this commit.\n\n${bullet(notes)}`,
    };
    const stickyAction = await sticky(target, report);
    await checks.publisher.complete(checks.handle, {
      // isError would turn timed_out into failure; a stopped session keeps its own conclusion.
      outcome: {
        status: conclusion === "success" ? "failure" : conclusion,
        isError: conclusion === "success" || conclusion === "failure",
      },
      title: "Claude review failed",
      summary: [result.reason, bullet(notes), ...attested].join("\n\n"),
      findings: [],
    });
    return {
      conclusion: conclusion === "success" ? "failure" : conclusion,
      failed: true,
      report,
      findings: [],
      ...(stickyAction ? { stickyAction } : {}),
    };
  }

  const { review, rejected, notes: ruleNotes = [] } = result.checked;
  const findings = review.findings;
  const rejectedNote =
    rejected.length > 0
      ? [
          `${rejected.length} finding(s) set aside: ${rejected.map((r) => `${r.finding.path}:${r.finding.startLine} (${r.reason})`).join("; ")}`,
        ]
      : [];
  const decided = concludeReview(findings, target.failOn ?? DEFAULT_FAIL_ON, {
    coverage: result.coverage,
    minCoverage: target.minCoverage,
    headMovedTo: target.headMovedTo,
  });
  // What the review read of the change, on the summary and the check run alike.
  const coverageNotes = result.coverage ? [coverageNote(result.coverage)] : [];
  const inline = inlineFindings(findings, target.postThreshold);
  const heldBackNote =
    inline.length < findings.length && target.commentMode === "review"
      ? [
          `${findings.length - inline.length} finding(s) below the post threshold (${target.postThreshold}) are listed here, not posted inline`,
        ]
      : [];
  const movedNote = target.headMovedTo
    ? [
        `The PR head moved from \`${target.headSha.slice(0, 12)}\` to \`${target.headMovedTo.slice(0, 12)}\` while this commit was reviewed: no line comments were posted; the new head gets its own review.`,
      ]
    : [];
  const report: RunReport = {
    ...base,
    verdict: decided.headline,
    findings,
    details: `${review.summary}\n\n${bullet([...coverageNotes, ...movedNote, ...notes, ...ruleNotes, ...rejectedNote, ...heldBackNote])}`,
  };

  let published: PublishReviewResult | undefined;
  // Publish even with no findings: the publisher then posts nothing new but still cleans up our
  // outdated comments from earlier runs.
  if (target.commentMode === "review" && decided.publishInline) {
    published = await new ReviewPublisher(target.octokit, {
      maxInlineComments: target.inlineCommentLimit,
      // Findings in a changed file but outside every hunk become file-level comments, not silence.
      filterMode: "file",
    }).publish({
      owner: target.owner,
      repo: target.repo,
      pullNumber: target.pullNumber,
      commitSha: target.headSha,
      findings: inline,
      lineMap: target.lineMap,
      summary: `**${report.verdict}**\n\n${review.summary}`,
      event: decided.event,
    });
    report.outdatedComments = { resolved: published.resolvedOutdated, deleted: published.deletedOutdated };
    // What the team did with our earlier findings, in the summary the next reader sees first.
    if (published.resolution) report.details += `\n- ${resolutionLine(published.resolution)}`;
  }
  const stickyAction = await sticky(target, report);
  await checks.publisher.complete(checks.handle, {
    outcome: { status: decided.check, isError: false },
    title: report.verdict,
    // A review narrowed to fit the budget says so on the check too, not only in the sticky comment.
    summary: [review.summary, ...coverageNotes, ...movedNote, ...budgetNotes, ...attested].join("\n\n"),
    findings,
  });
  return {
    conclusion: decided.check,
    failed: decided.failed,
    report,
    findings,
    ...(published ? { review: published } : {}),
    ...(stickyAction ? { stickyAction } : {}),
  };
}

async function sticky(target: ReviewTarget, report: RunReport): Promise<string | undefined> {
  if (target.commentMode === "none") return undefined;
  const { action } = await new StickyComment(target.octokit, { key: REVIEW_STICKY_KEY }).publish(
    { owner: target.owner, repo: target.repo, issueNumber: target.pullNumber },
    report,
  );
  return action;
}

function bullet(lines: readonly string[]): string {
  return lines
    .filter((l) => l.trim())
    .map((l) => `- ${l}`)
    .join("\n");
}
