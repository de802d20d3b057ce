import { postConversationReply } from "../../../src/github/conversation-reply.js";
import { fixedReplyText } from "../../../src/jobs/conversation/fixed-reply.js";
import { forgetFromComment } from "../../../src/jobs/learnings/forget-from-comment.js";
import type { TriggerRun } from "../../../src/jobs/triggers/decide-trigger.js";
import type { JobResult } from "../job-executor.js";
import { PermanentJobError } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { commentReplyPlace } from "./comment-reply-place.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * A reply that needs no model and no checkout: help, usage, the closed notice, or the refusal the
 * webhook decided for someone who cannot be a writer. One comment, in the thread that asked.
 */
export async function runReplyJob(run: WorkerJob): Promise<JobResult> {
  const { job, config } = run;
  const command = job.command;
  if (!command?.reply) throw new PermanentJobError("a reply job names no reply");
  await acknowledgeComment(run);
  if (command.reply === "forget") {
    if (!command.learningId || !job.trigger.sender)
      throw new PermanentJobError("a forget names no learning or requester");
    const outcome = await forgetFromComment({
      octokit: run.octokit,
      store: run.store,
      owner: job.owner,
      repo: job.repo,
      id: command.learningId,
      requester: job.trigger.sender,
      place: commentReplyPlace(job),
    });
    return { status: "completed", conclusion: `forget: ${outcome}` };
  }
  const asked: TriggerRun = {
    action: "run",
    job: command.reply === "refuse" ? "ask" : command.reply,
    trigger: `${job.trigger.event}.${job.trigger.action}`,
    requiresWriter: command.reply === "refuse",
    isPullRequest: command.isPullRequest,
    ...(job.trigger.sender ? { requester: job.trigger.sender } : {}),
    ...(command.unknownCommand ? { unknownCommand: command.unknownCommand } : {}),
  };
  const text = fixedReplyText(asked, command.reply, config.triggers, `${job.owner}/${job.repo}`);
  await postConversationReply(run.octokit, commentReplyPlace(job), text);
  return { status: "completed", conclusion: command.reply };
}
