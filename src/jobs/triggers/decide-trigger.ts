import { type PullRequestRef, pullRequestRef } from "../shared/pull-request-ref.js";
import { type CommentCommand, parseCommentCommand } from "./parse-comment-command.js";
import type { TriggerSettings } from "./trigger-settings.js";

/**
 * The one trigger model: what a GitHub event means, for the Action and for Lambda alike. Pure: it
 * reads the event name, its payload and the settings; the caller looks up the requester's
 * permission (an API call) and passes it to `authorizeTrigger`.
 *
 * Jobs that call the model: review, autofix, describe, ask, audit. Jobs that only post a fixed reply: help,
 * usage (unknown command), closed (a command on a closed PR or issue). Prune tidies up stored
 * sessions of a closed PR.
 */
export type TriggerJob =
  | "review"
  | "autofix"
  | "describe"
  | "ask"
  | "help"
  | "forget"
  | "usage"
  | "closed"
  | "prune"
  | "audit";

/** Jobs that cost a model request. Everything else is a fixed reply or housekeeping. */
export const MODEL_JOBS: ReadonlySet<TriggerJob> = new Set(["review", "autofix", "describe", "ask", "audit"]);

/** The comment that asked, and where an answer to it goes. */
export interface TriggerComment {
  id: number;
  /** `issue`: a PR or issue conversation comment; `review`: a comment in an inline review thread. */
  kind: "issue" | "review";
  /** Review threads only: the thread's first comment, the one GitHub's replies endpoint takes. */
  threadId?: number;
  author: string;
  /** Review threads only: the file and line the thread is on, and its diff hunk (for a question). */
  path?: string;
  line?: number;
  diffHunk?: string;
}

export type TriggerDecision =
  /** Not for us (or our own output): nothing is said, nothing runs. */
  | { action: "ignore"; reason: string }
  /** A rule declined it (a draft, a bot author): one line in the job summary, nothing runs. */
  | { action: "skip"; reason: string }
  | TriggerRun;

export interface TriggerRun {
  action: "run";
  job: TriggerJob;
  /** `event.action`, e.g. `issue_comment.created`. */
  trigger: string;
  /** Whose permission decides (comment author, label adder). Absent for automatic triggers. */
  requester?: string;
  /** The requester must be a writer (admin, maintain, write) or gets one refusal. */
  requiresWriter: boolean;
  /** The PR or issue; absent for audits. */
  number?: number;
  isPullRequest: boolean;
  /**
   * Present when the payload carries the whole PR; an issue comment only names its number. Whether
   * its head is trusted is the PR-setup step's decision (src/jobs/shared/prepare-pull-request-job.ts).
   */
  pullRequest?: PullRequestRef;
  comment?: TriggerComment;
  /** Two deliveries of one comment share this key: the job runs once. */
  dedupeKey?: string;
  /** `review <path…>`: the review is narrowed to these paths. */
  paths?: string[];
  /** `ask <question>` or a mention. */
  question?: string;
  /** The command word `usage` was asked for (unknown, or not meant for an issue). */
  unknownCommand?: string;
  /** `forget <id>`: the learned rule to stop applying. */
  learningId?: string;
}

const REVIEW_ACTIONS = new Set(["opened", "synchronize", "reopened", "ready_for_review"]);

/** Hidden markers on everything we publish start with this; a comment carrying one is ours. */
export const OWN_OUTPUT_MARKER = "<!-- claude-pr-runner:";

export function decideTrigger(
  eventName: string,
  payload: Record<string, unknown>,
  settings: TriggerSettings,
): TriggerDecision {
  const action = String(payload.action ?? "");
  const trigger = action ? `${eventName}.${action}` : eventName;
  if (eventName === "pull_request" || eventName === "pull_request_target") {
    return pullRequestDecision(action, trigger, payload, settings);
  }
  if (eventName === "issue_comment" || eventName === "pull_request_review_comment") {
    return commentDecision(eventName, action, trigger, payload, settings);
  }
  if (eventName === "schedule" || eventName === "workflow_dispatch") {
    return {
      action: "run",
      job: "audit",
      trigger,
      requiresWriter: false,
      isPullRequest: false,
    };
  }
  return ignore(`event ${eventName} is not a trigger`);
}

function pullRequestDecision(
  action: string,
  trigger: string,
  payload: Record<string, unknown>,
  settings: TriggerSettings,
): TriggerDecision {
  const pr = pullRequestRef(payload.pull_request);
  if (!pr) return ignore(`${trigger} has no pull_request object`);
  const base = {
    action: "run" as const,
    trigger,
    number: pr.number,
    isPullRequest: true,
    pullRequest: pr,
  };
  if (action === "closed") return { ...base, job: "prune", requiresWriter: false };
  if (action === "labeled") {
    const label = recordOf(payload.label).name;
    const job =
      label === settings.autofixLabel
        ? "autofix"
        : settings.reviewLabel !== "" && label === settings.reviewLabel
          ? "review"
          : undefined;
    if (!job) return ignore(`label ${String(label ?? "(none)")} is not a trigger`);
    if (stateOf(payload.pull_request) === "closed") return ignore(`PR #${pr.number} is closed`);
    // A writer asked for it by name: drafts and bot authors are not skipped.
    return { ...base, job, requiresWriter: true, ...requester(payload) };
  }
  if (!REVIEW_ACTIONS.has(action)) return ignore(`${trigger} is not a trigger`);
  if (pr.draft && !settings.reviewDrafts)
    return skip(`PR #${pr.number} is a draft: not reviewed until it is ready (or set review_drafts)`);
  const author = pr.author.toLowerCase();
  if (settings.skipAuthors.some((login) => login.toLowerCase() === author))
    return skip(`PR #${pr.number} is by ${pr.author}, not reviewed automatically (skip_authors)`);
  return { ...base, job: "review", requiresWriter: false };
}

function commentDecision(
  eventName: string,
  action: string,
  trigger: string,
  payload: Record<string, unknown>,
  settings: TriggerSettings,
): TriggerDecision {
  // An edit re-delivers a comment that already had its answer: only new comments ask.
  if (action !== "created") return ignore(`${trigger}: only new comments are commands`);
  const comment = recordOf(payload.comment);
  const user = recordOf(comment.user);
  const author = typeof user.login === "string" ? user.login : "";
  const body = typeof comment.body === "string" ? comment.body : "";
  if (typeof comment.id !== "number") return ignore(`${trigger} has no comment id`);
  // No loops: our own comments (and any bot's) never ask for anything.
  if (user.type === "Bot" || settings.selfLogins.some((l) => l.toLowerCase() === author.toLowerCase()))
    return ignore(`comment by ${author || "a bot"}: bots do not trigger jobs`);
  if (body.includes(OWN_OUTPUT_MARKER)) return ignore("comment carries our own marker");
  const command = parseCommentCommand(body, settings);
  if (!command) return ignore("comment is not addressed to us");

  const review = eventName === "pull_request_review_comment";
  const item = recordOf(review ? payload.pull_request : payload.issue);
  const number = item.number;
  if (typeof number !== "number") return ignore(`${trigger} names no PR or issue`);
  const isPullRequest = review || recordOf(payload.issue).pull_request !== undefined;
  const pr = review ? pullRequestRef(payload.pull_request) : undefined;
  const threadRoot = comment.in_reply_to_id;
  const base = {
    action: "run" as const,
    trigger,
    requester: author,
    number,
    isPullRequest,
    ...(pr ? { pullRequest: pr } : {}),
    comment: {
      id: comment.id,
      kind: review ? ("review" as const) : ("issue" as const),
      ...(review ? { threadId: typeof threadRoot === "number" ? threadRoot : comment.id } : {}),
      author,
      ...(review ? threadPlace(comment) : {}),
    },
    dedupeKey: `${eventName}:${comment.id}:${action}`,
  };
  if (stateOf(item) === "closed") return { ...base, job: "closed", requiresWriter: false };
  return { ...base, ...commandRun(command, isPullRequest) };
}

function commandRun(
  command: CommentCommand,
  isPullRequest: boolean,
): Pick<TriggerRun, "job" | "requiresWriter" | "paths" | "question" | "unknownCommand" | "learningId"> {
  switch (command.command) {
    case "review":
    case "fix":
    case "describe":
      // Reviews, fixes and descriptions need a PR: on an issue the command is answered with usage.
      if (!isPullRequest) return { job: "usage", requiresWriter: false, unknownCommand: command.command };
      if (command.command === "review") return { job: "review", requiresWriter: true, paths: command.paths };
      return command.command === "fix"
        ? { job: "autofix", requiresWriter: true }
        : { job: "describe", requiresWriter: true };
    case "ask":
      return { job: "ask", requiresWriter: true, question: command.question };
    case "help":
      return { job: "help", requiresWriter: false };
    case "forget":
      // Only a writer's word changes what reviews report.
      return { job: "forget", requiresWriter: true, learningId: command.id };
    case "unknown":
      return { job: "usage", requiresWriter: false, unknownCommand: command.word };
  }
}

/** Repository roles that may start model work. */
const WRITER_PERMISSIONS = new Set(["admin", "maintain", "write"]);

/**
 * Whether a decided run may go ahead, given the requester's permission on the repository (`admin`,
 * `maintain`, `write`, `triage`, `read` or `none`). A run that needs a writer and has none becomes a
 * `refuse`: one polite comment, no model request.
 */
export function authorizeTrigger(
  run: Pick<TriggerRun, "requiresWriter">,
  permission: string,
): "run" | "refuse" {
  if (!run.requiresWriter) return "run";
  return WRITER_PERMISSIONS.has(permission) ? "run" : "refuse";
}

function threadPlace(comment: Record<string, unknown>): Pick<TriggerComment, "path" | "line" | "diffHunk"> {
  const line = comment.line ?? comment.original_line;
  return {
    ...(typeof comment.path === "string" ? { path: comment.path } : {}),
    ...(typeof line === "number" ? { line } : {}),
    ...(typeof comment.diff_hunk === "string" ? { diffHunk: comment.diff_hunk } : {}),
  };
}

function requester(payload: Record<string, unknown>): { requester?: string } {
  const login = recordOf(payload.sender).login;
  return typeof login === "string" ? { requester: login } : {};
}

function stateOf(value: unknown): unknown {
  return recordOf(value).state;
}

function recordOf(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a string or number read as a record has none of our keys either
  return typeof value === "object" ? (value as Record<string, unknown>) : {};
}

function ignore(reason: string): TriggerDecision {
  return { action: "ignore", reason };
}

function skip(reason: string): TriggerDecision {
  return { action: "skip", reason };
}
