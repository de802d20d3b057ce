import { hasWriteAccess } from "../../../src/github/actor-permission.js";
import { postCommentOnce } from "../../../src/github/post-comment-once.js";
import { PermanentJobError } from "../job-executor.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * A job someone asked for in a comment runs only if that person can write to the repository. The
 * webhook only queued it for a collaborator; this asks the permission API, because a collaborator can
 * be read-only and the permission may have changed while the job waited. A refusal is said once on
 * the PR and the job is dropped.
 */
export async function requireWriteAccess(run: WorkerJob, what: "autofix" | "review"): Promise<void> {
  const { job, octokit } = run;
  const sender = job.trigger.sender;
  if (!sender) throw new PermanentJobError(`the ${what} request names no sender to check`);
  if (await hasWriteAccess(octokit, { owner: job.owner, repo: job.repo, username: sender })) return;
  await postCommentOnce(octokit, {
    owner: job.owner,
    repo: job.repo,
    issueNumber: job.pullNumber as number,
    body: `@${sender} does not have write access to ${job.owner}/${job.repo}, so this ${what} request was not run. A maintainer can ask for it instead.`,
  });
  throw new PermanentJobError(`${sender} has no write access; ${what} refused`);
}
