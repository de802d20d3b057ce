import type { ReplyPlace } from "../../../src/github/conversation-reply.js";
import type { JobMessage } from "../../shared/job-message.js";

/** Where the answer to a comment-triggered job goes: its review thread, else the PR or issue. */
export function commentReplyPlace(job: JobMessage): ReplyPlace {
  const threadId = job.command?.comment?.kind === "review" ? job.command.comment.threadId : undefined;
  return {
    owner: job.owner,
    repo: job.repo,
    number: job.pullNumber as number,
    ...(threadId !== undefined ? { threadId } : {}),
  };
}
