import {
  type PullRequestJobPlan,
  preparePullRequestJob,
} from "../../../src/jobs/shared/prepare-pull-request-job.js";
import type { PullRequestJobKind } from "../../../src/jobs/shared/pull-request-trust.js";
import { PermanentJobError } from "../job-executor.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * The worker's PR setup: the shared step every door takes (the PR as GitHub sees it now, the trust
 * decision, the lineage plan). A PR closed, merged or deleted since the delivery can never be
 * worked on, so the job is dropped with that reason instead of retried.
 */
export async function prepareWorkerPullRequest(
  run: WorkerJob,
  job: PullRequestJobKind,
): Promise<PullRequestJobPlan> {
  const plan = await preparePullRequestJob({
    octokit: run.octokit,
    owner: run.job.owner,
    repo: run.job.repo,
    pullRequest: run.job.pullNumber as number,
    job,
    ...(run.job.trigger.event ? { event: run.job.trigger.event } : {}),
  });
  if (plan.status === "refused") throw new PermanentJobError(plan.message);
  return plan;
}
