import type { GitHubClient } from "../../github/github-client.js";
import { type PullRequestLineage, pullRequestLineage } from "./pull-request-lineage.js";
import type { PullRequestRef } from "./pull-request-ref.js";
import {
  decidePullRequestTrust,
  type PullRequestJobKind,
  type PullRequestTrust,
} from "./pull-request-trust.js";
import { openPullRequest, type PullRequestRefusalReason, readPullRequest } from "./read-pull-request.js";

export interface PullRequestJobRequest {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  /**
   * The PR as the event carried it (a `pull_request` payload, already parsed), or its number, read
   * from the API now (a comment names only the number; a queued job must see the PR as it is now).
   */
  pullRequest: PullRequestRef | number;
  job: PullRequestJobKind;
  /** The event that started the job (`pull_request_target` weighs in the trust decision). */
  event?: string;
  /** The repository's default branch: the base lineage when the PR names no base ref. */
  defaultBranch?: string;
}

/** Everything a PR job decides before its session, decided once for every door. */
export interface PullRequestJobPlan {
  status: "ready";
  pr: PullRequestRef;
  /** Write tools, secrets, test commands and push only when `trusted`. */
  trust: PullRequestTrust;
  /** Where the job's sessions live and the base branch's lineage a first session forks from. */
  lineage: PullRequestLineage;
}

export interface PullRequestJobRefusal {
  status: "refused";
  reason: PullRequestRefusalReason;
  message: string;
}

/**
 * The PR-setup step of every PR job (review, autofix, ask) in every door: the PR's facts, the trust
 * decision and the lineage plan. A PR that is gone, closed, merged or unreadable is refused with a
 * reason the door renders; GitHub failures other than a missing PR are thrown for the door to retry.
 */
export async function preparePullRequestJob(
  request: PullRequestJobRequest,
): Promise<PullRequestJobPlan | PullRequestJobRefusal> {
  const { owner, repo } = request;
  const read =
    typeof request.pullRequest === "number"
      ? await readPullRequest(request.octokit, { owner, repo, pullNumber: request.pullRequest })
      : openPullRequest(request.pullRequest, `${owner}/${repo}#${request.pullRequest.number}`);
  if (read.status === "refused") return read;
  const { pr } = read;
  return {
    status: "ready",
    pr,
    trust: decidePullRequestTrust(pr, { job: request.job, event: request.event }),
    lineage: pullRequestLineage({ owner, name: repo }, pr, request.defaultBranch),
  };
}
