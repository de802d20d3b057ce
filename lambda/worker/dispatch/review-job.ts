import type { DetachedEngine } from "../../../src/engines/engine.js";
import { concludeStaleCheckRuns } from "../../../src/github/check-run-publisher.js";
import { resolutionRate } from "../../../src/github/finding-resolution.js";
import type { GitHubClient } from "../../../src/github/github-client.js";
import type { PathFilterSettings } from "../../../src/jobs/review/path-filter.js";
import { beginReview, type ReviewBegin, type ReviewBegun } from "../../../src/jobs/review/review-job.js";
import { REVIEW_CHECK_NAME, reviewPullRequest } from "../../../src/jobs/review/review-pull-request.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { readPullRequest } from "../../../src/jobs/shared/read-pull-request.js";
import type { TranscriptStore } from "../../../src/sessions/transcript-store.js";
import type { SessionRecordStore, SpendReservationRef } from "../../shared/session-record-store.js";
import type { JobResult } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { admitWorkerJob } from "./admit-worker-job.js";
import { cloneForJob } from "./clone-for-job.js";
import { describeOnClone } from "./describe-job.js";
import { detachedEngineOf, detachedSessionStarted } from "./detached-session.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * Reviews the PR head named in the message: on a clone through the agent function (CLI engine), or
 * begun on Managed Agents with no clone, whose webhook settles it through the same finish. A head that moved on since the delivery is not reviewed:
 * the push that moved it queued its own review behind this one (same message group), so reviewing
 * the old commit would only cost money and post comments on code that is gone.
 */
export async function runReviewJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  // Asked for in a comment: the commenter must be able to write; the current head is reviewed.
  const requested = job.trigger.commentId !== undefined;
  if (requested) await acknowledgeComment(run);
  const plan = await admitWorkerJob(run, "review", { pullRequest: true, requested });
  const { pr } = plan;
  if (job.headSha && pr.headSha !== job.headSha) {
    // An earlier attempt of this job (or of another on that commit) may have opened a review check
    // there and been stopped: conclude it, or it blocks the commit's merge in progress for good.
    const concluded = await concludeStaleCheckRuns(
      octokit,
      { owner: job.owner, repo: job.repo, headSha: job.headSha, name: REVIEW_CHECK_NAME },
      {
        title: `Superseded by ${pr.headSha.slice(0, 7)}`,
        summary: `superseded by ${pr.headSha.slice(0, 7)}: a newer push has its own review, so this commit is not reviewed.`,
      },
    );
    run.context.logger.info("head moved on since the delivery; the newer push has its own review", {
      queuedHeadSha: job.headSha,
      currentHeadSha: pr.headSha,
      concludedCheckRuns: concluded.length,
    });
    return { status: "completed", conclusion: "superseded" };
  }
  if (run.remote) {
    const remote = run.remote;
    const begun = await beginWorkerReview({
      octokit,
      owner: job.owner,
      repo: job.repo,
      pullNumber: pr.number,
      pr,
      engine: await detachedEngineOf(remote),
      store: remote.store,
      settings: run.sessionSettings(),
      installationId: job.installationId,
      ...(run.spendReservation ? { spendReservation: run.spendReservation } : {}),
      // Its own token: this repository, contents read, whatever the job's token may do.
      mountToken: () => remote.mountToken(job.installationId, job.repo),
      // The same files as on the CLI engine: repository config at the base, then the worker's.
      pathFilter: { include: config.include, exclude: config.exclude },
      ...(job.command?.paths?.length ? { paths: job.command.paths } : {}),
      commentMode: config.commentMode,
      ...(run.store ? { transcripts: run.store } : {}),
      log: (line) => run.context.logger.info(line),
    });
    if (config.describeOnOpen && job.trigger.action === "opened")
      run.context.logger.info(
        "DESCRIBE_ON_OPEN runs on the cli engine; this review was begun on managed-agents",
      );
    if (begun.status === "skipped") {
      run.context.logger.info("not reviewed: only excluded files changed", { reason: begun.reason });
      return { status: "completed", conclusion: "neutral" };
    }
    return detachedSessionStarted(run, "review", begun.record);
  }
  const repository = await cloneForJob(run, { headSha: pr.headSha, baseSha: pr.baseSha });
  const settings = await passThroughSessionSettings(run, {
    checkoutDir: repository.dir,
    configSha: pr.baseSha,
    untrusted: !plan.trust.trusted,
  });
  const review = await reviewPullRequest(
    {
      octokit,
      owner: job.owner,
      repo: job.repo,
      pr,
      checkoutDir: repository.dir,
      // A fork's head is someone else's code: read-only policy and --bare, as in the Action.
      untrusted: !plan.trust.trusted,
      // `review <path…>`: only those paths.
      ...(job.command?.paths?.length ? { paths: job.command.paths } : {}),
      ...(run.store ? { store: run.store } : {}),
      lineage: plan.lineage,
      commentMode: config.commentMode,
      failOn: config.failOn,
      pathFilter: { include: config.include, exclude: config.exclude },
      inlineCommentLimit: config.inlineCommentLimit,
      contextBound: config.sessionContextBound,
      // Every attempt of this message reports on one check run.
      checkRunJobId: job.jobId,
      log: (line) => run.context.logger.info(line),
    },
    settings,
  );
  if (config.describeOnOpen && job.trigger.action === "opened")
    await describeOnOpen(run, { pr, checkoutDir: repository.dir, untrusted: !plan.trust.trusted }, settings);
  if (review.status === "skipped") {
    run.context.logger.info("not reviewed: only excluded files changed", { reason: review.reason });
    return { status: "completed", conclusion: "neutral" };
  }
  // The worker logs it next to the actual cost ("job completed") and records both as metrics.
  const estimate = review.result.budget?.estimate;
  const resolution = review.published.review?.resolution;
  return {
    ...jobResultFrom(review.result.session.outcome, review.published.conclusion),
    ...(estimate ? { estimatedCostUsd: estimate.usd } : {}),
    ...(resolution ? { resolutionRate: resolutionRate(resolution) } : {}),
    ...(review.repositoryResolution ? { repositoryResolutionRate: review.repositoryResolution.rate } : {}),
  };
}

/**
 * `DESCRIBE_ON_OPEN`: a newly opened PR's description, written on the review's clone after the
 * review (the Action's `mode: describe` on `opened`). Best effort: the review is the job, so a
 * description that fails is logged and never fails it.
 */
async function describeOnOpen(
  run: WorkerJob,
  target: { pr: PullRequestRef; checkoutDir: string; untrusted: boolean },
  settings: JobSettings,
): Promise<void> {
  try {
    await describeOnClone(run, target, settings);
  } catch (error) {
    run.context.logger.warn("describe on open failed; the review stands", {
      error: (error as Error).message,
    });
  }
}

/**
 * A review begun on a detached engine from the worker: read the PR (unless given), open the check
 * run, begin the session (diff from the API: no clone, no CLI image) told what the PR's previous
 * remote session found, and record it, with its installation and spend reservation, for the settle
 * step. A PR whose changed files the path filters all leave out gets a neutral check and no session.
 */
export async function beginWorkerReview(run: {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
  /** The PR as the caller already read it; read here when absent. */
  pr?: PullRequestRef;
  engine: DetachedEngine;
  store: SessionRecordStore;
  settings: JobSettings;
  runUrl?: string;
  installationId?: number;
  spendReservation?: SpendReservationRef;
  /** Mints the mount token: this repository only, contents read (default: the engine's own). */
  mountToken?: () => Promise<string>;
  /** The worker's INCLUDE and EXCLUDE, added to the repository's own globs (read at the base). */
  pathFilter?: PathFilterSettings;
  /** `review <path…>`: only these paths. */
  paths?: string[];
  /** The worker's comment mode: unless `none`, the sticky comment shows the review's progress. */
  commentMode?: ReviewBegin["commentMode"];
  /** The sessions bucket, beside which the noise memory lives. */
  transcripts?: TranscriptStore;
  log?: (line: string) => void;
}): Promise<ReviewBegun> {
  const pr = run.pr ?? (await openPullRequest(run));
  const previous = await run.store.latestForPullRequest({
    owner: run.owner,
    repo: run.repo,
    pullNumber: pr.number,
  });
  const begun = await beginReview(
    {
      octokit: run.octokit,
      owner: run.owner,
      repo: run.repo,
      pr,
      ...(run.runUrl ? { runUrl: run.runUrl } : {}),
      ...(run.mountToken ? { mountToken: run.mountToken } : {}),
      ...(run.pathFilter ? { pathFilter: run.pathFilter } : {}),
      ...(run.paths?.length ? { paths: run.paths } : {}),
      ...(run.commentMode ? { commentMode: run.commentMode } : {}),
      ...(run.transcripts ? { transcripts: run.transcripts } : {}),
      ...(run.log ? { log: run.log } : {}),
    },
    run.settings,
    run.engine,
    previous,
  );
  if (begun.status === "skipped") return begun;
  await run.store.put(begun.record, {
    ...(run.installationId === undefined ? {} : { installationId: run.installationId }),
    ...(run.spendReservation ? { spendReservation: run.spendReservation } : {}),
  });
  return begun;
}

/** The PR read by the shared PR-setup reader: one that is gone, closed or merged is not reviewed. */
async function openPullRequest(run: {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
}): Promise<PullRequestRef> {
  const read = await readPullRequest(run.octokit, run);
  if (read.status === "refused") throw new Error(`not reviewed: ${read.message}`);
  return read.pr;
}
