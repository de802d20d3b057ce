import type { FailOn } from "../../findings/review-conclusion.js";
import {
  type CheckRunHandle,
  CheckRunPublisher,
  jobCheckRunExternalId,
} from "../../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import type { ContextBound } from "../../sessions/context-bound.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import { classifyReplies } from "../learnings/classify-replies.js";
import type { RepositoryResolution } from "../learnings/resolution-ledger.js";
import { learningsForReview } from "../learnings/review-learnings.js";
import { tallyResolution } from "../learnings/tally-resolution.js";
import { followedSettings, followSession } from "../shared/follow-session.js";
import { GitCheckout } from "../shared/git-checkout.js";
import type { JobSettings } from "../shared/job-settings.js";
import { checkoutPullRequestHead, type HeadFetchSource } from "../shared/pull-request-head-checkout.js";
import type { PullRequestLineage } from "../shared/pull-request-lineage.js";
import type { PullRequestRef } from "../shared/pull-request-ref.js";
import {
  type RepositoryConfig,
  RepositoryConfigError,
  readRepositoryConfig,
} from "../shared/repository-config.js";
import { PathFilter, type PathFilterSettings } from "./path-filter.js";
import {
  type PublishedReview,
  publishingRules,
  publishReviewToGitHub,
  type ReviewTarget,
} from "./publish-review-to-github.js";
import { ReviewOverBudgetError } from "./review-budget.js";
import { reviewProgress } from "./review-progress.js";
import { type ReviewResult, reviewedChange, runReview } from "./run-review.js";

export const REVIEW_CHECK_NAME = "Claude review";

export interface PullRequestReviewJob {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pr: PullRequestRef;
  /** Checkout of the PR head with the base commit available (for `base...head`). */
  checkoutDir: string;
  /**
   * Where to fetch the PR head when `checkoutDir` is not at it (comment, label and
   * pull_request_target workflows check out the default branch). Without it the checkout is used
   * as given.
   */
  fetchHead?: HeadFetchSource;
  /**
   * The PR-setup step's trust decision (src/jobs/shared/prepare-pull-request-job.ts) said untrusted:
   * read-only built-in policy and `--bare`.
   */
  untrusted: boolean;
  /** Where the PR's lineage lives; undefined runs every review fresh. */
  store?: TranscriptStore;
  /** When the lineage stops being resumed and restarts from a summary (default DEFAULT_CONTEXT_BOUND). */
  contextBound?: ContextBound;
  /** The PR-setup step's lineage plan: the PR's own lineage and the base branch's a first review forks from. */
  lineage: PullRequestLineage;
  commentMode: ReviewTarget["commentMode"];
  /** The lowest severity that blocks (default `error`): see `reviewConclusion`. */
  failOn?: FailOn;
  /** Include/exclude globs of the door (Action inputs), added to the base branch's repository config. */
  pathFilter?: PathFilterSettings;
  /** `review <path…>`: review only these paths (globs or directories) of what the filters keep. */
  paths?: string[];
  /**
   * The job's identity across attempts (a queue message's id): a retry takes over the check run an
   * earlier attempt opened instead of opening a second one (see CheckRunPublisher.start).
   */
  checkRunJobId?: string;
  inlineCommentLimit: number;
  runUrl?: string;
  /** Called once the check run exists, e.g. to print progress. */
  log?: (line: string) => void;
  /**
   * The live checklist in the sticky comment (on unless `commentMode` is `none`): the least time
   * between two of its edits (default 3000 ms, GitHub's content-creation pacing).
   */
  progressIntervalMs?: number;
}

export type PullRequestReview =
  | {
      status: "reviewed";
      result: ReviewResult;
      published: PublishedReview;
      checkRunId: number;
      /** The repository's resolution rate with this PR's count in it (needs a session store). */
      repositoryResolution?: RepositoryResolution;
    }
  | {
      /** Every changed file is left out by path filters: neutral check, no model request. */
      status: "skipped";
      reason: string;
      excluded: string[];
      checkRunId: number;
    };

/** Opens the review's check run on the PR head (in progress until the job completes it). */
export async function startReviewCheck(
  job: Pick<PullRequestReviewJob, "octokit" | "owner" | "repo" | "pr" | "runUrl" | "checkRunJobId">,
): Promise<{ checks: CheckRunPublisher; handle: CheckRunHandle }> {
  const checks = new CheckRunPublisher(job.octokit);
  const handle = await checks.start({
    owner: job.owner,
    repo: job.repo,
    name: REVIEW_CHECK_NAME,
    headSha: job.pr.headSha,
    ...(job.runUrl ? { detailsUrl: job.runUrl } : {}),
    ...(job.checkRunJobId ? { jobExternalId: jobCheckRunExternalId(job.checkRunJobId) } : {}),
  });
  return { checks, handle };
}

/**
 * Every changed file is left out by path filters: the check run is completed as neutral and no
 * session starts (on either engine).
 */
export async function completeAsNotReviewed(
  checks: CheckRunPublisher,
  handle: CheckRunHandle,
  excludedFiles: readonly { path: string }[],
): Promise<{ reason: string; excluded: string[] }> {
  const excluded = excludedFiles.map((f) => f.path);
  const reason = `every changed file is left out by path filters (${excluded.length}: ${excluded.slice(0, 10).join(", ")}${excluded.length > 10 ? ", …" : ""})`;
  await checks.complete(handle, {
    outcome: { status: "neutral", isError: false },
    title: "Not reviewed: only excluded files changed",
    summary: `Claude did not review this commit: ${reason}. See the include and exclude settings (docs/github.md#path-filters).`,
    findings: [],
  });
  return { reason, excluded };
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
  const progress =
    job.commentMode === "none"
      ? undefined
      : await reviewProgress(
          octokit,
          { owner, repo, issueNumber: pr.number },
          {
            ...(job.progressIntervalMs === undefined ? {} : { minIntervalMs: job.progressIntervalMs }),
            ...(job.log ? { log: job.log } : {}),
          },
        );
  try {
    progress?.active("checkout");
    const checkoutDir = await headCheckoutFor(job, settings.hostEnv);
    const checkout = new GitCheckout(checkoutDir, settings.hostEnv);
    const { pathFilter, config } = await pathFilterFor(job, checkout);
    const change = await reviewedChange(checkout, { baseSha: pr.baseSha, headSha: pr.headSha, pathFilter });
    if (change.changedFiles.length === 0 && change.excluded.length > 0) {
      await progress?.fail("only files the path filters leave out changed", "not reviewed");
      const skipped = await completeAsNotReviewed(checks, handle, change.excluded);
      job.log?.(`Not reviewed: ${skipped.reason}`);
      return { status: "skipped", ...skipped, checkRunId: handle.checkRunId };
    }
    if (job.untrusted) {
      // A fork can plant links to /proc or out of the checkout; they go before the agent reads it.
      const dropped = await dropEscapingSymlinks(checkoutDir);
      if (dropped.length > 0)
        job.log?.(`Removed symlinks that leave the checkout (untrusted PR): ${dropped.join(", ")}`);
    }
    progress?.done(
      "checkout",
      job.untrusted
        ? "untrusted (a fork or pull_request_target): read-only tools, no secrets, `--bare`"
        : "trusted (same repository)",
    );
    const learned = await learningsForReview({
      store: job.store,
      octokit,
      owner,
      repo,
      pullNumber: pr.number,
      untrusted: job.untrusted,
      classify: (replies) => classifyReplies(replies, { owner, repo, headSha: pr.headSha }, settings),
      ...(job.log ? { log: job.log } : {}),
    });
    const follow = progress ? followSession(progress) : undefined;
    const result: ReviewResult = await runReview(
      {
        repository: { owner, name: repo },
        checkoutDir,
        baseSha: pr.baseSha,
        headSha: pr.headSha,
        pullRequest: { number: pr.number, title: pr.title, body: pr.body, author: pr.author },
        untrusted: job.untrusted,
        pathFilter,
        rules: learned ? { ...config, learned } : config,
        ...(job.store
          ? {
              lineage: {
                store: job.store,
                ...job.lineage,
                ...(job.contextBound ? { contextBound: job.contextBound } : {}),
              },
            }
          : {}),
      },
      follow ? followedSettings(settings, follow) : settings,
    );

    if (result.status === "reviewed")
      for (const note of result.checked.notes ?? []) job.log?.(`Rules: ${note}`);
    // How the session started and why (a lineage review names every start it weighed, with its
    // estimate), in the log as in the sticky comment.
    job.log?.(`Start: ${result.session.restore.message}`);
    for (const note of result.budget?.notes ?? []) job.log?.(note);
    if (result.budget)
      job.log?.(
        `Cost: estimated $${result.budget.estimate.usd.toFixed(4)} before the run, $${(result.session.outcome.totalCostUsd ?? 0).toFixed(4)} actual`,
      );
    progress?.active(
      "publishing",
      result.status === "reviewed" ? `${result.checked.review.findings.length} finding(s)` : undefined,
    );
    // The final summary is written over the checklist: no progress edit may land after it.
    await progress?.stop();
    const headNow = await currentHeadSha(octokit, { owner, repo, pullNumber: pr.number });
    if (headNow !== pr.headSha)
      job.log?.(
        `The PR head moved from ${pr.headSha.slice(0, 12)} to ${headNow.slice(0, 12)} during the review: no line comments are posted for the old head`,
      );
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
        ...(job.failOn ? { failOn: job.failOn } : {}),
        ...publishingRules(config),
        ...(headNow !== pr.headSha ? { headMovedTo: headNow } : {}),
        ...(job.runUrl ? { runUrl: job.runUrl } : {}),
      },
      { publisher: checks, handle },
      result,
    );
    const repositoryResolution = await tallyResolution({
      store: job.store,
      owner,
      repo,
      pullNumber: pr.number,
      resolution: published.review?.resolution,
      untrusted: job.untrusted,
      ...(job.log ? { log: job.log } : {}),
    });
    return {
      status: "reviewed",
      result,
      published,
      checkRunId: handle.checkRunId,
      ...(repositoryResolution ? { repositoryResolution } : {}),
    };
  } catch (error) {
    const message = `Claude review could not run: ${(error as Error).message}`;
    await progress?.fail(
      message,
      error instanceof ReviewOverBudgetError || error instanceof RepositoryConfigError
        ? "not reviewed"
        : "failed",
    );
    await checks
      .complete(handle, {
        outcome: { status: "failure", isError: true },
        title: notReviewedTitle(error),
        summary: notReviewedSummary(message, error),
        findings: [],
      })
      .catch(() => undefined);
    throw new ReviewJobError(message, { cause: error });
  }
}

/** The check run's title when the review stopped before publishing: why, in a few words. */
export function notReviewedTitle(error: unknown): string {
  if (error instanceof ReviewOverBudgetError) return "Not reviewed: over budget";
  if (error instanceof RepositoryConfigError) return "Not reviewed: invalid repository config";
  return "Claude review failed";
}

/** The check run's summary: the message, and each bad key of an invalid config on its own line. */
export function notReviewedSummary(message: string, error: unknown): string {
  if (!(error instanceof RepositoryConfigError)) return message;
  return [
    `Claude did not review this commit: \`${error.source}\` is not valid. Fix it on the base branch (schema: \`schema/claude-pr-runner.schema.json\`).`,
    error.problems.map((p) => `- ${p}`).join("\n"),
  ].join("\n\n");
}

/** The directory whose HEAD is exactly the PR head: the door's checkout, or one the job fetched. */
async function headCheckoutFor(job: PullRequestReviewJob, hostEnv: NodeJS.ProcessEnv): Promise<string> {
  if (!job.fetchHead) return job.checkoutDir;
  const head = await checkoutPullRequestHead(job.checkoutDir, job.pr, job.fetchHead, hostEnv);
  if (head.fetched)
    job.log?.(
      `Fetched the PR head ${job.pr.headSha.slice(0, 12)} (refs/pull/${job.pr.number}/head) into ${head.dir}: the workflow's checkout is not at it`,
    );
  if (head.droppedSymlinks.length > 0)
    job.log?.(`Removed symlinks that leave the fetched checkout: ${head.droppedSymlinks.join(", ")}`);
  return head.dir;
}

/** The PR's head on GitHub now; a push during the job makes it differ from the reviewed SHA. */
async function currentHeadSha(
  octokit: GitHubClient,
  target: { owner: string; repo: string; pullNumber: number },
): Promise<string> {
  const { data } = await octokit.rest.pulls.get({
    owner: target.owner,
    repo: target.repo,
    pull_number: target.pullNumber,
  });
  return data.head.sha;
}

/**
 * The door's globs plus the repository's own (read at the base commit, never the head), narrowed
 * to the paths a `review <path…>` command named.
 */
async function pathFilterFor(
  job: PullRequestReviewJob,
  checkout: GitCheckout,
): Promise<{ pathFilter: PathFilter; config: RepositoryConfig }> {
  const config = await readRepositoryConfig(checkout, job.pr.baseSha);
  const rules = reviewPathRules(config, job.pathFilter, job.paths);
  return { pathFilter: PathFilter.from(rules).narrow(rules.paths), config };
}

/** What decides which files a review covers: the repository's globs, then the door's, and the command's paths. */
export interface ReviewPathRules {
  include: string[];
  exclude: string[];
  paths: string[];
}

/** The repository's globs (read at the base commit) followed by the door's, plus a command's paths. */
export function reviewPathRules(
  repositoryConfig: PathFilterSettings,
  door: PathFilterSettings | undefined,
  paths: readonly string[] | undefined,
): ReviewPathRules {
  return {
    include: [...(repositoryConfig.include ?? []), ...(door?.include ?? [])],
    exclude: [...(repositoryConfig.exclude ?? []), ...(door?.exclude ?? [])],
    paths: [...(paths ?? [])],
  };
}
