// The 44 Managed Agents event identifiers recovered from the CLI 2.1.235 bundle, with where each one
// can arrive (docs/engines.md, "Managed Agents events"). They are a remote session vocabulary, not
// stdout frames: this module never imports the local frame parser and the local parser never sees these.

/** How an identifier reaches a host, which decides which parser may ever see it. */
export type IdentifierPath =
  /** Named SSE events the bundled parser accepts; also returned by the list endpoint. */
  | "sse"
  /** Only in Anthropic webhook payloads (`data.type`); never on the session stream. */
  | "webhook_only"
  /** Documented as a persisted session event but absent from the bundled named-event parser. */
  | "embedded_doc"
  /** A property access in the bundle, not an event token: no parser branch may exist for it. */
  | "lexical_false_positive";

export const SSE_EVENT_TYPES = [
  "user.message",
  "user.interrupt",
  "user.tool_confirmation",
  "user.tool_result",
  "user.custom_tool_result",
  "user.define_outcome",
  "agent.message",
  "agent.thinking",
  "agent.tool_use",
  "agent.tool_result",
  "agent.mcp_tool_use",
  "agent.mcp_tool_result",
  "agent.custom_tool_use",
  "agent.thread_context_compacted",
  "agent.thread_message_sent",
  "agent.thread_message_received",
  "agent.session_thread_message_sent",
  "agent.session_thread_message_received",
  "session.status_running",
  "session.status_rescheduled",
  "session.status_idle",
  "session.status_terminated",
  "session.updated",
  "session.error",
  "session.deleted",
  "session.thread_created",
  "session.thread_status_created",
  "session.thread_status_running",
  "session.thread_status_rescheduled",
  "session.thread_status_idle",
  "session.thread_status_terminated",
  "span.model_request_start",
  "span.model_request_end",
  "span.outcome_evaluation_start",
  "span.outcome_evaluation_ongoing",
  "span.outcome_evaluation_end",
] as const;

export const WEBHOOK_ONLY_TYPES = [
  "session.status_scheduled",
  "session.status_run_started",
  "session.status_idled",
  "session.thread_idled",
  "session.thread_terminated",
  "session.outcome_evaluation_ended",
] as const;

export const EMBEDDED_DOC_TYPES = ["session.usage"] as const;

export const LEXICAL_FALSE_POSITIVES = ["session.archived"] as const;

export type SseEventType = (typeof SSE_EVENT_TYPES)[number];
export type WebhookOnlyType = (typeof WEBHOOK_ONLY_TYPES)[number];
export type EmbeddedDocType = (typeof EMBEDDED_DOC_TYPES)[number];
/** Every type a session stream or event list can carry and we handle (36 parser types + `session.usage`). */
export type SessionEventType = SseEventType | EmbeddedDocType;
export type ManagedAgentsIdentifier =
  | SseEventType
  | WebhookOnlyType
  | EmbeddedDocType
  | (typeof LEXICAL_FALSE_POSITIVES)[number];

/** All 44, each with its path. Kept whole so a new CLI version's inventory can be diffed against it. */
export const MANAGED_AGENTS_IDENTIFIERS: ReadonlyMap<ManagedAgentsIdentifier, IdentifierPath> = new Map<
  ManagedAgentsIdentifier,
  IdentifierPath
>([
  ...SSE_EVENT_TYPES.map((t) => [t, "sse"] as const),
  ...WEBHOOK_ONLY_TYPES.map((t) => [t, "webhook_only"] as const),
  ...EMBEDDED_DOC_TYPES.map((t) => [t, "embedded_doc"] as const),
  ...LEXICAL_FALSE_POSITIVES.map((t) => [t, "lexical_false_positive"] as const),
]);

const SESSION_EVENT_TYPE_SET: ReadonlySet<string> = new Set<string>([
  ...SSE_EVENT_TYPES,
  ...EMBEDDED_DOC_TYPES,
]);
const WEBHOOK_ONLY_SET: ReadonlySet<string> = new Set<string>(WEBHOOK_ONLY_TYPES);

export function isSessionEventType(type: string): type is SessionEventType {
  return SESSION_EVENT_TYPE_SET.has(type);
}

export function isWebhookOnlyType(type: string): type is WebhookOnlyType {
  return WEBHOOK_ONLY_SET.has(type);
}
