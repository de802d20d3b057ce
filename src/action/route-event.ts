import { isFork, type PullRequestRef, pullRequestRef } from "../github/pull-request-ref.js";

export { isFork, type PullRequestRef, pullRequestRef };

/**
 * Decides which job a GitHub event asks for. Pure: it reads the event name, its payload and the
 * action's settings, and says what to run and what must still be checked (the actor's permission is
 * an API call, made by the caller). Everything not recognised is skipped with a reason, never guessed.
 */
export type JobKind = "review" | "autofix" | "audit";

export interface RouteSettings {
  /** `auto` routes by event; an explicit kind forces that job. */
  mode: "auto" | JobKind;
  autofixLabel: string;
  reviewDrafts: boolean;
  /** Comment command that asks for a review, e.g. `/claude review`. */
  reviewCommand: string;
}

export type Route =
  | {
      job: JobKind;
      /** Absent for audits; absent for issue_comment triggers until the caller fetches the PR. */
      pullRequest?: PullRequestRef;
      pullRequestNumber?: number;
      /** Login whose write permission must be confirmed before running (label or comment triggers). */
      requireWriteFrom?: string;
      /** Fork PR or pull_request_target: no write tools, no secrets, `--bare`. */
      untrusted: boolean;
      trigger: string;
    }
  | { job: "skip"; reason: string };

const REVIEW_ACTIONS = new Set(["opened", "synchronize", "reopened", "ready_for_review"]);

export function routeEvent(
  eventName: string,
  payload: Record<string, unknown>,
  settings: RouteSettings,
): Route {
  const sender = loginOf(payload.sender);
  if (eventName === "pull_request" || eventName === "pull_request_target") {
    const pr = pullRequestRef(payload.pull_request);
    if (!pr) return { job: "skip", reason: `${eventName} event without a pull_request object` };
    const untrusted = eventName === "pull_request_target" || isFork(pr);
    const action = String(payload.action ?? "");
    const trigger = `${eventName}.${action}`;
    if (action === "labeled") {
      const label = (payload.label as { name?: string } | undefined)?.name;
      if (label !== settings.autofixLabel)
        return { job: "skip", reason: `label ${label ?? "(none)"} is not ${settings.autofixLabel}` };
      if (settings.mode !== "auto" && settings.mode !== "autofix")
        return { job: "skip", reason: `mode is ${settings.mode}` };
      return {
        job: "autofix",
        pullRequest: pr,
        pullRequestNumber: pr.number,
        requireWriteFrom: sender,
        untrusted,
        trigger,
      };
    }
    if (settings.mode === "autofix")
      return {
        job: "skip",
        reason: `${trigger} does not trigger autofix (add the ${settings.autofixLabel} label)`,
      };
    if (!REVIEW_ACTIONS.has(action) && settings.mode === "auto")
      return { job: "skip", reason: `${trigger} is not a review trigger` };
    if (pr.draft && !settings.reviewDrafts)
      return { job: "skip", reason: `PR #${pr.number} is a draft (set review_drafts to review drafts)` };
    const job = settings.mode === "auto" ? "review" : settings.mode;
    return { job, pullRequest: pr, pullRequestNumber: pr.number, untrusted, trigger };
  }
  if (eventName === "issue_comment") {
    const issue = payload.issue as { number?: number; pull_request?: unknown } | undefined;
    const body = String((payload.comment as { body?: string } | undefined)?.body ?? "").trim();
    if (payload.action !== "created")
      return { job: "skip", reason: `issue_comment.${String(payload.action)} is not a trigger` };
    if (!issue?.pull_request || typeof issue.number !== "number")
      return { job: "skip", reason: "comment is not on a pull request" };
    const command = body.split(/\s+/).slice(0, 2).join(" ");
    if (command !== settings.reviewCommand)
      return { job: "skip", reason: `comment is not ${settings.reviewCommand}` };
    // Whether the PR comes from a fork is only known once the caller fetches it; it re-derives `untrusted` then.
    return {
      job: "review",
      pullRequestNumber: issue.number,
      requireWriteFrom: sender,
      untrusted: false,
      trigger: "issue_comment.created",
    };
  }
  if (eventName === "schedule" || eventName === "workflow_dispatch") {
    if (settings.mode === "review" || settings.mode === "autofix")
      return { job: "skip", reason: `${settings.mode} needs a pull request event` };
    return { job: "audit", untrusted: false, trigger: eventName };
  }
  return { job: "skip", reason: `event ${eventName} is not handled` };
}

function loginOf(user: unknown): string | undefined {
  const login = (user as { login?: unknown } | undefined)?.login;
  return typeof login === "string" ? login : undefined;
}
