import {
  type DescribedPullRequest,
  describePullRequest,
} from "../../../src/jobs/describe/describe-pull-request.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import type { JobResult } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { admitWorkerJob } from "./admit-worker-job.js";
import { cloneForJob } from "./clone-for-job.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * `/claude describe` from a writer: eyes on the comment, a read-only agent on a clone of the PR's
 * head (the CLI engine, as for questions on a Managed Agents deployment too), and the description
 * written into the PR body's own section, or a comment when the body cannot be edited. A fork's head
 * runs untrusted (`--bare`, read-only policy), exactly as its review does.
 */
export async function runDescribeJob(run: WorkerJob): Promise<JobResult> {
  await acknowledgeComment(run);
  const plan = await admitWorkerJob(run, "describe", { pullRequest: true, requested: true });
  const { pr } = plan;
  const untrusted = !plan.trust.trusted;
  const repository = await cloneForJob(run, { headSha: pr.headSha, baseSha: pr.baseSha });
  const { result } = await describeOnClone(
    run,
    { pr, checkoutDir: repository.dir, untrusted },
    await passThroughSessionSettings(run, { checkoutDir: repository.dir, configSha: pr.baseSha, untrusted }),
  );
  return jobResultFrom(result.session.outcome, result.status === "described" ? "success" : "failure");
}

/**
 * The describe job on a clone the worker already has (its own, or a review's for DESCRIBE_ON_OPEN),
 * with one log line saying how it ended and where the description went.
 */
export async function describeOnClone(
  run: WorkerJob,
  target: { pr: PullRequestRef; checkoutDir: string; untrusted: boolean },
  settings: JobSettings,
): Promise<DescribedPullRequest> {
  const { job } = run;
  const described = await describePullRequest(
    run.octokit,
    { repository: { owner: job.owner, name: job.repo }, ...target },
    settings,
  );
  const { result, published } = described;
  run.context.logger.info("describe finished", {
    status: result.status,
    ...(published ? { where: published.where } : {}),
    ...(result.status === "failed" ? { reason: result.reason } : { setAside: result.setAside.length }),
  });
  return described;
}
