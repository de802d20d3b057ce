import { hasWriteAccess } from "../../github/actor-permission.js";
import { postConversationReply, type ReplyPlace } from "../../github/conversation-reply.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import { forgetSuppression, UnknownLearningError } from "./learnings-ledger.js";

export type ForgetOutcome = "forgotten" | "unknown" | "refused" | "no_store";

/**
 * `/claude forget <id>`, the same in every door: the requester's write permission is asked here
 * again (whatever the door decided before), the learning is marked forgotten in the store the
 * reviews read, and one reply says what happened.
 */
export async function forgetFromComment(input: {
  octokit: GitHubClient;
  store: TranscriptStore | undefined;
  owner: string;
  repo: string;
  id: string;
  requester: string;
  place: ReplyPlace | undefined;
  now?: () => Date;
}): Promise<ForgetOutcome> {
  const { outcome, text } = await forget(input);
  if (input.place) await postConversationReply(input.octokit, input.place, text);
  return outcome;
}

async function forget(
  input: Parameters<typeof forgetFromComment>[0],
): Promise<{ outcome: ForgetOutcome; text: string }> {
  const { octokit, owner, repo, id, requester } = input;
  if (!(await hasWriteAccess(octokit, { owner, repo, username: requester })))
    return {
      outcome: "refused",
      text: `Sorry, @${requester} does not have write access to ${owner}/${repo}, so learning \`${id}\` was not forgotten: only writers change what reviews learned.`,
    };
  if (!input.store)
    return {
      outcome: "no_store",
      text: `This repository keeps no review learnings: no session store is configured, so there is nothing to forget.`,
    };
  try {
    const record = await forgetSuppression({ store: input.store, owner, repo }, id, {
      by: requester,
      at: (input.now?.() ?? new Date()).toISOString(),
    });
    return {
      outcome: "forgotten",
      text: `Forgot learning \`${record.id}\` (from @${record.by}'s ${signalWords(record.signal)} on “${record.title}” in \`${record.path}\`). Later reviews report such findings again.`,
    };
  } catch (error) {
    if (!(error instanceof UnknownLearningError)) throw error;
    return {
      outcome: "unknown",
      text: `No active learning has the id \`${id}\` in ${owner}/${repo}. \`claude-pr-runner learnings list\` shows them.`,
    };
  }
}

function signalWords(signal: "thumbs_down" | "resolved_unchanged" | "reply"): string {
  if (signal === "thumbs_down") return "👎";
  if (signal === "resolved_unchanged") return "resolved thread";
  return "reply";
}
