import { postConversationReply } from "../../../src/github/conversation-reply.js";
import { admitJob } from "../../../src/jobs/conversation/admit-job.js";
import type { PullRequestJobPlan } from "../../../src/jobs/shared/prepare-pull-request-job.js";
import { refusalReply } from "../../../src/jobs/triggers/trigger-replies.js";
import { PermanentJobError } from "../job-executor.js";
import { commentReplyPlace } from "./comment-reply-place.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * The worker's admission: the shared step every door takes (src/jobs/conversation/admit-job.ts).
 * The PR as GitHub sees it now, the trust decision and the lineage plan (`pullRequest`), then, for a
 * job someone asked for (`requested`), that person's write permission, asked now: the webhook only
 * queued it for a possible writer. A refusal is said once, where the request was made. A job that is
 * not admitted can never run, so it is dropped (PermanentJobError) instead of retried.
 */
export async function admitWorkerJob<WithPullRequest extends boolean>(
  run: WorkerJob,
  what: "autofix" | "review" | "describe" | "ask",
  needs: { pullRequest: WithPullRequest; requested: boolean },
): Promise<WithPullRequest extends true ? PullRequestJobPlan : PullRequestJobPlan | undefined> {
  const { job, octokit } = run;
  const sender = job.trigger.sender;
  if (needs.requested && !sender) throw new PermanentJobError(`the ${what} request names no sender to check`);
  const requester = {
    job: what,
    trigger: `${job.trigger.event}.${job.trigger.action}`,
    requester: sender ?? "",
    requiresWriter: true,
    isPullRequest: job.command?.isPullRequest ?? true,
  };
  const admission = await admitJob(octokit, {
    owner: job.owner,
    repo: job.repo,
    ...(needs.pullRequest
      ? {
          pullRequest: {
            pullRequest: job.pullNumber as number,
            job: what,
            ...(job.trigger.event ? { event: job.trigger.event } : {}),
          },
        }
      : {}),
    ...(needs.requested ? { requester } : {}),
    reply: async (kind) => {
      // A PR closed since the delivery is only logged: the job is dropped with that reason.
      if (kind === "refuse")
        await postConversationReply(
          octokit,
          commentReplyPlace(job),
          refusalReply(requester, `${job.owner}/${job.repo}`),
        );
    },
  });
  if (admission.status === "refused")
    throw new PermanentJobError(`${sender} has ${admission.permission} permission; ${what} refused`);
  if (admission.status !== "admitted") throw new PermanentJobError(admission.message);
  return admission.plan as WithPullRequest extends true ? PullRequestJobPlan : PullRequestJobPlan | undefined;
}
