import { isFork } from "../../../src/github/pull-request-ref.js";
import { runAutofix } from "../../../src/jobs/autofix/run-autofix.js";
import { pullRequestLineage } from "../../../src/jobs/shared/pull-request-lineage.js";
import type { JobResult } from "../job-executor.js";
import { cloneForJob } from "./clone-for-job.js";
import { jobResultFrom } from "./job-result.js";
import { openPullRequest } from "./open-pull-request.js";
import { requireWriteAccess } from "./require-write-access.js";
import type { WorkerJob } from "./worker-job.js";

/** autofix-pr asked for in a PR comment by someone with write access. */
export async function runAutofixJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const pullNumber = job.pullNumber as number;
  const pr = await openPullRequest(octokit, { owner: job.owner, repo: job.repo, pullNumber });
  await requireWriteAccess(run, "autofix");

  const fork = isFork(pr);
  const repository = await cloneForJob(run, { headSha: pr.headSha, baseSha: pr.baseSha });
  const result = await runAutofix(
    {
      repository: { owner: job.owner, name: job.repo },
      checkoutDir: repository.dir,
      pullRequest: pr,
      // A fork's branch is not ours to push to: suggestions instead, from a read-only-ish session.
      isFork: fork,
      label: false,
      testCommands: config.testCommands,
      // The commit goes through the API as the App (Verified); git itself never holds a write token.
      ...(job.trigger.sender ? { requestedBy: { login: job.trigger.sender } } : {}),
      ...(run.store
        ? {
            lineage: {
              store: run.store,
              baseKey: pullRequestLineage({ owner: job.owner, name: job.repo }, pr).baseKey,
            },
          }
        : {}),
    },
    run.sessionSettings(),
    { github: octokit },
  );
  for (const note of result.notes) run.context.logger.warn(note);
  run.context.logger.info(`autofix: ${result.status}`, {
    detail: result.detail,
    commitSha: result.commitSha,
  });
  return jobResultFrom(result.session.outcome, result.status);
}
