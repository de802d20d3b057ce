import { pullJson, reviewCommentJson, reviewJson } from "../double-payloads.js";
import { githubError, noContent, notFound, ok, paginate } from "../double-response.js";
import type { PullRequestState, ReviewCommentState, ReviewState } from "../double-state.js";
import { hunkAt, itemKey } from "../double-state.js";
import type { RouteContext, RouteTable } from "./route-context.js";

interface LineTarget {
  path?: string;
  line?: number;
  start_line?: number;
  side?: string;
  start_side?: string;
  position?: number;
  subject_type?: string;
}

function pullOf(ctx: RouteContext): PullRequestState | undefined {
  const repo = ctx.repo();
  return repo ? ctx.state.pulls.get(itemKey(repo.fullName, Number(ctx.params.pull_number))) : undefined;
}

/**
 * GitHub answers 422 when a review comment's line is not part of the diff, or when a range spans two
 * hunks. Returns the error GitHub would give, or undefined when the target resolves.
 */
export function unresolvedTarget(pr: PullRequestState, c: LineTarget): string | undefined {
  const file = pr.files.find((f) => f.filename === c.path);
  if (!file) return "Path could not be resolved";
  if (c.subject_type === "file") return undefined;
  if (c.position !== undefined) return c.position >= 1 ? undefined : "Position could not be resolved";
  if (c.line === undefined) return "Line could not be resolved";
  if ((c.side ?? "RIGHT") !== "RIGHT")
    return "Line could not be resolved (the double models RIGHT-side comments only)";
  const hunk = file.commentableHunks.findIndex((h) => h.has(c.line!));
  if (hunk < 0) return "pull_request_review_thread.line must be part of the diff";
  if (c.start_line !== undefined) {
    if (c.start_line >= c.line) return "pull_request_review_thread.start_line must precede the end line";
    if (!file.commentableHunks[hunk]!.has(c.start_line))
      return "pull_request_review_thread.start_line must be part of the same hunk as the line";
  }
  return undefined;
}

function newReviewComment(
  ctx: RouteContext,
  pr: PullRequestState,
  c: LineTarget & { body?: string },
  reviewId: number | null,
  commitId: string,
): ReviewCommentState {
  const comment: ReviewCommentState = {
    id: ctx.nextId(),
    repo: pr.repo,
    pullNumber: pr.number,
    reviewId,
    path: c.path ?? "",
    line: c.subject_type === "file" ? null : (c.line ?? null),
    startLine: c.start_line ?? null,
    side: "RIGHT",
    subjectType: c.subject_type === "file" ? "file" : "line",
    body: c.body ?? "",
    inReplyToId: null,
    commitId,
    user: ctx.user,
    createdAt: ctx.now(),
  };
  const hunk = comment.subjectType === "line" ? hunkAt(pr, comment.path, comment.line) : undefined;
  if (hunk !== undefined) comment.diffHunk = hunk;
  ctx.state.reviewComments.push(comment);
  return comment;
}

export const pullsRoutes: RouteTable = {
  "pulls/get": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    if (
      ctx.accept.includes("application/vnd.github.diff") ||
      ctx.accept.includes("application/vnd.github.v3.diff")
    ) {
      if (pr.diffTooLarge) {
        return githubError(
          406,
          "Sorry, the diff exceeded the maximum number of files (300). Consider using 'List pull requests files' API or locally cloning the repository instead.",
          [{ resource: "PullRequest", field: "diff", code: "too_large" }],
        );
      }
      return {
        status: 200,
        text: pr.diff,
        headers: { "content-type": "application/vnd.github.diff; charset=utf-8" },
      };
    }
    return ok(pullJson(pr, ctx.repo()!, ctx.htmlBase));
  },

  "pulls/update": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const b = ctx.body as { title?: string; body?: string; state?: "open" | "closed" };
    if (b.title !== undefined) pr.title = b.title;
    if (b.body !== undefined) pr.body = b.body;
    if (b.state !== undefined) pr.state = b.state;
    return ok(pullJson(pr, ctx.repo()!, ctx.htmlBase));
  },

  "pulls/list-files": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const files = pr.files.map(({ commentableHunks: _h, ...f }) => ({ ...f, sha: pr.head.sha }));
    return paginate(files, ctx.query, ctx.url);
  },

  "pulls/create-review": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const b = ctx.body as {
      body?: string;
      event?: "APPROVE" | "REQUEST_CHANGES" | "COMMENT";
      commit_id?: string;
      comments?: Array<LineTarget & { body: string }>;
    };
    const comments = b.comments ?? [];
    const mine = pr.user.login === ctx.user.login;
    if (b.event === "APPROVE" && mine)
      return githubError(422, "Unprocessable Entity", ["Can not approve your own pull request"]);
    if (b.event === "REQUEST_CHANGES" && mine)
      return githubError(422, "Unprocessable Entity", ["Can not request changes on your own pull request"]);
    if (b.event === "REQUEST_CHANGES" && !b.body)
      return githubError(422, "Unprocessable Entity", ["Body is required"]);
    if (b.event === "COMMENT" && !b.body && comments.length === 0)
      return githubError(422, "Unprocessable Entity", ["Body is required"]);
    const problems = comments.map((c) => unresolvedTarget(pr, c)).filter((x) => x !== undefined);
    if (problems.length > 0) return githubError(422, "Unprocessable Entity", problems);
    const review: ReviewState = {
      id: ctx.nextId(),
      repo: pr.repo,
      pullNumber: pr.number,
      body: b.body ?? "",
      state:
        b.event === "APPROVE"
          ? "APPROVED"
          : b.event === "REQUEST_CHANGES"
            ? "CHANGES_REQUESTED"
            : b.event === "COMMENT"
              ? "COMMENTED"
              : "PENDING",
      commitId: b.commit_id ?? pr.head.sha,
      user: ctx.user,
      submittedAt: ctx.now(),
    };
    ctx.state.reviews.push(review);
    for (const c of comments) newReviewComment(ctx, pr, c, review.id, review.commitId);
    return ok(reviewJson(review, ctx.htmlBase));
  },

  "pulls/list-reviews": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const reviews = ctx.state.reviews.filter((r) => r.repo === pr.repo && r.pullNumber === pr.number);
    return paginate(
      reviews.map((r) => reviewJson(r, ctx.htmlBase)),
      ctx.query,
      ctx.url,
    );
  },

  "pulls/list-review-comments": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const comments = ctx.state.reviewComments.filter((c) => c.repo === pr.repo && c.pullNumber === pr.number);
    return paginate(
      comments.map((c) => reviewCommentJson(c, ctx.htmlBase, ctx.state.reactions)),
      ctx.query,
      ctx.url,
    );
  },

  "pulls/create-review-comment": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const b = ctx.body as unknown as LineTarget & { body: string; commit_id?: string; in_reply_to?: number };
    if (b.in_reply_to !== undefined) {
      const parent = ctx.state.reviewComments.find((c) => c.id === b.in_reply_to && c.repo === pr.repo);
      if (!parent) return githubError(422, "Unprocessable Entity", ["in_reply_to could not be resolved"]);
      const reply = newReviewComment(
        ctx,
        pr,
        { ...parent, body: b.body, line: parent.line ?? undefined },
        null,
        parent.commitId,
      );
      reply.inReplyToId = parent.id;
      return ok(reviewCommentJson(reply, ctx.htmlBase), 201);
    }
    if (!b.commit_id) return githubError(422, "Unprocessable Entity", ["commit_id is required"]);
    const problem = unresolvedTarget(pr, b);
    if (problem) return githubError(422, "Unprocessable Entity", [problem]);
    return ok(reviewCommentJson(newReviewComment(ctx, pr, b, null, b.commit_id), ctx.htmlBase), 201);
  },

  // GitHub replies only to a thread's first comment: a reply to a reply is a 404 ("replies to
  // replies are not supported").
  "pulls/create-reply-for-review-comment": (ctx) => {
    const pr = pullOf(ctx);
    if (!pr) return notFound();
    const parent = ctx.state.reviewComments.find(
      (c) => c.id === Number(ctx.params.comment_id) && c.repo === pr.repo && c.pullNumber === pr.number,
    );
    if (!parent || parent.inReplyToId !== null) return notFound();
    const reply = newReviewComment(
      ctx,
      pr,
      { ...parent, body: String(ctx.body.body ?? ""), line: parent.line ?? undefined },
      null,
      parent.commitId,
    );
    reply.inReplyToId = parent.id;
    return ok(reviewCommentJson(reply, ctx.htmlBase), 201);
  },

  "pulls/update-review-comment": (ctx) => {
    const repo = ctx.repo();
    const comment = ctx.state.reviewComments.find(
      (c) => c.id === Number(ctx.params.comment_id) && c.repo === repo?.fullName,
    );
    if (!comment) return notFound();
    comment.body = String(ctx.body.body ?? "");
    return ok(reviewCommentJson(comment, ctx.htmlBase, ctx.state.reactions));
  },

  "pulls/delete-review-comment": (ctx) => {
    const repo = ctx.repo();
    const id = Number(ctx.params.comment_id);
    const index = ctx.state.reviewComments.findIndex((c) => c.id === id && c.repo === repo?.fullName);
    if (index < 0) return notFound();
    ctx.state.reviewComments.splice(index, 1);
    return noContent();
  },
};
