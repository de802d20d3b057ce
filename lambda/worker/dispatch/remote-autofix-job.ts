import { startRemoteAutofix } from "../../../src/jobs/autofix/remote-autofix.js";
import { headMovedMessage } from "../../../src/jobs/autofix/trigger-pin.js";
import type { JobResult } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { refuseUnpinned, runAutofixJob } from "./autofix-job.js";
import { prepareWorkerPullRequest } from "./prepare-worker-pull-request.js";
import { recordRemoteSession, remoteSessionStarted } from "./remote-session-started.js";
import { requireWriteAccess } from "./require-write-access.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * autofix-pr on the managed-agents engine: the same checks as on the CLI (PR open, the asker may
 * write, the head still the commit autofix was asked for on), then the session is started at that
 * head and the worker returns. The settle function lands the agent's patch and pushes it, after
 * checking the pin again. A fork's autofix never pushes: it runs on the CLI engine, which posts
 * suggestions (docs/engines.md).
 */
export async function runRemoteAutofixJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const remote = run.remote;
  if (!remote)
    throw new Error("ENGINE=managed-agents without the Managed Agents wiring (a deployment error)");
  const plan = await prepareWorkerPullRequest(run, "autofix");
  const { pr } = plan;
  if (!plan.trust.trusted) {
    run.context.logger.info("a fork's autofix runs on the cli engine (suggestions, never a push)");
    return runAutofixJob(run);
  }
  await acknowledgeComment(run);
  await requireWriteAccess(run, "autofix");
  const pinnedSha = job.headSha ?? pr.headSha;
  if (pinnedSha !== pr.headSha) return refuseUnpinned(run, headMovedMessage(pinnedSha, pr.headSha));

  const record = await startRemoteAutofix(
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
      ...(job.trigger.sender ? { requestedBy: { login: job.trigger.sender } } : {}),
      // Its own token: this repository, contents read. The agent's edits come back as a patch.
      mountToken: () => remote.mountToken(job.installationId, job.repo),
    },
    run.sessionSettings(),
    await remote.engine(),
  );
  await recordRemoteSession(run, remote, record);
  return remoteSessionStarted(run, "autofix", record);
}
