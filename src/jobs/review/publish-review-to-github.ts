import type { Finding } from "../../findings/finding.js";
import type { CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import type { DiffLineMap } from "../../github/diff-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { PublishReviewResult } from "../../github/review-publisher.js";
import { ReviewPublisher } from "../../github/review-publisher.js";
import { FAILED_RUN_VERDICT, type RunReport } from "../../github/run-report-markdown.js";
import { REVIEW_STICKY_KEY, StickyComment } from "../../github/sticky-comment.js";
import { type JobConclusion, sessionConclusion } from "../session-conclusion.js";
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
}

export interface PublishedReview {
  conclusion: JobConclusion;
  report: RunReport;
  findings: Finding[];
  review?: PublishReviewResult;
  stickyAction?: string;
}

const VERDICT_TEXT = {
  pass: "No issues found",
  comment: "Comments, nothing blocking",
  request_changes: "Changes requested",
} as const;

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
  const notes = [result.session.restore.message, ...result.promptNotes, ...result.session.notes];
  const base = {
    title: "Claude review",
    reviewedSha: target.headSha,
    totalCostUsd: outcome.totalCostUsd,
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
      summary: `${result.reason}\n\n${bullet(notes)}`,
      findings: [],
    });
    return {
      conclusion: conclusion === "success" ? "failure" : conclusion,
      report,
      findings: [],
      ...(stickyAction ? { stickyAction } : {}),
    };
  }

  const { review, rejected } = result.checked;
  const findings = review.findings;
  const rejectedNote =
    rejected.length > 0
      ? [
          `${rejected.length} finding(s) set aside: ${rejected.map((r) => `${r.finding.path}:${r.finding.startLine} (${r.reason})`).join("; ")}`,
        ]
      : [];
  const report: RunReport = {
    ...base,
    verdict:
      findings.length === 0
        ? "No issues found"
        : `${VERDICT_TEXT[review.verdict]}: ${countBySeverity(findings)}`,
    findings,
    details: `${review.summary}\n\n${bullet([...notes, ...rejectedNote])}`,
  };

  let published: PublishReviewResult | undefined;
  // Publish even with no findings: the publisher then posts nothing new but still cleans up our
  // outdated comments from earlier runs.
  if (target.commentMode === "review") {
    published = await new ReviewPublisher(target.octokit, {
      maxInlineComments: target.inlineCommentLimit,
      // Findings in a changed file but outside every hunk become file-level comments, not silence.
      filterMode: "file",
    }).publish({
      owner: target.owner,
      repo: target.repo,
      pullNumber: target.pullNumber,
      commitSha: target.headSha,
      findings,
      lineMap: target.lineMap,
      summary: `**${report.verdict}**\n\n${review.summary}`,
      event: review.verdict === "request_changes" ? "REQUEST_CHANGES" : "COMMENT",
    });
    report.outdatedComments = { resolved: published.resolvedOutdated, deleted: published.deletedOutdated };
  }
  const stickyAction = await sticky(target, report);
  const conclusion: JobConclusion =
    review.verdict === "request_changes" && findings.length > 0 ? "failure" : "success";
  await checks.publisher.complete(checks.handle, {
    outcome: { status: conclusion, isError: false },
    title: report.verdict,
    summary: review.summary,
    findings,
  });
  return {
    conclusion,
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

function countBySeverity(findings: readonly Finding[]): string {
  const counts = { error: 0, warning: 0, notice: 0 };
  for (const f of findings) counts[f.severity]++;
  return (["error", "warning", "notice"] as const)
    .filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}${counts[s] === 1 ? "" : "s"}`)
    .join(", ");
}

function bullet(lines: readonly string[]): string {
  return lines
    .filter((l) => l.trim())
    .map((l) => `- ${l}`)
    .join("\n");
}
