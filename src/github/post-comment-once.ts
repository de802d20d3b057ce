import { randomUUID } from "node:crypto";
import { createOnce } from "./create-once.js";
import type { GitHubClient } from "./github-client.js";
import { listIssueComments } from "./list-comments.js";
import { neutraliserFor, type OutputNeutraliser } from "./neutralise-output.js";

/**
 * Posts a one-off PR or issue comment (a refusal, a patch that could not be pushed) that a 5xx cannot
 * post twice. The body carries a hidden one-time marker, so the lookup after a 5xx finds this
 * attempt's comment and never an older one with the same text.
 */
export async function postCommentOnce(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number; body: string },
  neutraliser: OutputNeutraliser = neutraliserFor(octokit),
): Promise<{ id: number; html_url: string }> {
  const marker = `<!-- claude-pr-runner:post:${randomUUID()} -->`;
  const body = `${neutraliser.markup(target.body)}\n\n${marker}`;
  return createOnce(octokit, {
    what: `comment on ${target.owner}/${target.repo}#${target.issueNumber}`,
    create: async (request) =>
      (
        await octokit.rest.issues.createComment({
          owner: target.owner,
          repo: target.repo,
          issue_number: target.issueNumber,
          body,
          request,
        })
      ).data,
    findExisting: async () =>
      (await listIssueComments(octokit, target)).find((c) => c.body?.includes(marker)),
  });
}
