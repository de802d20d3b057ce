import type { GitHubClient } from "./github-client.js";
import {
  isGraphqlUnavailable,
  listReviewThreads,
  type ReviewThread,
  resolveReviewThread,
} from "./review-threads.js";

export interface OutdatedCleanupResult {
  /** Threads of our outdated comments marked resolved (GraphQL): the comment and its discussion stay. */
  resolvedOutdated: number;
  /** Outdated comments deleted (REST), only when GraphQL is unavailable to this token or server. */
  deletedOutdated: number;
  /** Outdated comments left alone because someone replied (delete fallback only: never delete a conversation). */
  keptOutdated: number;
  /** Why cleanup stopped early (a GitHub outage); the review itself is published regardless. */
  outdatedCleanupError?: string;
}

/**
 * Retires our own review comments whose finding is gone. GitHub users expect such a thread to be marked
 * resolved, which only GraphQL can do (`resolveReviewThread`); resolving keeps the comment and any replies
 * and collapses them. Threads already resolved (by us on an earlier run, or by a person) are left alone.
 * When GraphQL is unavailable (no endpoint on an old GHES, or a token without the permission) the
 * comments are deleted through REST instead, except those someone replied to.
 */
export async function cleanUpOutdatedComments(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
  outdated: ReadonlyArray<{ id: number }>,
  repliedTo: ReadonlySet<number>,
  /** The PR's threads, when the caller already lists them (see `threadListingOnce`). */
  listThreads: () => Promise<ReviewThread[]> = () => listReviewThreads(octokit, pr),
): Promise<OutdatedCleanupResult> {
  const result: OutdatedCleanupResult = { resolvedOutdated: 0, deletedOutdated: 0, keptOutdated: 0 };
  if (outdated.length === 0) return result;
  try {
    let threads: Map<number, ReviewThread> | undefined;
    try {
      const listed = await listThreads();
      threads = new Map(
        listed.flatMap((t) => (t.firstCommentId === undefined ? [] : [[t.firstCommentId, t]])),
      );
    } catch (error) {
      if (!isGraphqlUnavailable(error)) throw error;
    }
    for (const comment of outdated) {
      if (threads) {
        const thread = threads.get(comment.id);
        // Not listed yet (GitHub's read replicas lag a fresh comment): the next run will see it.
        if (!thread || thread.isResolved) continue;
        try {
          await resolveReviewThread(octokit, thread.id);
          result.resolvedOutdated++;
          continue;
        } catch (error) {
          // Reading threads is allowed to more tokens than resolving them: fall back from here on.
          if (!isGraphqlUnavailable(error)) throw error;
          threads = undefined;
        }
      }
      if (repliedTo.has(comment.id)) {
        result.keptOutdated++;
        continue;
      }
      await octokit.rest.pulls.deleteReviewComment({
        owner: pr.owner,
        repo: pr.repo,
        comment_id: comment.id,
      });
      result.deletedOutdated++;
    }
  } catch (error) {
    result.outdatedCleanupError = error instanceof Error ? error.message : String(error);
  }
  return result;
}
