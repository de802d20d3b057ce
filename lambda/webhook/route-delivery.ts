import { createJobMessage, type JobMessage } from "../shared/job-message.js";
import { repositoryMatcher, type WebhookRouting } from "./webhook-config.js";

/** The decision for one verified delivery: a job to enqueue, or a reason it was ignored. */
export type DeliveryRoute =
  | { kind: "job"; job: JobMessage }
  | { kind: "ignored"; reason: string /** The installation is not allow-listed. */; denied?: true };

export interface Delivery {
  id: string;
  event: string;
  payload: unknown;
}

/** Only people with write access may start an autofix, which pushes commits. */
const TRUSTED_ASSOCIATIONS = new Set(["OWNER", "MEMBER", "COLLABORATOR"]);
const REVIEW_ACTIONS = new Set(["opened", "reopened", "synchronize", "ready_for_review"]);

interface Payload {
  action?: string;
  installation?: { id?: number };
  repository?: { name?: string; full_name?: string; owner?: { login?: string } };
  sender?: { login?: string };
  pull_request?: {
    number?: number;
    draft?: boolean;
    head?: { sha?: string; ref?: string };
    base?: { sha?: string; ref?: string };
  };
  issue?: { number?: number; pull_request?: unknown };
  comment?: { id?: number; body?: string; author_association?: string };
}

/** Compiles the routing rules once (cold start) and returns the per-delivery router. */
export function createDeliveryRouter(routing: WebhookRouting): (delivery: Delivery) => DeliveryRoute {
  const repoAllowed = repositoryMatcher(routing.repositories);

  return (delivery) => {
    const p = delivery.payload as Payload;
    const action = p.action;
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

    const kind = jobKindFor(delivery.event, p, routing);
    if (typeof kind === "object") return kind;
    if (!routing.enabledJobs.has(kind)) return ignored(`${kind} jobs are not enabled`);
    if (!owner || !repo) return ignored("delivery has no repository");
    if (!repoAllowed(fullName)) return ignored(`repository ${fullName} is not configured`);
    if (!installationId) return ignored("delivery has no installation; is this an App webhook?");

    const pr = p.pull_request;
    const pullNumber = pr?.number ?? p.issue?.number;
    const trigger = {
      source: "webhook" as const,
      event: delivery.event,
      ...(action ? { action } : {}),
      ...(p.sender?.login ? { sender: p.sender.login } : {}),
      ...(p.comment?.id ? { commentId: p.comment.id } : {}),
    };
    return {
      kind: "job",
      job: createJobMessage({
        kind,
        owner,
        repo,
        installationId,
        pullNumber,
        // A comment-triggered autofix has no sha in its payload; the job works on the PR's current head.
        headSha: pr?.head?.sha,
        headRef: pr?.head?.ref,
        baseRef: pr?.base?.ref,
        baseSha: pr?.base?.sha,
        deliveryId: delivery.id,
        trigger,
      }),
    };
  };
}

function jobKindFor(
  event: string,
  p: Payload,
  routing: WebhookRouting,
): "review" | "autofix" | "prune" | { kind: "ignored"; reason: string } {
  if (event === "pull_request") {
    if (p.action === "closed") return "prune";
    if (!p.action || !REVIEW_ACTIONS.has(p.action))
      return ignored(`pull_request.${p.action} is not configured`);
    if (p.pull_request?.draft && !routing.reviewDrafts)
      return ignored("draft pull requests are not reviewed");
    return "review";
  }
  if (event === "issue_comment") {
    if (p.action !== "created") return ignored(`issue_comment.${p.action} is not configured`);
    if (!p.issue?.pull_request) return ignored("comment is not on a pull request");
    const body = p.comment?.body?.trim() ?? "";
    const kind = body.startsWith(routing.autofixCommand)
      ? "autofix"
      : routing.reviewCommand && body.startsWith(routing.reviewCommand)
        ? "review"
        : undefined;
    if (!kind) return ignored("comment is not a command");
    // The worker checks the commenter's permission again; this only keeps strangers off the queue.
    const association = p.comment?.author_association ?? "NONE";
    if (!TRUSTED_ASSOCIATIONS.has(association))
      return ignored(`${kind} requested by a ${association.toLowerCase()}, not a collaborator`);
    return kind;
  }
  return ignored(`event ${event} is not configured`);
}

function ignored(reason: string): { kind: "ignored"; reason: string } {
  return { kind: "ignored", reason };
}
