import { editConversationReply, postConversationReply } from "../../../src/github/conversation-reply.js";
import { askThreadOf } from "../../../src/jobs/ask/ask-prompt.js";
import { askReplyBody } from "../../../src/jobs/ask/ask-reply-body.js";
import { startRemoteAsk } from "../../../src/jobs/ask/remote-ask.js";
import { WORKING_TEXT } from "../../../src/jobs/conversation/answer-question.js";
import type { PullRequestJobPlan } from "../../../src/jobs/shared/prepare-pull-request-job.js";
import type { JobResult } from "../job-executor.js";
import { PermanentJobError } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { commentReplyPlace } from "./comment-reply-place.js";
import { prepareWorkerPullRequest } from "./prepare-worker-pull-request.js";
import { recordRemoteSession, remoteSessionStarted } from "./remote-session-started.js";
import { requireWriteAccess } from "./require-write-access.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * A question on the managed-agents engine: the same checks and "working…" reply as on the CLI, then
 * a session with the PR head (or, for an issue, the default branch's tip) mounted read-only, and the
 * worker returns. The settle function edits the reply into the answer once the session ends, or into
 * what went wrong when it timed out or was abandoned. No clone, no CLI, no waiting.
 */
export async function runRemoteAskJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit } = run;
  const remote = run.remote;
  if (!remote)
    throw new Error("ENGINE=managed-agents without the Managed Agents wiring (a deployment error)");
  const command = job.command;
  if (!command?.question) throw new PermanentJobError("an ask job carries no question");
  await acknowledgeComment(run);
  const target = { owner: job.owner, repo: job.repo };
  let plan: PullRequestJobPlan | undefined;
  let issue: { number: number; title: string; body: string } | undefined;
  if (command.isPullRequest) {
    plan = await prepareWorkerPullRequest(run, "ask");
  } else {
    const { data } = await octokit.rest.issues.get({ ...target, issue_number: job.pullNumber as number });
    issue = { number: data.number, title: data.title, body: data.body ?? "" };
  }
  await requireWriteAccess(run, "ask");

  const pr = plan?.pr;
  const place = commentReplyPlace(job);
  const reply = await postConversationReply(octokit, place, WORKING_TEXT);
  try {
    const headSha = pr ? pr.headSha : await defaultBranchTip(run);
    const record = await startRemoteAsk(
      {
        question: {
          repository: `${job.owner}/${job.repo}`,
          question: command.question,
          asker: job.trigger.sender ?? "",
          ...(pr ? { pullRequest: pr } : {}),
          ...(issue ? { issue } : {}),
          ...askThreadOf(command.comment),
        },
        owner: job.owner,
        repo: job.repo,
        headSha,
        place,
        reply,
        // Its own token: this repository, contents read, whatever the job's token may do.
        mountToken: () => remote.mountToken(job.installationId, job.repo),
      },
      run.sessionSettings(),
      await remote.engine(),
    );
    await recordRemoteSession(run, remote, record);
    return remoteSessionStarted(run, "ask", record);
  } catch (error) {
    // No session to settle it: the reply says what went wrong now, never "working" for good.
    await editConversationReply(octokit, place, reply, askReplyBody(undefined, (error as Error).message));
    throw new PermanentJobError(`the question was not answered: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** A question on an issue reads the default branch as it is now. */
async function defaultBranchTip(run: WorkerJob): Promise<string> {
  const { octokit, job } = run;
  const target = { owner: job.owner, repo: job.repo };
  const { data: repo } = await octokit.rest.repos.get(target);
  const { data: tip } = await octokit.rest.git.getRef({ ...target, ref: `heads/${repo.default_branch}` });
  return tip.object.sha;
}
