import type { GitHubClient } from "../../github/github-client.js";
import { StickyComment } from "../../github/sticky-comment.js";
import type { JobSettings } from "../shared/job-settings.js";
import { DESCRIBE_STICKY_KEY, type PublishedDescription, publishDescription } from "./publish-description.js";
import { type DescribeRequest, type DescribeResult, runDescribe } from "./run-describe.js";

export interface DescribedPullRequest {
  result: DescribeResult;
  /** Where the description went; absent when the session failed (the sticky comment says why). */
  published?: PublishedDescription;
}

/**
 * The whole describe job for one PR, shared by every door: run it on the settings' engine, then
 * write the PR body's section (or the comment). A failed session changes nothing in the body and
 * says why in the describe job's own sticky comment, so a writer who asked sees an answer.
 */
export async function describePullRequest(
  octokit: GitHubClient,
  request: DescribeRequest,
  settings: JobSettings,
): Promise<DescribedPullRequest> {
  const result = await runDescribe(request, settings, octokit);
  const target = {
    owner: request.repository.owner,
    repo: request.repository.name,
    pullNumber: request.pr.number,
  };
  if (result.status === "failed") {
    await new StickyComment(octokit, { key: DESCRIBE_STICKY_KEY }).upsert(
      { owner: target.owner, repo: target.repo, issueNumber: target.pullNumber },
      `**Claude could not describe this pull request:** ${result.reason}`,
    );
    return { result };
  }
  return { result, published: await publishDescription(octokit, target, result.description) };
}
