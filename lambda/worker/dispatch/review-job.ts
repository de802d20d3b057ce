import { concludeStaleCheckRuns } from "../../../src/github/check-run-publisher.js";
import { REVIEW_CHECK_NAME, reviewPullRequest } from "../../../src/jobs/review/review-pull-request.js";
import type { JobResult } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { cloneForJob } from "./clone-for-job.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import { prepareWorkerPullRequest } from "./prepare-worker-pull-request.js";
import { requireWriteAccess } from "./require-write-access.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * Reviews the PR head named in the message. A head that moved on since the delivery is not reviewed:
 * the push that moved it queued its own review behind this one (same message group), so reviewing
 * the old commit would only cost money and post comments on code that is gone.
 */
export async function runReviewJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const plan = await prepareWorkerPullRequest(run, "review");
  const { pr } = plan;
  // Asked for in a comment: the commenter must be able to write; the current head is reviewed.
  if (job.trigger.commentId !== undefined) {
    await acknowledgeComment(run);
    await requireWriteAccess(run, "review");
  }
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
  const repository = await cloneForJob(run, { headSha: pr.headSha, baseSha: pr.baseSha });
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
    await passThroughSessionSettings(run, {
      checkoutDir: repository.dir,
      configSha: pr.baseSha,
      untrusted: !plan.trust.trusted,
    }),
  );
  if (review.status === "skipped") {
    run.context.logger.info("not reviewed: only excluded files changed", { reason: review.reason });
    return { status: "completed", conclusion: "neutral" };
  }
  return jobResultFrom(review.result.session.outcome, review.published.conclusion);
}
