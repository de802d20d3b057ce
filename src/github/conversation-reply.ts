import { randomUUID } from "node:crypto";
import { createOnce } from "./create-once.js";
import type { GitHubClient } from "./github-client.js";
import { listIssueComments, listReviewComments } from "./list-comments.js";
import { neutraliserFor } from "./neutralise-output.js";

/** Where a reply goes: the PR or issue conversation, or an inline review thread of a PR. */
export interface ReplyPlace {
  owner: string;
  repo: string;
  /** The PR or issue number. */
  number: number;
  /** The first comment of the review thread to answer in; absent: the conversation. */
  threadId?: number;
}

export interface PostedReply {
  kind: "issue" | "review";
  id: number;
  htmlUrl: string;
}

const MARKER = "<!-- claude-pr-runner:reply -->";

/**
 * Posts a reply where the question was asked: in the inline thread (GitHub's replies endpoint) or
 * as a conversation comment. The body goes through the output neutraliser, and carries our hidden
 * marker (so it never triggers anything) plus a one-time marker that lets a 5xx retry find this
 * attempt's comment instead of posting twice.
 */
export async function postConversationReply(
  octokit: GitHubClient,
  place: ReplyPlace,
  body: string,
): Promise<PostedReply> {
  const once = `<!-- claude-pr-runner:post:${randomUUID()} -->`;
  const text = `${neutraliserFor(octokit).markup(body)}\n\n${MARKER}\n${once}`;
  const { owner, repo, number } = place;
  if (place.threadId !== undefined) {
    const threadId = place.threadId;
    const created = await createOnce(octokit, {
      what: `reply in review thread ${threadId} on ${owner}/${repo}#${number}`,
      create: async (request) =>
        (
          await octokit.rest.pulls.createReplyForReviewComment({
            owner,
            repo,
            pull_number: number,
            comment_id: threadId,
            body: text,
            request,
          })
        ).data,
      findExisting: async () =>
        (await listReviewComments(octokit, { owner, repo, pullNumber: number })).find((c) =>
          c.body.includes(once),
        ),
    });
    return { kind: "review", id: created.id, htmlUrl: created.html_url };
  }
  const created = await createOnce(octokit, {
    what: `reply on ${owner}/${repo}#${number}`,
    create: async (request) =>
      (await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body: text, request }))
        .data,
    findExisting: async () =>
      (await listIssueComments(octokit, { owner, repo, issueNumber: number })).find((c) =>
        c.body?.includes(once),
      ),
  });
  return { kind: "issue", id: created.id, htmlUrl: created.html_url };
}

/** Replaces a reply's text (a "working…" note becoming the answer, or the error). */
export async function editConversationReply(
  octokit: GitHubClient,
  place: ReplyPlace,
  reply: PostedReply,
  body: string,
): Promise<void> {
  const text = `${neutraliserFor(octokit).markup(body)}\n\n${MARKER}`;
  if (reply.kind === "review") {
    await octokit.rest.pulls.updateReviewComment({
      owner: place.owner,
      repo: place.repo,
      comment_id: reply.id,
      body: text,
    });
  } else {
    await octokit.rest.issues.updateComment({
      owner: place.owner,
      repo: place.repo,
      comment_id: reply.id,
      body: text,
    });
  }
}
