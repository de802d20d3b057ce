import type { DoubleState, PullRequestState, ReviewCommentState, UserRef } from "./double-state.js";
import { isOutdatedComment, itemKey } from "./double-state.js";

/** A GraphQL error GitHub reports with a `type`, e.g. `NOT_FOUND`. */
export class GithubGraphqlError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Something GitHub would refuse outright (a connection without `first`): recorded as a violation. */
export class GraphqlRequestRejected extends GithubGraphqlError {}

/** A field GitHub has but the double does not serve: recorded in `unhandled`, like a REST 501. */
export class GraphqlNotImplemented extends Error {}

type Args = Record<string, unknown>;

/** Thread node ids are opaque on GitHub (`PRRT_kwDO…`); the double encodes the root comment id. */
export function threadNodeId(rootCommentId: number): string {
  return `PRRT_${Buffer.from(`thread:${rootCommentId}`).toString("base64url")}`;
}

function rootIdOf(nodeId: string): number | undefined {
  if (!nodeId.startsWith("PRRT_")) return undefined;
  const m = /^thread:(\d+)$/.exec(Buffer.from(nodeId.slice(5), "base64url").toString("utf8"));
  return m ? Number(m[1]) : undefined;
}

/**
 * Review threads as GitHub's GraphQL API shows them: a root review comment plus its replies
 * (`in_reply_to_id`), resolved when the thread's id is in `state.resolvedThreads`.
 */
export function threadsOf(state: DoubleState, pr: PullRequestState): ReviewCommentState[][] {
  const comments = state.reviewComments.filter((c) => c.repo === pr.repo && c.pullNumber === pr.number);
  const roots = comments.filter((c) => c.inReplyToId === null);
  return roots.map((root) => [root, ...comments.filter((c) => c.inReplyToId === root.id)]);
}

/**
 * Root values for the two operations the double executes: `repository { pullRequest { reviewThreads } }`
 * and `resolveReviewThread`. Fields are plain properties or functions of their arguments; any other
 * field is answered with `GraphqlNotImplemented` by the router's strict field resolver.
 */
export function reviewThreadRoots(state: DoubleState, viewer: UserRef) {
  const actor = (u: UserRef) => ({
    __typename: u.type,
    // GraphQL names an App's bot without the `[bot]` suffix the REST API shows.
    login: u.type === "Bot" ? u.login.replace(/\[bot\]$/, "") : u.login,
  });
  const commentNode = (c: ReviewCommentState) => ({
    __typename: "PullRequestReviewComment",
    id: `PRRC_${c.id}`,
    databaseId: c.id,
    fullDatabaseId: String(c.id),
    body: c.body,
    path: c.path,
    author: actor(c.user),
    createdAt: c.createdAt,
  });
  const threadNode = (pr: PullRequestState, thread: ReviewCommentState[]) => {
    const root = thread[0]!;
    const isResolved = state.resolvedThreads.has(root.id);
    return {
      __typename: "PullRequestReviewThread",
      id: threadNodeId(root.id),
      isResolved,
      isCollapsed: isResolved,
      // GitHub marks a thread outdated when the code at its line changed (its hunk left the diff).
      isOutdated: isOutdatedComment(pr, root),
      resolvedBy: isResolved ? actor(state.threadResolvers.get(root.id) ?? viewer) : null,
      path: root.path,
      line: root.line,
      startLine: root.startLine,
      diffSide: root.side,
      subjectType: root.subjectType === "file" ? "FILE" : "LINE",
      viewerCanResolve: !isResolved,
      viewerCanUnresolve: isResolved,
      comments: (args: Args) => connection(thread.map(commentNode), args, "comments"),
    };
  };
  const pullRequestNode = (pr: PullRequestState) => ({
    __typename: "PullRequest",
    id: `PR_${Buffer.from(itemKey(pr.repo, pr.number)).toString("base64url")}`,
    number: pr.number,
    title: pr.title,
    headRefOid: pr.head.sha,
    reviewThreads: (args: Args) =>
      connection(
        threadsOf(state, pr).map((t) => threadNode(pr, t)),
        args,
        "reviewThreads",
      ),
  });
  const query = {
    repository: ({ owner, name }: Args) => {
      const repo = state.repos.get(`${owner}/${name}`);
      if (!repo)
        throw new GithubGraphqlError(
          "NOT_FOUND",
          `Could not resolve to a Repository with the name '${owner}/${name}'.`,
        );
      return {
        __typename: "Repository",
        name: repo.name,
        nameWithOwner: repo.fullName,
        pullRequest: ({ number }: Args) => {
          const pr = state.pulls.get(itemKey(repo.fullName, Number(number)));
          if (!pr)
            throw new GithubGraphqlError(
              "NOT_FOUND",
              `Could not resolve to a PullRequest with the number of ${number}.`,
            );
          return pullRequestNode(pr);
        },
      };
    },
  };
  const mutation = {
    resolveReviewThread: ({ input }: Args) => {
      const { threadId, clientMutationId } = input as { threadId: string; clientMutationId?: string | null };
      const rootId = rootIdOf(threadId);
      const root = state.reviewComments.find((c) => c.id === rootId && c.inReplyToId === null);
      const pr = root && state.pulls.get(itemKey(root.repo, root.pullNumber));
      if (!root || !pr)
        throw new GithubGraphqlError(
          "NOT_FOUND",
          `Could not resolve to a node with the global id of '${threadId}'`,
        );
      state.resolvedThreads.add(root.id);
      state.threadResolvers.set(root.id, viewer);
      const thread = threadsOf(state, pr).find((t) => t[0]!.id === root.id)!;
      return { clientMutationId: clientMutationId ?? null, thread: threadNode(pr, thread) };
    },
  };
  return { query, mutation };
}

/** GitHub's cursor connections: `first`/`last` are mandatory and capped at 100. */
function connection<T>(items: T[], args: Args, name: string) {
  const first = args.first as number | null | undefined;
  const last = args.last as number | null | undefined;
  if (args.before != null || args.skip != null)
    throw new GraphqlNotImplemented(`${name}(before:/skip:) is not implemented by the double`);
  if (first == null && last == null)
    throw new GraphqlRequestRejected(
      "MISSING_PAGINATION_BOUNDARIES",
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
    );
  const limit = (first ?? last)!;
  if (limit > 100 || limit < 0)
    throw new GraphqlRequestRejected(
      "EXCESSIVE_PAGINATION",
      `Requesting ${limit} records on the \`${name}\` connection exceeds the \`${first != null ? "first" : "last"}\` limit of 100 records.`,
    );
  const after = typeof args.after === "string" ? cursorIndex(args.after) : -1;
  const from = after + 1;
  const rest = items.slice(from);
  const start = first != null ? from : Math.max(from, items.length - limit);
  const slice = first != null ? rest.slice(0, limit) : items.slice(start);
  const end = start + slice.length;
  const cursor = (i: number) => Buffer.from(`cursor:${i}`).toString("base64");
  return {
    totalCount: items.length,
    nodes: slice,
    edges: slice.map((node, i) => ({ cursor: cursor(start + i), node })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? cursor(start) : null,
      endCursor: slice.length > 0 ? cursor(end - 1) : null,
    },
  };
}

function cursorIndex(cursor: string): number {
  const m = /^cursor:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!m)
    throw new GraphqlRequestRejected(
      "INVALID_CURSOR_ARGUMENTS",
      `\`${cursor}\` does not appear to be a valid cursor.`,
    );
  return Number(m[1]);
}
