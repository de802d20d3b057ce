// Anthropic webhooks are thin: `data` names the session and what happened, never the stop reason.
// The host must list the session's events to learn why it went idle (docs/engines.md).

/** What a verified webhook asks the host to do next. */
export type WebhookRoute =
  /**
   * The session went idle or ended: list its events and settle (answer, publish or report). A
   * rescheduled session is still running, but the look counts its turns against the job's cap.
   */
  | { action: "reconcile"; sessionId: string; because: "idle" | "terminated" | "rescheduled" }
  /** The session no longer exists: nothing to list; the run ends as deleted. */
  | { action: "deleted"; sessionId: string }
  /** Progress or another resource: acknowledged and dropped. */
  | { action: "ignore"; reason: string };

const IDLE_TYPES = new Set([
  "session.status_idled",
  "session.idled",
  "session.requires_action",
  "session.budget_reached",
]);

const THREAD_ONLY_TYPES = new Set([
  "session.thread_idled",
  "session.thread_terminated",
  "session.thread_created",
]);

export interface WebhookEnvelope {
  id: string;
  type: string;
  data: { id: string; type: string; [field: string]: unknown };
}

export function routeWebhookEvent(envelope: WebhookEnvelope): WebhookRoute {
  const { type, id } = envelope.data;
  if (IDLE_TYPES.has(type)) return { action: "reconcile", sessionId: id, because: "idle" };
  if (type === "session.status_terminated")
    return { action: "reconcile", sessionId: id, because: "terminated" };
  if (type === "session.deleted") return { action: "deleted", sessionId: id };
  // Not an end, but a wake-up while the agent works: the settle step checks the turn cap and the
  // deadline, which would otherwise wait for the next idle.
  if (type === "session.status_rescheduled")
    return { action: "reconcile", sessionId: id, because: "rescheduled" };
  if (THREAD_ONLY_TYPES.has(type)) {
    // A child thread idling or ending never ends the session; the primary thread has its own event.
    return { action: "ignore", reason: `${type} concerns one thread, not the session` };
  }
  if (type.startsWith("session.")) return { action: "ignore", reason: `${type} is progress, not an end` };
  return { action: "ignore", reason: `${type} is not about a session` };
}
