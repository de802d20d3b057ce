import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { editConversationReply, type PostedReply, type ReplyPlace } from "../../github/conversation-reply.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import type { DetachedJob, DetachedJobRecord } from "../shared/detached-job.js";
import { githubClientOf } from "../shared/github-access.js";
import { askReplyBody } from "./ask-reply-body.js";
import { ASK_SCHEMA } from "./ask-schema.js";
import { type AskResult, askResultOf } from "./run-ask.js";

/** What the finish of a begun question needs: where its "working…" reply is, to edit it. */
export interface AskRecord extends DetachedJobRecord {
  kind: "ask";
  /** The PR, issue or review thread the question was asked in. */
  place: ReplyPlace;
  /** The "working…" reply the door posted, edited into the answer once. */
  reply: PostedReply;
  /** The mounted commit: the PR's head, or the default branch's tip for an issue. */
  headSha: string;
}

/**
 * A question's finish when a later step settles it: the answer checked as on every engine
 * (askResultOf), and the "working…" reply edited into it or into what went wrong, once.
 */
export const askJob: DetachedJob<AskRecord, AskResult> = {
  check: () => ({
    jsonSchema: ASK_SCHEMA,
    policy: builtInPolicy("review", { workspace: NO_LOCAL_WORKSPACE }),
  }),
  async finish(record, session, context) {
    const result = askResultOf(session);
    const octokit = await githubClientOf(context.octokit);
    await editConversationReply(octokit, record.place, record.reply, askReplyBody(result, undefined));
    return { result, session, conclusion: result.status };
  },
};
