import type { PullRequestRef } from "../jobs/shared/pull-request-ref.js";
import { decideTrigger, type TriggerRun } from "../jobs/triggers/decide-trigger.js";
import type { TriggerSettings } from "../jobs/triggers/trigger-settings.js";

export type { PullRequestRef };

/**
 * The Action's reading of the one trigger model (src/jobs/triggers): `decideTrigger` says what the
 * event means, and the `mode` input may narrow it to one job kind. Pure; the requester's permission
 * is looked up by the caller.
 */
export type JobKind = "review" | "autofix" | "describe" | "audit";
export type ActionJob = JobKind | "ask" | "help" | "forget" | "usage" | "closed" | "count";

export interface RouteSettings extends TriggerSettings {
  /** `auto` runs whatever the event asks for; an explicit kind runs only that kind of model job. */
  mode: "auto" | JobKind;
}

export type Route =
  | {
      job: ActionJob;
      /** The trigger model's decision (comment, question, paths, dedupe key). */
      run: TriggerRun;
      /** Absent for audits; absent for issue_comment triggers until the caller fetches the PR. */
      pullRequest?: PullRequestRef;
      pullRequestNumber?: number;
      /** Login whose write permission must be confirmed before running (label or comment triggers). */
      requireWriteFrom?: string;
      trigger: string;
    }
  /** `notice`: a rule skipped it (draft, bot author): one line in the job summary. */
  | { job: "skip"; reason: string; notice?: true };

export function routeEvent(
  eventName: string,
  payload: Record<string, unknown>,
  settings: RouteSettings,
): Route {
  const decision = decideTrigger(eventName, payload, settings);
  if (decision.action === "ignore") return { job: "skip", reason: decision.reason };
  if (decision.action === "skip") return { job: "skip", reason: decision.reason, notice: true };
  const run = decision;
  // A closed PR: nothing to review, but its findings are counted into the resolution rate.
  if (run.job === "prune")
    return settings.mode === "auto" || settings.mode === "review"
      ? {
          job: "count",
          run,
          ...(run.pullRequest ? { pullRequest: run.pullRequest } : {}),
          ...(run.number !== undefined ? { pullRequestNumber: run.number } : {}),
          trigger: run.trigger,
        }
      : { job: "skip", reason: `${run.trigger}: nothing to review on a closed PR` };
  const job = jobForMode(run, settings.mode);
  if (typeof job === "object") return job;
  return {
    job,
    run,
    ...(run.pullRequest ? { pullRequest: run.pullRequest } : {}),
    ...(run.number !== undefined && run.isPullRequest ? { pullRequestNumber: run.number } : {}),
    ...(run.requiresWriter ? { requireWriteFrom: run.requester ?? "" } : {}),
    trigger: run.trigger,
  };
}

/** Fixed replies run in every mode; a model job runs in `auto` or in its own mode (ask with review). */
function jobForMode(
  run: TriggerRun,
  mode: RouteSettings["mode"],
): ActionJob | { job: "skip"; reason: string } {
  const job = run.job as ActionJob;
  // A forget changes no code and runs no model: it is answered in every mode, like help.
  if (mode === "auto" || job === "help" || job === "forget" || job === "usage" || job === "closed")
    return job;
  if (mode === "audit") {
    return job === "audit" || (job === "review" && run.requester === undefined)
      ? "audit"
      : { job: "skip", reason: `${run.trigger} asks for ${job}; mode is audit` };
  }
  if (job === "audit") return { job: "skip", reason: `${mode} needs a pull request event` };
  // The opt-in description on a PR's own events (opened, …): a workflow with mode describe.
  if (mode === "describe" && job === "review" && run.requester === undefined) return "describe";
  if (job === mode || (job === "ask" && mode === "review")) return job;
  if (mode === "autofix" && job === "review" && run.requester === undefined)
    return {
      job: "skip",
      reason: `${run.trigger} does not trigger autofix (add the autofix label or comment the fix command)`,
    };
  return { job: "skip", reason: `${run.trigger} asks for ${job}; mode is ${mode}` };
}
