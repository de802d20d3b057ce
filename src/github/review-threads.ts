import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/** A PR review thread as GraphQL shows it; REST has no notion of threads or of resolving them. */
export interface ReviewThread {
  /** GraphQL node id, what `resolveReviewThread` takes. */
  id: string;
  isResolved: boolean;
  /** GitHub's own "outdated": the lines the thread is about changed since it was written. */
  isOutdated: boolean;
  /** REST id of the thread's first comment (what `pulls.listReviewComments` calls `id`). */
  firstCommentId: number | undefined;
  /** Who resolved it (GraphQL names an App's bot without `[bot]`); undefined while unresolved. */
  resolvedBy: string | undefined;
}

const THREADS_QUERY = `query ClaudePrRunnerReviewThreads($owner: String!, $repo: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved isOutdated resolvedBy { login } comments(first: 1) { nodes { databaseId } } }
      }
    }
  }
}`;

const RESOLVE_MUTATION = `mutation ClaudePrRunnerResolveReviewThread($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: Array<{
          id: string;
          isResolved: boolean;
          isOutdated: boolean;
          resolvedBy: { login: string } | null;
          comments: { nodes: Array<{ databaseId: number | null }> };
        }>;
      };
    } | null;
  } | null;
}

/** Every review thread of a PR, 100 per GraphQL request. */
export async function listReviewThreads(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
): Promise<ReviewThread[]> {
  const threads: ReviewThread[] = [];
  let after: string | null = null;
  do {
    const page: ThreadsPage = await octokit.graphql<ThreadsPage>(THREADS_QUERY, {
      owner: pr.owner,
      repo: pr.repo,
      number: pr.pullNumber,
      after,
    });
    const connection = page.repository?.pullRequest?.reviewThreads;
    if (!connection) break;
    for (const t of connection.nodes) {
      threads.push({
        id: t.id,
        isResolved: t.isResolved,
        isOutdated: t.isOutdated,
        firstCommentId: t.comments.nodes[0]?.databaseId ?? undefined,
        resolvedBy: t.resolvedBy?.login ?? undefined,
      });
    }
    after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  } while (after);
  return threads;
}

/** Lists a PR's threads once, on first call: the publisher's resolution count and clean-up share one listing. */
export function threadListingOnce(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
): () => Promise<ReviewThread[]> {
  let listed: Promise<ReviewThread[]> | undefined;
  return () => {
    listed ??= listReviewThreads(octokit, pr);
    return listed;
  };
}

export async function resolveReviewThread(octokit: GitHubClient, threadId: string): Promise<void> {
  await octokit.graphql(RESOLVE_MUTATION, { threadId });
}

/**
 * True when GitHub will not let this token use GraphQL for review threads at all: no endpoint (404, 410,
 * 501 on an old or trimmed-down GHES), or a token without the permission ("Resource not accessible by
 * integration", HTTP 403 or a FORBIDDEN GraphQL error). Then deleting through REST is the fallback. A 5xx
 * or a network failure is an outage, not a missing feature: it is not covered.
 */
export function isGraphqlUnavailable(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === 403 || status === 404 || status === 410 || status === 501) return true;
  if (typeof error !== "object" || error === null || !("errors" in error)) return false;
  const errors = (error as { errors: unknown }).errors;
  return (
    Array.isArray(errors) &&
    errors.some(
      (e: { type?: unknown; message?: unknown }) =>
        e?.type === "FORBIDDEN" || /Resource not accessible/i.test(String(e?.message ?? "")),
    )
  );
}
