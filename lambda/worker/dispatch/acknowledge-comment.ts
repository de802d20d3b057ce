import { claimComment } from "../../../src/github/comment-reaction.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * The `eyes` reaction on the comment that asked, as the job starts. On Lambda the webhook already
 * queued each comment once (deliveryIdentity), and a retried job must run again, so whether the
 * reaction existed does not matter here; a failure to react never fails the job.
 */
export async function acknowledgeComment(run: WorkerJob): Promise<void> {
  const comment = run.job.command?.comment;
  if (!comment) return;
  await claimComment(run.octokit, {
    owner: run.job.owner,
    repo: run.job.repo,
    commentId: comment.id,
    kind: comment.kind,
  }).catch((error: Error) => run.context.logger.warn(`could not react to the comment: ${error.message}`));
}
