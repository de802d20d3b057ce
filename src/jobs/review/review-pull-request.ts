import { type CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { PullRequestRef } from "../../github/pull-request-ref.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import type { ContextBound } from "../../sessions/context-bound.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import type { JobSettings } from "../job-settings.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { pinAgentConfigToBase } from "../shared/pin-agent-config.js";
import { pullRequestLineage } from "../shared/pull-request-lineage.js";
import {
  type PublishedReview,
  publishReviewToGitHub,
  type ReviewTarget,
} from "./publish-review-to-github.js";
import { type ReviewResult, runReview } from "./run-review.js";

export const REVIEW_CHECK_NAME = "Claude review";

export interface PullRequestReviewJob {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pr: PullRequestRef;
  /** Checkout of the PR head with the base commit available (for `base...head`). */
  checkoutDir: string;
  /** Fork PR or pull_request_target: read-only built-in policy and `--bare`. */
  untrusted: boolean;
  /** Where the PR's lineage lives; undefined runs every review fresh. */
  store?: TranscriptStore;
  /** When the lineage stops being resumed and restarts from a summary (default DEFAULT_CONTEXT_BOUND). */
  contextBound?: ContextBound;
  /** Used when the PR carries no base ref (the lineage a first review forks from). */
  defaultBranch: string;
  commentMode: ReviewTarget["commentMode"];
  inlineCommentLimit: number;
  runUrl?: string;
  /** Called once the check run exists, e.g. to print progress. */
  log?: (line: string) => void;
}

export interface PullRequestReview {
  result: ReviewResult;
  published: PublishedReview;
  checkRunId: number;
}

/** Opens the review's check run on the PR head (in progress until the job completes it). */
export async function startReviewCheck(
  job: Pick<PullRequestReviewJob, "octokit" | "owner" | "repo" | "pr" | "runUrl">,
): Promise<{ checks: CheckRunPublisher; handle: CheckRunHandle }> {
  const checks = new CheckRunPublisher(job.octokit);
  const handle = await checks.start({
    owner: job.owner,
    repo: job.repo,
    name: REVIEW_CHECK_NAME,
    headSha: job.pr.headSha,
    ...(job.runUrl ? { detailsUrl: job.runUrl } : {}),
  });
  return { checks, handle };
}

/** Something outside the session failed (git, GitHub); the check run was closed as a failure first. */
export class ReviewJobError extends Error {
  override readonly name = "ReviewJobError";
}

/**
 * The whole review job for one PR head, shared by every door (Action, Lambda): open the check run,
 * pin the agent's configuration to the base branch, run the review session in the PR's lineage and
 * publish the review, the sticky summary and the check conclusion. Whatever fails, the check run is
 * completed: a PR never keeps a review that spins forever.
 */
export async function reviewPullRequest(
  job: PullRequestReviewJob,
  settings: JobSettings,
): Promise<PullRequestReview> {
  const { octokit, owner, repo, pr } = job;
  const { checks, handle } = await startReviewCheck(job);
  try {
    const checkout = new GitCheckout(job.checkoutDir);
    const pinned = await pinAgentConfigToBase(checkout, pr.baseSha, pr.headSha);
    if (pinned.changed.length > 0)
      job.log?.(`Agent configuration taken from the base branch: ${pinned.changed.join(", ")}`);
    if (job.untrusted) {
      // A fork can plant links to /proc or out of the checkout; they go before the agent reads it.
      const dropped = await dropEscapingSymlinks(job.checkoutDir);
      if (dropped.length > 0)
        job.log?.(`Removed symlinks that leave the checkout (untrusted PR): ${dropped.join(", ")}`);
    }
    let result: ReviewResult;
    try {
      result = await runReview(
        {
          repository: { owner, name: repo },
          checkoutDir: job.checkoutDir,
          baseSha: pr.baseSha,
          headSha: pr.headSha,
          pullRequest: { number: pr.number, title: pr.title, body: pr.body, author: pr.author },
          untrusted: job.untrusted,
          ...(job.store
            ? {
                lineage: {
                  store: job.store,
                  ...pullRequestLineage({ owner, name: repo }, pr, job.defaultBranch),
                  ...(job.contextBound ? { contextBound: job.contextBound } : {}),
                },
              }
            : {}),
        },
        settings,
      );
    } finally {
      await pinned.restore();
    }

    const { lineMap } = await fetchPullRequestLineMap(octokit, { owner, repo, pullNumber: pr.number });
    const published = await publishReviewToGitHub(
      {
        octokit,
        owner,
        repo,
        pullNumber: pr.number,
        headSha: pr.headSha,
        commentMode: job.commentMode,
        inlineCommentLimit: job.inlineCommentLimit,
        lineMap,
        ...(job.runUrl ? { runUrl: job.runUrl } : {}),
      },
      { publisher: checks, handle },
      result,
    );
    return { result, published, checkRunId: handle.checkRunId };
  } catch (error) {
    const message = `Claude review could not run: ${(error as Error).message}`;
    await checks
      .complete(handle, {
        outcome: { status: "failure", isError: true },
        title: "Claude review failed",
        summary: message,
        findings: [],
      })
      .catch(() => undefined);
    throw new ReviewJobError(message, { cause: error });
  }
}
