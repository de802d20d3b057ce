import { postCommentOnce } from "../../../src/github/post-comment-once.js";
import { beginAutofix } from "../../../src/jobs/autofix/autofix-job.js";
import { runAutofix } from "../../../src/jobs/autofix/run-autofix.js";
import { checkTriggerPin, headMovedMessage } from "../../../src/jobs/autofix/trigger-pin.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import type { JobResult } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { admitWorkerJob } from "./admit-worker-job.js";
import { cloneForJob } from "./clone-for-job.js";
import { detachedEngineOf, recordDetachedSession } from "./detached-session.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * autofix-pr asked for in a PR comment by someone with write access, pinned to one head commit: the
 * message's head SHA when the trigger carried one, else the head the worker reads when the job starts
 * (a comment's payload names no commit; the Action pins the same way). A push after that never rides
 * along: a moved head refuses the job, says so on the PR and costs no model call. On Managed Agents
 * a same-repository PR's session is begun at the pinned head and the settle function lands the
 * agent's patch after checking the pin again (the same finish); a fork's autofix never pushes, so it
 * stays on the CLI engine, which posts suggestions (docs/engines.md).
 */
export async function runAutofixJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const pullNumber = job.pullNumber as number;
  const target = { owner: job.owner, repo: job.repo, pullNumber };
  await acknowledgeComment(run);
  const plan = await admitWorkerJob(run, "autofix", { pullRequest: true, requested: true });
  const { pr } = plan;

  const pinnedSha = job.headSha ?? pr.headSha;
  if (pinnedSha !== pr.headSha) return refuseUnpinned(run, headMovedMessage(pinnedSha, pr.headSha));
  const fork = !plan.trust.trusted;
  if (run.remote && !fork) return beginDetachedAutofix(run, run.remote, pr, pinnedSha);
  if (run.remote)
    run.context.logger.info("a fork's autofix runs on the cli engine (suggestions, never a push)");
  const repository = await cloneForJob(run, { headSha: pinnedSha, baseSha: pr.baseSha });
  // The clone took time: the PR's head on GitHub must still be the pinned commit.
  const pin = await checkTriggerPin(octokit, new GitCheckout(repository.dir, run.config.hostEnv), {
    ...target,
    headSha: pinnedSha,
  });
  if (!pin.pinned) return refuseUnpinned(run, pin.message);
  const result = await runAutofix(
    {
      repository: { owner: job.owner, name: job.repo },
      checkoutDir: repository.dir,
      pullRequest: pr,
      // A fork's branch is not ours to push to: suggestions instead, from a read-only-ish session.
      isFork: fork,
      label: false,
      // Every attempt of this message reports on one check run.
      checkRunJobId: job.jobId,
      testCommands: config.testCommands,
      ...(config.autofixRunWorkflows ? { runWorkflowsOnFix: true } : {}),
      // The commit goes through the API as the App (Verified); git itself never holds a write token.
      ...(job.trigger.sender ? { requestedBy: { login: job.trigger.sender } } : {}),
      ...(run.store
        ? {
            lineage: {
              store: run.store,
              baseKey: plan.lineage.baseKey,
            },
          }
        : {}),
    },
    await passThroughSessionSettings(run, {
      checkoutDir: repository.dir,
      configSha: pr.baseSha,
      untrusted: fork,
    }),
    { github: octokit },
  );
  if (result.droppedSymlinks.length > 0)
    run.context.logger.info("removed symlinks that leave the checkout (untrusted PR)", {
      paths: result.droppedSymlinks,
    });
  for (const note of result.notes) run.context.logger.warn(note);
  run.context.logger.info(`autofix: ${result.status}`, {
    detail: result.detail,
    commitSha: result.commitSha,
  });
  return jobResultFrom(result.session.outcome, result.status);
}

async function beginDetachedAutofix(
  run: WorkerJob,
  remote: NonNullable<WorkerJob["remote"]>,
  pr: PullRequestRef,
  pinnedSha: string,
): Promise<JobResult> {
  const { job, octokit, config } = run;
  const record = await beginAutofix(
    {
      octokit,
      owner: job.owner,
      repo: job.repo,
      pullRequest: {
        number: pr.number,
        title: pr.title,
        body: pr.body,
        author: pr.author,
        headRef: pr.headRef,
        headSha: pinnedSha,
        baseSha: pr.baseSha,
      },
      isFork: false,
      testCommands: config.testCommands,
      ...(config.autofixRunWorkflows ? { runWorkflowsOnFix: true } : {}),
      ...(job.trigger.sender ? { requestedBy: { login: job.trigger.sender } } : {}),
      // Its own token: this repository, contents read. The agent's edits come back as a patch.
      mountToken: () => remote.mountToken(job.installationId, job.repo),
    },
    run.sessionSettings(),
    await detachedEngineOf(remote),
  );
  return recordDetachedSession(run, remote, "autofix", record);
}

export async function refuseUnpinned(run: WorkerJob, message: string): Promise<JobResult> {
  const { job } = run;
  run.context.logger.warn("autofix refused: the head moved", { detail: message });
  await postCommentOnce(run.octokit, {
    owner: job.owner,
    repo: job.repo,
    issueNumber: job.pullNumber as number,
    body: message,
  });
  return { status: "completed", conclusion: "head_moved" };
}
