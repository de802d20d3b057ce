import { createHash } from "node:crypto";

interface IdentityFields {
  action?: string;
  repository?: { id?: number; full_name?: string };
  pull_request?: { number?: number; updated_at?: string; head?: { sha?: string } };
  issue?: { number?: number };
  comment?: { id?: number; updated_at?: string };
}

/**
 * What a delivery is about, from the signed payload itself rather than the X-GitHub-Delivery header:
 * anyone holding a captured body can send it again under a fresh delivery id, and GitHub's own
 * redelivery reuses the body. Two deliveries with the same identity are one event and queue one job.
 *
 * `updated_at` keeps genuine repeats apart: a PR reopened a second time, or a comment edited, is a
 * new event with a new timestamp; a replayed body carries the old one. Events without these fields
 * fall back to the delivery id.
 */
export function deliveryIdentity(event: string, payload: unknown, deliveryId: string): string {
  const p = (payload ?? {}) as IdentityFields;
  const repo = p.repository?.id ?? p.repository?.full_name ?? "?";
  let parts: (string | number | undefined)[];
  if (event === "pull_request" && p.pull_request?.number !== undefined) {
    const pr = p.pull_request;
    parts = [event, p.action, repo, pr.number, pr.head?.sha, pr.updated_at];
  } else if (event === "issue_comment" && p.comment?.id !== undefined) {
    parts = [event, p.action, repo, p.issue?.number, p.comment.id, p.comment.updated_at];
  } else if (event === "pull_request_review_comment" && p.comment?.id !== undefined) {
    // The trigger model's key (comment id + action), scoped to the repository.
    parts = [event, p.action, repo, p.pull_request?.number, p.comment.id, p.comment.updated_at];
  } else {
    parts = [event, "delivery", deliveryId];
  }
  return createHash("sha256")
    .update(JSON.stringify(parts.map((v) => v ?? null)))
    .digest("hex");
}
