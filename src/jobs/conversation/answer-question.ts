import {
  editConversationReply,
  type PostedReply,
  postConversationReply,
  type ReplyPlace,
} from "../../github/conversation-reply.js";
import type { GitHubClient } from "../../github/github-client.js";
import { askReplyBody } from "../ask/ask-reply-body.js";
import type { AskResult } from "../ask/run-ask.js";

export const WORKING_TEXT = "Working on it… this comment will be updated with the answer.";

/**
 * Posts a "working…" reply at once, runs the read-only agent, and edits the reply into the answer,
 * or into what went wrong: no reply is left saying "working" after the job ends, even when the
 * session throws.
 */
export async function answerQuestion(
  octokit: GitHubClient,
  place: ReplyPlace,
  ask: () => Promise<AskResult>,
): Promise<{ result: AskResult | undefined; reply: PostedReply; error?: string }> {
  const reply = await postConversationReply(octokit, place, WORKING_TEXT);
  let result: AskResult | undefined;
  let error: string | undefined;
  try {
    result = await ask();
    if (result.status === "failed") error = result.reason;
  } catch (thrown) {
    error = (thrown as Error).message;
  }
  await editConversationReply(octokit, place, reply, askReplyBody(result, error));
  return { result, reply, ...(error !== undefined ? { error } : {}) };
}
