import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { type PullRequestRef, pullRequestRef } from "./pull-request-ref.js";

/** Why a PR's job cannot run at all, whoever asked. */
export type PullRequestRefusalReason = "not-found" | "closed" | "merged" | "unreadable";

export type PullRequestRead =
  | { status: "open"; pr: PullRequestRef }
  | { status: "refused"; reason: PullRequestRefusalReason; message: string };

/**
 * The PR as GitHub sees it now, not as a webhook saw it earlier: a PR closed, merged or deleted
 * since can never be worked on, which the caller says once instead of retrying. Any other failure
 * (an outage, a rate limit) is thrown as it came, so a door may retry it.
 */
export async function readPullRequest(
  octokit: GitHubClient,
  target: { owner: string; repo: string; pullNumber: number },
): Promise<PullRequestRead> {
  const name = `${target.owner}/${target.repo}#${target.pullNumber}`;
  let data: unknown;
  try {
    ({ data } = await octokit.rest.pulls.get({
      owner: target.owner,
      repo: target.repo,
      pull_number: target.pullNumber,
    }));
  } catch (error) {
    if (httpStatusOf(error) === 404)
      return refused("not-found", `${name} no longer exists or this token cannot see it`);
    throw error;
  }
  return openPullRequest(pullRequestRef(data), name);
}

/** The same rule for a PR the event already carried: it must be open and name both commits. */
export function openPullRequest(pr: PullRequestRef | undefined, name: string): PullRequestRead {
  if (!pr) return refused("unreadable", `${name} has no head or base commit`);
  if (pr.state === "closed")
    return pr.merged ? refused("merged", `${name} is merged`) : refused("closed", `${name} is closed`);
  return { status: "open", pr };
}

function refused(reason: PullRequestRefusalReason, message: string): PullRequestRead {
  return { status: "refused", reason, message };
}
