import type { SessionEventType } from "./event-identifiers.js";

// Only the fields a host reads are typed; every event may carry more (the service's unions are open).

/** Fields every persisted session event has. `processed_at: null` means queued, not yet processed. */
export interface SessionEventBase<T extends string = SessionEventType> {
  id: string;
  type: T;
  processed_at?: string | null;
  [field: string]: unknown;
}

export interface TextBlock {
  type: string;
  text?: string;
}

export interface AgentMessageEvent extends SessionEventBase<"agent.message"> {
  content: TextBlock[];
}

export interface AgentCustomToolUseEvent extends SessionEventBase<"agent.custom_tool_use"> {
  name: string;
  input: Record<string, unknown>;
  session_thread_id?: string | null;
}

export interface AgentToolUseEvent extends SessionEventBase<"agent.tool_use" | "agent.mcp_tool_use"> {
  name: string;
  input?: Record<string, unknown>;
  evaluated_permission?: "allow" | "ask" | "deny";
}

export interface UserCustomToolResultEvent extends SessionEventBase<"user.custom_tool_result"> {
  custom_tool_use_id: string;
  is_error?: boolean | null;
}

export interface UserToolSettlementEvent
  extends SessionEventBase<"user.tool_result" | "user.tool_confirmation"> {
  tool_use_id: string;
}

export type IdleStopReason =
  | { type: "end_turn" }
  | { type: "requires_action"; event_ids: string[] }
  | { type: "budget_reached" }
  | { type: "retries_exhausted" }
  | { type: "refusal" };

export interface SessionStatusIdleEvent extends SessionEventBase<"session.status_idle"> {
  stop_reason: IdleStopReason | { type: string };
  stop_details?: { type: string; category?: string | null; explanation?: string | null } | null;
}

export interface SessionErrorEvent extends SessionEventBase<"session.error"> {
  error?: { type?: string; message?: string; retry_status?: { type?: string } };
}

export interface MonetaryAmount {
  /** Minor units (cents for USD) as an integer string. */
  amount: string;
  currency: string;
}

export interface SessionUsageEvent extends SessionEventBase<"session.usage"> {
  usage: {
    active_seconds?: number;
    input_tokens?: number;
    output_tokens?: number;
    cache_read_input_tokens?: number;
    list_cost?: MonetaryAmount;
  };
  budget?: { type: "limit"; max_list_cost: MonetaryAmount } | null;
}

export interface SpanModelRequestEndEvent extends SessionEventBase<"span.model_request_end"> {
  model_request_start_id: string;
  is_error: boolean | null;
  model_usage?: { input_tokens?: number; output_tokens?: number };
}

export interface ThreadEvent
  extends SessionEventBase<
    | "session.thread_created"
    | "session.thread_status_created"
    | "session.thread_status_running"
    | "session.thread_status_rescheduled"
    | "session.thread_status_idle"
    | "session.thread_status_terminated"
  > {
  session_thread_id?: string;
}

/** Preview frames: only on SSE connections that asked for deltas, never in the event list. */
export interface PreviewStartFrame {
  type: "event_start";
  event: { id: string; type: string };
}

export interface PreviewDeltaFrame {
  type: "event_delta";
  event_id: string;
  delta: { type: string; content?: TextBlock; text?: string; [field: string]: unknown };
}

export type PreviewFrame = PreviewStartFrame | PreviewDeltaFrame;

/** Anything read from the stream or the list: a session event, a preview frame, or something newer. */
export type StreamItem = SessionEventBase<string> | PreviewFrame;

export function isPreviewFrame(item: { type: string }): item is PreviewFrame {
  return item.type === "event_start" || item.type === "event_delta";
}

export function textOf(blocks: readonly TextBlock[]): string {
  return blocks
    .filter((b) => b.type === "text" && typeof b.text === "string")
    .map((b) => b.text)
    .join("");
}
