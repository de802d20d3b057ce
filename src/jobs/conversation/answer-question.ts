import {
  editConversationReply,
  type PostedReply,
  postConversationReply,
  type ReplyPlace,
} from "../../github/conversation-reply.js";
import type { GitHubClient } from "../../github/github-client.js";
import { ProgressChecklist } from "../../github/progress-checklist.js";
import type { ProgressEvent } from "../../runner/progress-event.js";
import { askReplyBody } from "../ask/ask-reply-body.js";
import type { AskResult } from "../ask/run-ask.js";
import { followSession } from "../shared/follow-session.js";

export const WORKING_TEXT = "Working on it… this comment will be updated with the answer.";

/** A question's steps as its "working…" reply shows them while the agent works. */
export const ASK_MILESTONES = [
  { id: "checkout", label: "Checkout of the code asked about" },
  { id: "session", label: "Session started" },
  { id: "reading", label: "Reading the code" },
  { id: "answering", label: "Writing the answer" },
] as const;

/**
 * Posts a "working…" reply at once, runs the read-only agent, and edits the reply into the answer,
 * or into what went wrong: no reply is left saying "working" after the job ends, even when the
 * session throws. While the agent works the reply is a live checklist (ProgressChecklist: paced,
 * coalesced, best effort), fed by the session's progress events through `follow`.
 */
export async function answerQuestion(
  octokit: GitHubClient,
  place: ReplyPlace,
  ask: (follow: (event: ProgressEvent) => void) => Promise<AskResult>,
  options: { progressIntervalMs?: number; log?: (line: string) => void } = {},
): Promise<{ result: AskResult | undefined; reply: PostedReply; error?: string }> {
  const reply = await postConversationReply(octokit, place, WORKING_TEXT);
  const progress = new ProgressChecklist({
    title: "Claude: working…",
    milestones: ASK_MILESTONES,
    write: (body) => editConversationReply(octokit, place, reply, body),
    ...(options.progressIntervalMs === undefined ? {} : { minIntervalMs: options.progressIntervalMs }),
    ...(options.log ? { log: options.log } : {}),
  });
  progress.active("checkout");
  let result: AskResult | undefined;
  let error: string | undefined;
  try {
    result = await ask(followSession(progress, { afterResult: "answering" }));
    if (result.status === "failed") error = result.reason;
  } catch (thrown) {
    error = (thrown as Error).message;
  }
  // The answer is the reply's last edit: no progress edit may land after it.
  await progress.stop();
  await editConversationReply(octokit, place, reply, askReplyBody(result, error));
  return { result, reply, ...(error !== undefined ? { error } : {}) };
}
