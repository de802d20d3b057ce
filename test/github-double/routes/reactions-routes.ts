import { userJson } from "../double-payloads.js";
import { notFound, ok, paginate } from "../double-response.js";
import type { ReactionState } from "../double-state.js";
import type { RouteContext, RouteTable } from "./route-context.js";

/**
 * Reactions as GitHub keeps them: one per user, content and comment. Adding one that exists answers
 * 200 with the existing reaction instead of 201 (the REST docs: "Reaction exists").
 */
function react(ctx: RouteContext, subject: ReactionState["subject"]) {
  const repo = ctx.repo();
  const commentId = Number(ctx.params.comment_id);
  const comments = subject === "issue_comment" ? ctx.state.issueComments : ctx.state.reviewComments;
  if (!repo || !comments.some((c) => c.id === commentId && c.repo === repo.fullName)) return notFound();
  const content = String(ctx.body.content);
  const existing = ctx.state.reactions.find(
    (r) =>
      r.repo === repo.fullName &&
      r.subject === subject &&
      r.commentId === commentId &&
      r.content === content &&
      r.user.login === ctx.user.login,
  );
  if (existing) return ok(reactionJson(existing), 200);
  const reaction: ReactionState = {
    id: ctx.nextId(),
    repo: repo.fullName,
    subject,
    commentId,
    content,
    user: ctx.user,
    createdAt: ctx.now(),
  };
  ctx.state.reactions.push(reaction);
  return ok(reactionJson(reaction), 201);
}

function reactionJson(r: ReactionState) {
  return {
    id: r.id,
    node_id: `REA_${r.id}`,
    user: userJson(r.user),
    content: r.content,
    created_at: r.createdAt,
  };
}

/** The reactions on a review comment, optionally of one content, paginated like every list. */
function listReviewCommentReactions(ctx: RouteContext) {
  const repo = ctx.repo();
  const commentId = Number(ctx.params.comment_id);
  if (!repo || !ctx.state.reviewComments.some((c) => c.id === commentId && c.repo === repo.fullName))
    return notFound();
  const content = ctx.query.get("content");
  const rows = ctx.state.reactions.filter(
    (r) =>
      r.repo === repo.fullName &&
      r.subject === "review_comment" &&
      r.commentId === commentId &&
      (content === null || r.content === content),
  );
  return paginate(rows.map(reactionJson), ctx.query, ctx.url);
}

export const reactionsRoutes: RouteTable = {
  "reactions/list-for-pull-request-review-comment": listReviewCommentReactions,
  "reactions/create-for-issue-comment": (ctx) => react(ctx, "issue_comment"),
  "reactions/create-for-pull-request-review-comment": (ctx) => react(ctx, "review_comment"),
};
