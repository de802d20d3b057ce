import { decideTrigger, type TriggerRun } from "../../src/jobs/triggers/decide-trigger.js";
import type { JobCommand, JobKind, JobMessageFields } from "../shared/job-message.js";
import { repositoryMatcher, type WebhookRouting } from "./webhook-config.js";

/**
 * The decision for one verified delivery: a job to enqueue (its fields; the message is built and
 * checked on the job path, enqueue-job.ts), or a reason it was ignored.
 */
export type DeliveryRoute =
  | { kind: "job"; fields: JobMessageFields }
  | { kind: "ignored"; reason: string /** The installation is not allow-listed. */; denied?: true };

export interface Delivery {
  id: string;
  event: string;
  payload: unknown;
}

/**
 * The events the App is subscribed to and the router serves. X-GitHub-Event is not covered by the
 * signature, so a captured body can arrive under any name; an App never receives
 * `pull_request_target`, `schedule` or `workflow_dispatch` (Actions events the trigger model also
 * knows), and a body sent under such a name would get a delivery identity of its own each time.
 */
const APP_EVENTS: ReadonlySet<string> = new Set([
  "pull_request",
  "issue_comment",
  "pull_request_review_comment",
]);

/**
 * Comment authors GitHub itself marks as possible writers. Anyone else cannot have write access, so
 * their request becomes a refusal reply at once, without a permission lookup or a model; for these
 * three the worker still asks the permission API (a collaborator can be read-only).
 */
const POSSIBLE_WRITERS = new Set(["OWNER", "MEMBER", "COLLABORATOR"]);

interface Payload {
  action?: string;
  installation?: { id?: number };
  repository?: { name?: string; full_name?: string; owner?: { login?: string } };
  sender?: { login?: string };
  comment?: { author_association?: string };
}

/**
 * Compiles the routing rules once (cold start) and returns the per-delivery router. What a delivery
 * means is decided by the one trigger model the Action uses too (src/jobs/triggers).
 */
export function createDeliveryRouter(
  routing: WebhookRouting,
): (delivery: Delivery) => Promise<DeliveryRoute> {
  const repoAllowed = repositoryMatcher(routing.repositories);

  return async (delivery) => {
    const p = (delivery.payload ?? {}) as Payload;
    const owner = p.repository?.owner?.login;
    const repo = p.repository?.name;
    const fullName = p.repository?.full_name ?? `${owner}/${repo}`;
    const installationId = p.installation?.id;
    // First, before anything else is read: an installation we do not serve gets nothing at all.
    if (installationId !== undefined && !routing.allowedInstallations.allows(installationId))
      return {
        kind: "ignored",
        reason: `installation ${installationId} is not in ALLOWED_INSTALLATIONS`,
        denied: true,
      };

    if (!APP_EVENTS.has(delivery.event)) return ignored(`event ${delivery.event} is not a trigger`);
    const decision = decideTrigger(delivery.event, p as Record<string, unknown>, routing.triggers);
    if (decision.action !== "run") return ignored(decision.reason);
    const run = decision;
    if (run.job === "audit") return ignored(`${run.trigger}: audits come from the schedule`);
    const refused =
      run.requiresWriter && run.comment && !POSSIBLE_WRITERS.has(p.comment?.author_association ?? "NONE");
    const kind = jobKindOf(run, Boolean(refused));
    if (!routing.enabledJobs.has(kind)) return ignored(`${kind} jobs are not enabled`);
    if (!owner || !repo) return ignored("delivery has no repository");
    if (!(await repoAllowed(fullName))) return ignored(`repository ${fullName} is not configured`);
    if (!installationId) return ignored("delivery has no installation; is this an App webhook?");

    const pr = run.pullRequest;
    const trigger = {
      source: "webhook" as const,
      event: delivery.event,
      ...(p.action ? { action: p.action } : {}),
      ...((run.requester ?? p.sender?.login) ? { sender: run.requester ?? p.sender?.login } : {}),
      ...(run.comment ? { commentId: run.comment.id } : {}),
    };
    return {
      kind: "job",
      fields: {
        kind,
        owner,
        repo,
        installationId,
        pullNumber: run.number,
        // A comment asks about the PR as it is when the job runs; a push or a label names its commit.
        headSha: run.comment ? undefined : pr?.headSha,
        headRef: pr?.headRef || undefined,
        baseRef: pr?.baseRef || undefined,
        baseSha: pr?.baseSha,
        deliveryId: delivery.id,
        trigger,
        ...(run.comment ? { command: commandOf(run, refused ? "refuse" : undefined) } : {}),
      },
    };
  };
}

function jobKindOf(run: TriggerRun, refused: boolean): JobKind {
  if (refused) return "reply";
  switch (run.job) {
    case "help":
    case "usage":
    case "closed":
    case "forget":
      return "reply";
    case "review":
    case "autofix":
    case "describe":
    case "ask":
    case "prune":
      return run.job;
    case "audit":
      throw new Error("audits are not routed from webhooks");
  }
}

function commandOf(run: TriggerRun, refuse: "refuse" | undefined): JobCommand {
  const fixed =
    run.job === "help" || run.job === "usage" || run.job === "closed" || run.job === "forget"
      ? run.job
      : undefined;
  const reply = refuse ?? fixed;
  return {
    isPullRequest: run.isPullRequest,
    ...(reply ? { reply } : {}),
    ...(run.question ? { question: run.question } : {}),
    ...(run.paths?.length ? { paths: run.paths } : {}),
    ...(run.unknownCommand ? { unknownCommand: run.unknownCommand } : {}),
    ...(run.learningId ? { learningId: run.learningId } : {}),
    ...(run.comment
      ? {
          comment: {
            id: run.comment.id,
            kind: run.comment.kind,
            ...(run.comment.threadId !== undefined ? { threadId: run.comment.threadId } : {}),
            ...(run.comment.path !== undefined ? { path: run.comment.path } : {}),
            ...(run.comment.line !== undefined ? { line: run.comment.line } : {}),
            ...(run.comment.diffHunk !== undefined ? { diffHunk: run.comment.diffHunk.slice(0, 20000) } : {}),
          },
        }
      : {}),
  };
}

function ignored(reason: string): { kind: "ignored"; reason: string } {
  return { kind: "ignored", reason };
}
