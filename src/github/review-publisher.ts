import type { Finding } from "../findings/finding.js";
import { fingerprintFindings } from "../findings/finding-fingerprint.js";
import {
  bySeverity,
  locationOf,
  renderFindingComment,
  severityLabel,
  tableCell,
} from "../findings/finding-markdown.js";
import { assertValidFindings } from "../findings/finding-validation.js";
import { fingerprintMarker, readFingerprintMarkers } from "../findings/fingerprint-marker.js";
import { DEFAULT_FAIL_ON, reviewConclusion } from "../findings/review-conclusion.js";
import { createOnce } from "./create-once.js";
import type { DiffLineMap } from "./diff-line-map.js";
import { type FilterMode, type Placement, placeFinding } from "./finding-placement.js";
import { earlierFindingResolution, type FindingResolution } from "./finding-resolution.js";
import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";
import { listReviewComments } from "./list-comments.js";
import { neutraliserFor, type OutputNeutraliser } from "./neutralise-output.js";
import { cleanUpOutdatedComments, type OutdatedCleanupResult } from "./outdated-comment-cleanup.js";
import { writtenByUs } from "./own-comments.js";
import { assertAllowedReviewEvent, type ReviewEvent } from "./review-event.js";
import { threadListingOnce } from "./review-threads.js";

export interface ReviewPublisherOptions {
  /** Inline comments per review; GitHub accepts more, but reviews beyond ~30 become unreadable. */
  maxInlineComments?: number;
  /** File-level comments (findings in a changed file but outside every hunk) per run; the rest go to the body. */
  maxFileComments?: number;
  filterMode?: FilterMode;
  /**
   * Retire our own comments whose finding is gone: resolve their threads (GraphQL), or where GraphQL is
   * unavailable delete them unless someone replied (see `cleanUpOutdatedComments`). Default true.
   */
  removeOutdated?: boolean;
  /** Sanitises every body on its way out (default: token patterns, GitHub host only). */
  neutraliser?: OutputNeutraliser;
}

export interface PublishReviewInput {
  owner: string;
  repo: string;
  pullNumber: number;
  /** Head SHA the findings were produced for; comments are anchored to it. */
  commitSha: string;
  findings: readonly Finding[];
  /** The PR's diff as a line map (see `fetchPullRequestLineMap`). */
  lineMap: DiffLineMap;
  /** Opening paragraph of the review body (verdict, one-line summary). */
  summary?: string;
  /** Default: `REQUEST_CHANGES` when a new finding is an error, else `COMMENT`. Never `APPROVE`. */
  event?: ReviewEvent;
}

export interface PublishReviewResult extends OutdatedCleanupResult {
  /** Undefined when nothing new had to be said (a re-run with the same findings). */
  reviewId?: number;
  event?: ReviewEvent;
  inlineComments: number;
  fileComments: number;
  /** Findings listed in the review body ("more findings"). */
  bodyFindings: number;
  /** Out of the filter mode's scope. */
  filtered: number;
  /** Already on the PR from an earlier run (matched by fingerprint). */
  alreadyPosted: number;
  /** True when GitHub refused the inline comments anyway and they were moved into the body. */
  fellBackToBody: boolean;
  /** Our earlier inline findings on this PR and how many were resolved (none earlier: absent). */
  resolution?: FindingResolution;
}

/** GitHub rejects review bodies over 65,536 characters. */
const MAX_BODY = 65_000;

type Planned = { finding: Finding; fingerprint: string; placement: Placement };

/**
 * Publishes findings as one PR review: inline comments where the diff allows, file-level comments for
 * changed files outside any hunk, the rest as "more findings" in the body. Re-runs are idempotent
 * thanks to hidden fingerprint markers; the threads of our outdated comments are resolved.
 */
export class ReviewPublisher {
  private readonly maxInline: number;
  private readonly maxFile: number;
  private readonly filterMode: FilterMode;
  private readonly removeOutdated: boolean;
  private readonly neutraliser: OutputNeutraliser;

  constructor(
    private readonly octokit: GitHubClient,
    options: ReviewPublisherOptions = {},
  ) {
    this.maxInline = options.maxInlineComments ?? 30;
    this.maxFile = options.maxFileComments ?? 10;
    this.filterMode = options.filterMode ?? "diff_context";
    this.removeOutdated = options.removeOutdated ?? true;
    this.neutraliser = options.neutraliser ?? neutraliserFor(octokit);
  }

  async publish(input: PublishReviewInput): Promise<PublishReviewResult> {
    if (input.event !== undefined) assertAllowedReviewEvent(input.event);
    assertValidFindings(input.findings);
    const { owner, repo, pullNumber } = input;
    const result: PublishReviewResult = {
      inlineComments: 0,
      fileComments: 0,
      bodyFindings: 0,
      filtered: 0,
      alreadyPosted: 0,
      resolvedOutdated: 0,
      deletedOutdated: 0,
      keptOutdated: 0,
      fellBackToBody: false,
    };

    const [allComments, reviews] = await Promise.all([
      listReviewComments(this.octokit, input),
      this.listReviews(input),
    ]);
    const comments = allComments.filter((c) => writtenByUs(this.octokit, c.user));
    // Markers count only where we wrote them: a pasted fingerprint must not pass for "already posted".
    const posted = new Set<string>([
      ...comments.flatMap((c) => readFingerprintMarkers(c.body)),
      ...reviews.flatMap((r) => readFingerprintMarkers(r.body)),
    ]);

    // Before any thread is touched, so our own clean-up below never counts as the team's resolution;
    // the clean-up works from the same listing (one GraphQL read per publish, not two).
    const threads = threadListingOnce(this.octokit, input);
    const resolution = await earlierFindingResolution(
      this.octokit,
      input,
      comments,
      input.commitSha,
      threads,
    ).catch(() => undefined);
    if (resolution) result.resolution = resolution;

    const current = fingerprintFindings(input.findings);
    const currentFps = new Set(current.map((c) => c.fingerprint));
    if (this.removeOutdated) {
      // Top-level comments of ours (marker) none of whose findings is still reported.
      const outdated = comments.filter((c) => {
        const fps = readFingerprintMarkers(c.body);
        return c.in_reply_to_id === undefined && fps.length > 0 && !fps.some((fp) => currentFps.has(fp));
      });
      // Replies by anyone keep a comment: a person's answer must never be deleted with it.
      const repliedTo = new Set(
        allComments.flatMap((c) => (c.in_reply_to_id === undefined ? [] : [c.in_reply_to_id])),
      );
      Object.assign(result, await cleanUpOutdatedComments(this.octokit, input, outdated, repliedTo, threads));
    }

    const plans: Planned[] = [];
    for (const { finding, fingerprint } of current) {
      if (posted.has(fingerprint)) {
        result.alreadyPosted++;
        continue;
      }
      const placement = placeFinding(input.lineMap, finding, this.filterMode);
      if (placement.kind === "filtered") result.filtered++;
      else plans.push({ finding, fingerprint, placement });
    }

    const ordered = bySeverity(plans);
    const inline = ordered.filter((p) => p.placement.kind === "inline").slice(0, this.maxInline);
    const fileLevel = ordered.filter((p) => p.placement.kind === "file").slice(0, this.maxFile);
    const chosen = new Set([...inline, ...fileLevel]);
    const inBody = ordered.filter((p) => !chosen.has(p));
    if (inline.length === 0 && fileLevel.length === 0 && inBody.length === 0) return result;

    // Without an explicit event, the one conclusion rule decides from the new findings (fail_on: error).
    const event: ReviewEvent =
      input.event ??
      reviewConclusion(
        plans.map((p) => p.finding),
        DEFAULT_FAIL_ON,
      ).event;
    assertAllowedReviewEvent(event);
    const reviewComments = inline.map((p) => toReviewComment(p, this.neutraliser));
    const body = this.renderBody(input.summary, inBody, result.filtered);
    const known = {
      reviews: new Set(reviews.map((r) => r.id)),
      comments: new Set(comments.map((c) => c.id)),
    };
    try {
      const data = await this.createReview(input, event, body, reviewComments, known.reviews);
      result.reviewId = data.id;
      result.inlineComments = inline.length;
      result.bodyFindings = inBody.length;
    } catch (error) {
      // The line map was built from a diff that no longer matches the PR (a push raced us): GitHub says
      // 422. Findings must still reach the PR, so post them all in the body instead.
      if (httpStatusOf(error) !== 422 || inline.length === 0) throw error;
      const all = [...inline, ...inBody];
      const allInBody = this.renderBody(input.summary, all, result.filtered);
      const data = await this.createReview(input, event, allInBody, [], known.reviews);
      result.reviewId = data.id;
      result.bodyFindings = all.length;
      result.fellBackToBody = true;
    }
    result.event = event;

    for (const p of fileLevel) {
      await createOnce(this.octokit, {
        what: `file comment on ${owner}/${repo}#${pullNumber}`,
        create: async (request) =>
          (
            await this.octokit.rest.pulls.createReviewComment({
              owner,
              repo,
              pull_number: pullNumber,
              commit_id: input.commitSha,
              path: p.finding.path,
              subject_type: "file",
              body: sealFindingComment(this.neutraliser, p, false),
              request,
            })
          ).data,
        // Ours and new: carries this finding's fingerprint and was not on the PR when we started.
        findExisting: async () =>
          (await listReviewComments(this.octokit, input)).find(
            (c) =>
              writtenByUs(this.octokit, c.user) &&
              !known.comments.has(c.id) &&
              readFingerprintMarkers(c.body).includes(p.fingerprint),
          ),
      });
      result.fileComments++;
    }
    return result;
  }

  /** The review body, neutralised: only the markers of the findings it lists survive as markers. */
  private renderBody(summary: string | undefined, inBody: Planned[], filtered: number): string {
    const { body, markers } = renderReviewBody(summary, inBody, filtered, this.filterMode);
    return this.neutraliser.markup(body, { markers });
  }

  /** One `pulls.createReview` that a 5xx cannot turn into two reviews (see `createOnce`). */
  private async createReview(
    input: PublishReviewInput,
    event: ReviewEvent,
    body: string,
    comments: ReturnType<typeof toReviewComment>[],
    knownReviewIds: ReadonlySet<number>,
  ): Promise<{ id: number }> {
    const { owner, repo, pullNumber } = input;
    return createOnce(this.octokit, {
      what: `review on ${owner}/${repo}#${pullNumber}`,
      create: async (request) =>
        (
          await this.octokit.rest.pulls.createReview({
            owner,
            repo,
            pull_number: pullNumber,
            commit_id: input.commitSha,
            event,
            body,
            ...(comments.length > 0 ? { comments } : {}),
            request,
          })
        ).data,
      // A review that was not on the PR when we started, for this commit, with exactly our body (which
      // carries the summary and the overflow findings' markers).
      findExisting: async () => {
        const reviews = await this.listReviews(input);
        return reviews.find(
          (r) => !knownReviewIds.has(r.id) && r.commit_id === input.commitSha && sameText(r.body, body),
        );
      },
    });
  }

  /** Our reviews on the PR (see `writtenByUs`). */
  private async listReviews(input: PublishReviewInput) {
    const all = await this.octokit.paginate(this.octokit.rest.pulls.listReviews, {
      owner: input.owner,
      repo: input.repo,
      pull_number: input.pullNumber,
      per_page: 100,
    });
    return all.filter((r) => writtenByUs(this.octokit, r.user));
  }
}

/** GitHub stores bodies with normalised line ends. */
function sameText(a: string | null | undefined, b: string): boolean {
  const norm = (s: string) => s.replace(/\r\n/g, "\n").trim();
  return norm(a ?? "") === norm(b);
}

/** A finding comment neutralised on its way out; its own fingerprint marker is the only marker kept. */
function sealFindingComment(neutraliser: OutputNeutraliser, p: Planned, withSuggestion: boolean): string {
  return neutraliser.markup(renderFindingComment(p.finding, p.fingerprint, withSuggestion), {
    markers: [fingerprintMarker(p.fingerprint)],
  });
}

function toReviewComment(p: Planned, neutraliser: OutputNeutraliser) {
  if (p.placement.kind !== "inline") throw new Error("only inline placements become review comments");
  const { path, line, startLine, withSuggestion } = p.placement;
  return {
    path,
    line,
    side: "RIGHT",
    ...(startLine !== undefined ? { start_line: startLine, start_side: "RIGHT" } : {}),
    body: sealFindingComment(neutraliser, p, withSuggestion),
  };
}

function renderReviewBody(
  summary: string | undefined,
  inBody: Planned[],
  filtered: number,
  mode: FilterMode,
): { body: string; markers: string[] } {
  const head = summary?.trim() || "Automated review by claude-pr-runner.";
  const lines = [head];
  const markers: string[] = [];
  if (inBody.length > 0) {
    lines.push("", `<details><summary>More findings (${inBody.length})</summary>`, "");
    lines.push("| Severity | Location | Finding |", "| --- | --- | --- |");
    let omitted = 0;
    let size = lines.join("\n").length;
    for (const p of inBody) {
      const row = `| ${severityLabel(p.finding.severity)} | \`${tableCell(locationOf(p.finding))}\` | ${tableCell(p.finding.title)} |`;
      const marker = fingerprintMarker(p.fingerprint);
      if (size + row.length + marker.length + 200 > MAX_BODY) {
        omitted++;
        continue;
      }
      size += row.length + marker.length + 2;
      lines.push(row);
      markers.push(marker);
    }
    if (omitted > 0) lines.push("", `…and ${omitted} more; the check run lists every finding.`);
    lines.push("", "</details>", "", ...markers);
  }
  if (filtered > 0) {
    lines.push(
      "",
      `${filtered} finding(s) outside the changed lines (filter: \`${mode}\`) are listed in the check run only.`,
    );
  }
  return { body: lines.join("\n"), markers };
}
