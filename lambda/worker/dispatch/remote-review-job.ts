import type { JobResult } from "../job-executor.js";
import { prepareWorkerPullRequest } from "./prepare-worker-pull-request.js";
import { remoteSessionStarted } from "./remote-session-started.js";
import { requireWriteAccess } from "./require-write-access.js";
import { startManagedAgentsReview } from "./start-remote-review.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * The review job on the managed-agents engine: the same checks as on the CLI (PR open, commenter may
 * write, head not moved on), then the session is started with the repository mounted at the head and
 * the worker returns. Anthropic's webhook drives the rest (lambda/managed-agents), which publishes
 * through the same path as a CLI review. No clone, no CLI, no waiting.
 */
export async function runRemoteReviewJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit } = run;
  const remote = run.remote;
  if (!remote)
    throw new Error("ENGINE=managed-agents without the Managed Agents wiring (a deployment error)");
  const pullNumber = job.pullNumber as number;
  const { pr } = await prepareWorkerPullRequest(run, "review");
  if (job.trigger.commentId !== undefined) await requireWriteAccess(run, "review");
  if (job.headSha && pr.headSha !== job.headSha) {
    run.context.logger.info("head moved on since the delivery; the newer push has its own review", {
      queuedHeadSha: job.headSha,
      currentHeadSha: pr.headSha,
    });
    return { status: "completed", conclusion: "superseded" };
  }
  const started = await startManagedAgentsReview({
    octokit,
    owner: job.owner,
    repo: job.repo,
    pullNumber,
    pr,
    engine: await remote.engine(),
    store: remote.store,
    settings: run.sessionSettings(),
    installationId: job.installationId,
    ...(run.spendReservation ? { spendReservation: run.spendReservation } : {}),
    // Its own token: this repository, contents read, whatever the job's token may do.
    mountToken: () => remote.mountToken(job.installationId, job.repo),
    // The same files as a review on the CLI engine: repository config at the base, then the worker's.
    pathFilter: { include: run.config.include, exclude: run.config.exclude },
    ...(job.command?.paths?.length ? { paths: job.command.paths } : {}),
  });
  if (started.status === "skipped") {
    run.context.logger.info("not reviewed: only excluded files changed", { reason: started.reason });
    return { status: "completed", conclusion: "neutral" };
  }
  return remoteSessionStarted(run, "review", started.record);
}
