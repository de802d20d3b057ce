import { editConversationReply, type PostedReply, type ReplyPlace } from "../../github/conversation-reply.js";
import type { ManagedAgentsEngine } from "../../runner/managed-agents/managed-agents-engine.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { type GitHubAccess, githubClientOf } from "../shared/github-access.js";
import type { JobSettings } from "../shared/job-settings.js";
import { settleRemoteJobSession } from "../shared/run-job-session.js";
import { type AskPromptInput, buildAskPrompt } from "./ask-prompt.js";
import { askReplyBody } from "./ask-reply-body.js";
import { ASK_SCHEMA } from "./ask-schema.js";
import { type AskResult, askResultOf } from "./run-ask.js";

/** What the settle step of a remote question needs: where its "working…" reply is, to edit it. */
export interface RemoteAskRecord {
  kind: "ask";
  sessionId: string;
  owner: string;
  repo: string;
  /** The PR, issue or review thread the question was asked in. */
  place: ReplyPlace;
  /** The "working…" reply the worker posted, edited into the answer once. */
  reply: PostedReply;
  /** The mounted commit: the PR's head, or the default branch's tip for an issue. */
  headSha: string;
  startedAt: string;
  maxTurns?: number;
  /** When the job's time is up (ISO): a settle step or the sweeper then interrupts and archives it. */
  deadlineAt?: string;
}

export interface RemoteAskStart {
  question: AskPromptInput;
  owner: string;
  repo: string;
  headSha: string;
  place: ReplyPlace;
  reply: PostedReply;
  /** Mints the token the repository is mounted with (default: the engine's own). */
  mountToken?: () => Promise<string>;
}

/** Read tools only, judged as a review's: paths resolve against nothing local. */
const REMOTE_ASK_POLICY = builtInPolicy("review", { workspace: "/nonexistent-remote-workspace" });

/**
 * Starts a question on the Managed Agents engine without waiting: the same prompt and schema as on
 * the CLI, the repository mounted read-only at `headSha`. `settleRemoteAsk` edits the reply.
 */
export async function startRemoteAsk(
  job: RemoteAskStart,
  settings: JobSettings,
  engine: ManagedAgentsEngine,
): Promise<RemoteAskRecord> {
  const { sessionId } = await engine.start({
    jobKind: "ask",
    prompt: buildAskPrompt(job.question),
    jsonSchema: ASK_SCHEMA,
    maxBudgetUsd: settings.maxBudgetUsd,
    maxTurns: settings.maxTurns,
    workspace: { owner: job.owner, name: job.repo, headSha: job.headSha, access: "read" },
    ...(settings.model ? { model: settings.model } : {}),
    ...(job.mountToken ? { repositoryToken: job.mountToken } : {}),
  });
  return {
    kind: "ask",
    sessionId,
    owner: job.owner,
    repo: job.repo,
    place: job.place,
    reply: job.reply,
    headSha: job.headSha,
    startedAt: new Date().toISOString(),
    maxTurns: settings.maxTurns,
    // The same time budget a CLI session of this job gets, counted from the session's creation.
    deadlineAt: new Date(Date.now() + settings.timeoutMs).toISOString(),
  };
}

export type RemoteAskSettled =
  | { status: "waiting" }
  /** The session ended, but another settle step holds the right to publish it. */
  | { status: "claimed_elsewhere" }
  | { status: "published"; result: AskResult };

/**
 * One webhook's worth of work on a remote question: answer what the session waits on, or, once it
 * ended (or timed out), edit the "working…" reply into the answer or into what went wrong, once.
 */
export async function settleRemoteAsk(
  record: RemoteAskRecord,
  target: { octokit: GitHubAccess; claim?: () => Promise<boolean> },
  engine: ManagedAgentsEngine,
): Promise<RemoteAskSettled> {
  const settled = await settleRemoteJobSession(
    engine,
    record,
    { jsonSchema: ASK_SCHEMA, policy: REMOTE_ASK_POLICY },
    target.claim,
  );
  if (settled.status !== "settled") return settled;
  const result = askResultOf(settled.session);
  const octokit = await githubClientOf(target.octokit);
  await editConversationReply(octokit, record.place, record.reply, askReplyBody(result, undefined));
  return { status: "published", result };
}
