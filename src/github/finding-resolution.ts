import { readFingerprintMarkers } from "../findings/fingerprint-marker.js";
import type { GitHubClient } from "./github-client.js";
import { listReviewComments } from "./list-comments.js";
import { writtenByUs } from "./own-comments.js";
import { isGraphqlUnavailable, listReviewThreads, type ReviewThread } from "./review-threads.js";

/** How many of our earlier inline findings on a PR the team acted on. */
export interface FindingResolution {
  /** Our inline findings posted on an earlier commit of the PR. */
  earlier: number;
  /** Of those: the code at their lines changed since (GitHub marks the thread outdated), or a person resolved the thread. */
  resolved: number;
}

/**
 * Our earlier findings on a PR and how many were resolved, read before this review touches any
 * thread (so our own clean-up never counts): a top-level comment of ours with a fingerprint marker,
 * posted on a commit other than `headSha`, is resolved when GitHub says its thread is outdated (the
 * code at its lines changed) or resolved (after a change: the comment is on an earlier commit).
 * Undefined when there are none, or when GraphQL (the only API with threads) is closed to the token.
 */
export async function earlierFindingResolution(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
  ours: ReadonlyArray<{ id: number; commit_id: string; body: string; in_reply_to_id?: number | undefined }>,
  headSha: string,
  /** The PR's threads, when the caller already lists them (see `threadListingOnce`). */
  listThreads: () => Promise<ReviewThread[]> = () => listReviewThreads(octokit, pr),
): Promise<FindingResolution | undefined> {
  const earlier = ours.filter(
    (c) =>
      c.in_reply_to_id === undefined && c.commit_id !== headSha && readFingerprintMarkers(c.body).length > 0,
  );
  if (earlier.length === 0) return undefined;
  let threads: ReviewThread[];
  try {
    threads = await listThreads();
  } catch (error) {
    if (isGraphqlUnavailable(error)) return undefined;
    throw error;
  }
  const byFirstComment = new Map(threads.map((t) => [t.firstCommentId, t]));
  const resolved = earlier.filter((c) => {
    const thread = byFirstComment.get(c.id);
    return thread !== undefined && (thread.isOutdated || thread.isResolved);
  }).length;
  return { earlier: earlier.length, resolved };
}

/**
 * A closed PR's final count: every top-level finding of ours, whatever commit it was written on, by
 * the same rule (outdated or resolved). Undefined when we posted none, or GraphQL is closed to the token.
 */
export async function closedPullRequestResolution(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
): Promise<FindingResolution | undefined> {
  const ours = (await listReviewComments(octokit, pr)).filter((c) => writtenByUs(octokit, c.user));
  // No commit is "current" once the PR is closed: every finding of ours is an earlier one.
  return earlierFindingResolution(octokit, pr, ours, "");
}

/** "Resolved 2 of 3 earlier findings (67%)". */
export function resolutionLine(resolution: FindingResolution): string {
  const percent = Math.round((100 * resolution.resolved) / resolution.earlier);
  return `Resolved ${resolution.resolved} of ${resolution.earlier} earlier findings (${percent}%): their lines changed, or their threads were resolved`;
}

/** The rate as an output or a metric: 0 to 1, three decimals. */
export function resolutionRate(resolution: FindingResolution): number {
  return Math.round((1000 * resolution.resolved) / resolution.earlier) / 1000;
}
