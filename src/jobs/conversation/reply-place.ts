import type { ReplyPlace } from "../../github/conversation-reply.js";
import type { TriggerRun } from "../triggers/decide-trigger.js";

/** Answers go where the request was made: its review thread, else the PR or issue conversation. */
export function replyPlaceOf(run: TriggerRun, owner: string, repo: string): ReplyPlace | undefined {
  if (run.number === undefined) return undefined;
  const threadId = run.comment?.kind === "review" ? run.comment.threadId : undefined;
  return { owner, repo, number: run.number, ...(threadId !== undefined ? { threadId } : {}) };
}
