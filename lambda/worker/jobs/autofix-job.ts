import { hasWriteAccess } from "../../../src/github/actor-permission.js";
import { postCommentOnce } from "../../../src/github/post-comment-once.js";
import { isFork } from "../../../src/github/pull-request-ref.js";
import { runAutofix } from "../../../src/jobs/autofix/run-autofix.js";
import { branchLineageKey } from "../../../src/sessions/lineage-key.js";
import { gitAuthEnv } from "../git-auth-env.js";
import { type JobResult, PermanentJobError } from "../job-executor.js";
import { cloneForJob } from "./clone-for-job.js";
import { jobResultFrom } from "./job-result.js";
import { openPullRequest } from "./open-pull-request.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * autofix-pr asked for in a PR comment. The webhook only queued it for a collaborator's comment; the
 * worker checks again, against the permission API, because a collaborator can be read-only and
 * because the permission may have changed while the job waited.
 */
export async function runAutofixJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const pullNumber = job.pullNumber as number;
  const pr = await openPullRequest(octokit, { owner: job.owner, repo: job.repo, pullNumber });
  const sender = job.trigger.sender;
  if (!sender) throw new PermanentJobError("the autofix request names no sender to check");
  if (!(await hasWriteAccess(octokit, { owner: job.owner, repo: job.repo, username: sender }))) {
    await postCommentOnce(octokit, {
      owner: job.owner,
      repo: job.repo,
      issueNumber: pullNumber,
      body: `@${sender} does not have write access to ${job.owner}/${job.repo}, so this autofix request was not run. A maintainer can ask for it instead.`,
    });
    throw new PermanentJobError(`${sender} has no write access; autofix refused`);
  }

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
      bot: config.bot,
      // The push authenticates with the installation token through git's environment, never on disk.
      gitEnv: gitAuthEnv(run.context.token),
      ...(run.store
        ? { lineage: { store: run.store, baseKey: branchLineageKey(job.owner, job.repo, pr.baseRef) } }
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
