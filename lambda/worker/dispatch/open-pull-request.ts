import type { GitHubClient } from "../../../src/github/github-client.js";
import { httpStatusOf } from "../../../src/github/http-status.js";
import { type PullRequestRef, pullRequestRef } from "../../../src/github/pull-request-ref.js";
import { PermanentJobError } from "../job-executor.js";

/**
 * The PR as GitHub sees it now, not as the webhook saw it: a PR closed, merged or deleted since the
 * delivery can never be worked on, so the job is dropped with that reason instead of retried.
 */
export async function openPullRequest(
  octokit: GitHubClient,
  target: { owner: string; repo: string; pullNumber: number },
): Promise<PullRequestRef> {
  const name = `${target.owner}/${target.repo}#${target.pullNumber}`;
  let data: Awaited<ReturnType<GitHubClient["rest"]["pulls"]["get"]>>["data"];
  try {
    ({ data } = await octokit.rest.pulls.get({
      owner: target.owner,
      repo: target.repo,
      pull_number: target.pullNumber,
    }));
  } catch (error) {
    if (httpStatusOf(error) === 404)
      throw new PermanentJobError(`${name} no longer exists or the App cannot see it`, { cause: error });
    throw error;
  }
  if (data.state !== "open") throw new PermanentJobError(`${name} is ${data.merged ? "merged" : "closed"}`);
  const pr = pullRequestRef(data);
  if (!pr) throw new PermanentJobError(`${name} has no head or base commit`);
  return pr;
}
