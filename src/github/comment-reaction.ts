import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/**
 * Marks a comment as seen with an `eyes` reaction, and tells whether this token had already put it
 * there. GitHub keeps one reaction per user and content and answers 200 (not 201) when it exists,
 * so the first job to react owns the comment: a second delivery of the same comment sees `seen`
 * and runs nothing. It is also the within-seconds sign that the request was picked up. A comment
 * deleted before the job started (404) is `gone`: nobody is waiting for an answer.
 */
export async function claimComment(
  octokit: GitHubClient,
  target: { owner: string; repo: string; commentId: number; kind: "issue" | "review" },
): Promise<"claimed" | "seen" | "gone"> {
  const params = {
    owner: target.owner,
    repo: target.repo,
    comment_id: target.commentId,
    content: "eyes" as const,
  };
  try {
    const { status } =
      target.kind === "review"
        ? await octokit.rest.reactions.createForPullRequestReviewComment(params)
        : await octokit.rest.reactions.createForIssueComment(params);
    return status === 201 ? "claimed" : "seen";
  } catch (error) {
    if (httpStatusOf(error) === 404) return "gone";
    throw error;
  }
}
