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

export interface PullRequestRef {
  number: number;
  headSha: string;
  headRef: string;
  baseSha: string;
  baseRef: string;
  headRepoFullName: string | undefined;
  baseRepoFullName: string;
  draft: boolean;
  title: string;
  body: string;
  author: string;
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

export function isFork(pr: Pick<PullRequestRef, "headRepoFullName" | "baseRepoFullName">): boolean {
  // A deleted head repository (null) is treated as a fork: nothing proves it belongs to the base.
  return pr.headRepoFullName === undefined || pr.headRepoFullName !== pr.baseRepoFullName;
}

export function pullRequestRef(value: unknown): PullRequestRef | undefined {
  const pr = asRecord(value);
  const head = asRecord(pr.head);
  const base = asRecord(pr.base);
  if (typeof pr.number !== "number" || typeof head.sha !== "string" || typeof base.sha !== "string") {
    return undefined;
  }
  const headRepo = asRecord(head.repo).full_name;
  return {
    number: pr.number,
    headSha: head.sha,
    headRef: String(head.ref ?? ""),
    baseSha: base.sha,
    baseRef: String(base.ref ?? ""),
    headRepoFullName: typeof headRepo === "string" ? headRepo : undefined,
    baseRepoFullName: String(asRecord(base.repo).full_name ?? ""),
    draft: pr.draft === true,
    title: String(pr.title ?? ""),
    body: String(pr.body ?? ""),
    author: loginOf(pr.user) ?? "unknown",
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

function loginOf(user: unknown): string | undefined {
  const login = (user as { login?: unknown } | undefined)?.login;
  return typeof login === "string" ? login : undefined;
}
