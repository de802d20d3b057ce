import { getActorPermission } from "../../../src/github/actor-permission.js";
import { postConversationReply } from "../../../src/github/conversation-reply.js";
import { authorizeTrigger } from "../../../src/jobs/triggers/decide-trigger.js";
import { refusalReply } from "../../../src/jobs/triggers/trigger-replies.js";
import { PermanentJobError } from "../job-executor.js";
import { commentReplyPlace } from "./comment-reply-place.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * A job someone asked for (a comment, a label) runs only if that person can write to the
 * repository. The webhook only queued it for a possible writer; this asks the permission API,
 * because a collaborator can be read-only and the permission may have changed while the job
 * waited. A refusal is said once, where the request was made, and the job is dropped.
 */
export async function requireWriteAccess(run: WorkerJob, what: "autofix" | "review" | "ask"): Promise<void> {
  const { job, octokit } = run;
  const sender = job.trigger.sender;
  if (!sender) throw new PermanentJobError(`the ${what} request names no sender to check`);
  const permission = await getActorPermission(octokit, {
    owner: job.owner,
    repo: job.repo,
    username: sender,
  });
  const request = {
    action: "run" as const,
    job: what,
    trigger: `${job.trigger.event}.${job.trigger.action}`,
    requester: sender,
    requiresWriter: true,
    isPullRequest: job.command?.isPullRequest ?? true,
  };
  if (authorizeTrigger(request, permission) === "run") return;
  await postConversationReply(
    octokit,
    commentReplyPlace(job),
    refusalReply(request, `${job.owner}/${job.repo}`),
  );
  throw new PermanentJobError(`${sender} has ${permission} permission; ${what} refused`);
}
