import { claimComment } from "../../github/comment-reaction.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { TriggerRun } from "../triggers/decide-trigger.js";

/**
 * The first thing a comment-triggered job does: react with `eyes` (the asker sees within seconds
 * that it was picked up) and learn whether an earlier delivery of the same comment already did.
 * `duplicate`: this comment was handled before; nothing runs again. `gone`: it was deleted. Runs
 * not caused by a comment have nothing to claim.
 */
export async function claimTrigger(
  octokit: GitHubClient,
  run: TriggerRun,
  repository: { owner: string; repo: string },
): Promise<"claimed" | "duplicate" | "gone" | "not-a-comment"> {
  if (!run.comment) return "not-a-comment";
  const outcome = await claimComment(octokit, {
    ...repository,
    commentId: run.comment.id,
    kind: run.comment.kind,
  });
  return outcome === "seen" ? "duplicate" : outcome;
}
