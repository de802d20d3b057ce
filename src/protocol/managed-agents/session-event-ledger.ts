import { MAX_TOOL_USE_RECORDS, type ToolUseRecord } from "../tool-use-record.js";
import { isSessionEventType, isWebhookOnlyType } from "./event-identifiers.js";
import {
  type AgentCustomToolUseEvent,
  type AgentMessageEvent,
  type AgentToolUseEvent,
  isPreviewFrame,
  type PreviewFrame,
  type SessionErrorEvent,
  type SessionEventBase,
  type SessionStatusIdleEvent,
  type SessionUsageEvent,
  type SpanModelRequestEndEvent,
  type StreamItem,
  type ThreadEvent,
  textOf,
  type UserCustomToolResultEvent,
  type UserToolSettlementEvent,
} from "./session-events.js";

/** Why the session went idle: a conditional end, not a terminal state (docs/engines.md). */
export type IdleStop =
  | { reason: "end_turn" }
  | { reason: "requires_action"; eventIds: string[] }
  | { reason: "budget_reached" }
  | { reason: "retries_exhausted" }
  | { reason: "refusal"; detail?: string }
  | { reason: "other"; type: string };

export interface PendingCustomToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** What one item did to the ledger; the driver acts on it (or ignores it). */
export type EventHandling =
  | { kind: "duplicate"; id: string }
  | { kind: "queued"; id: string }
  | { kind: "recorded"; type: string }
  | { kind: "preview"; eventId: string }
  | { kind: "message"; id: string; text: string }
  | { kind: "custom_tool_use"; toolUse: PendingCustomToolUse }
  | { kind: "tool_use"; id: string; name: string; input: Record<string, unknown>; needsConfirmation: boolean }
  | { kind: "tool_settled"; toolUseId: string }
  | { kind: "idle"; stop: IdleStop }
  | { kind: "running" }
  | { kind: "ended"; reason: "terminated" | "deleted" }
  | { kind: "error"; source: "session.error" | "span.model_request_end"; message: string }
  | { kind: "rescheduled" }
  | { kind: "thread"; threadId: string; status: string }
  | { kind: "usage"; listCostCents?: number }
  | { kind: "webhook_only_on_stream"; type: string }
  | { kind: "unknown"; type: string };

export type SessionStatus = "running" | "idle" | "terminated" | "deleted";

export interface SessionUsageTotals {
  /** Cumulative list cost in cents from the latest `session.usage` snapshot. */
  listCostCents: number;
  activeSeconds: number;
  inputTokens: number;
  outputTokens: number;
  /** Completed model requests (`span.model_request_end`), the closest thing to CLI turns. */
  modelRequests: number;
  /**
   * Model requests started (`span.model_request_start`): the agent's turns as a turn cap counts
   * them, so the host can stop the turn past the limit as it begins, not after it was paid for.
   */
  agentTurns: number;
}

/**
 * The host-side state of one remote session, built from events in any order of arrival (stream,
 * reconnect, list) and idempotent by event id: applying the same history twice changes nothing. Pure:
 * no SDK, no network, no clock.
 */
export class SessionEventLedger {
  private readonly processed = new Set<string>();
  private readonly queued = new Set<string>();
  private readonly previews = new Map<string, string>();
  private readonly customToolUses = new Map<string, PendingCustomToolUse>();
  private readonly settledToolUseIds = new Set<string>();
  private readonly threadStatus = new Map<string, string>();
  private readonly messageTexts: string[] = [];
  /** The agent's built-in tool calls in order (bounded); their results' shape is not settled, so none kept. */
  private readonly toolUseRecords: ToolUseRecord[] = [];
  private readonly errorMessages: string[] = [];
  private lastIdle: IdleStop | undefined;
  private currentStatus: SessionStatus = "running";
  private reschedules = 0;
  private readonly usageTotals: SessionUsageTotals = {
    listCostCents: 0,
    activeSeconds: 0,
    inputTokens: 0,
    outputTokens: 0,
    modelRequests: 0,
    agentTurns: 0,
  };
  private readonly anomalies: string[] = [];

  apply(item: StreamItem): EventHandling {
    if (isPreviewFrame(item)) return this.applyPreview(item);
    const event = item as SessionEventBase<string>;
    if (typeof event.id !== "string" || typeof event.type !== "string") {
      this.anomalies.push("an event without id or type was ignored");
      return { kind: "unknown", type: String(event.type) };
    }
    if (this.processed.has(event.id)) return { kind: "duplicate", id: event.id };
    if (event.processed_at === null) {
      // A client-posted event echoed before the service processed it: remember it, handle it once
      // when the processed copy (same id) arrives.
      if (this.queued.has(event.id)) return { kind: "duplicate", id: event.id };
      this.queued.add(event.id);
      this.settleIfResult(event);
      return { kind: "queued", id: event.id };
    }
    this.queued.delete(event.id);
    this.processed.add(event.id);
    return this.handle(event);
  }

  /** Applies a listed history in order; returns only what was new. */
  reconcile(events: Iterable<StreamItem>): EventHandling[] {
    const fresh: EventHandling[] = [];
    for (const event of events) {
      const handling = this.apply(event);
      if (handling.kind !== "duplicate") fresh.push(handling);
    }
    return fresh;
  }

  get status(): SessionStatus {
    return this.currentStatus;
  }

  get idleStop(): IdleStop | undefined {
    return this.currentStatus === "idle" ? this.lastIdle : undefined;
  }

  /** True once the session can never run again: terminated or deleted. Idle is not final. */
  get ended(): boolean {
    return this.currentStatus === "terminated" || this.currentStatus === "deleted";
  }

  /** Custom tool calls the agent made that no `user.custom_tool_result` answered yet. */
  unsettledCustomToolUses(): PendingCustomToolUse[] {
    return [...this.customToolUses.values()].filter((use) => !this.settledToolUseIds.has(use.id));
  }

  /** True once the processed copy of this event (e.g. our own user.message) was seen. */
  isProcessed(eventId: string): boolean {
    return this.processed.has(eventId);
  }

  isSettled(toolUseId: string): boolean {
    return this.settledToolUseIds.has(toolUseId);
  }

  /** Authoritative agent text, from buffered `agent.message` events only (never from previews). */
  get toolUses(): readonly ToolUseRecord[] {
    return this.toolUseRecords;
  }

  get messages(): readonly string[] {
    return this.messageTexts;
  }

  /** Preview text still open (no buffered event replaced it yet). Scratch: never an answer. */
  previewText(eventId: string): string | undefined {
    return this.previews.get(eventId);
  }

  get errors(): readonly string[] {
    return this.errorMessages;
  }

  get rescheduleCount(): number {
    return this.reschedules;
  }

  get usage(): Readonly<SessionUsageTotals> {
    return this.usageTotals;
  }

  get threads(): ReadonlyMap<string, string> {
    return this.threadStatus;
  }

  /** Things that should not happen on this path (a webhook-only type on the stream, a malformed event). */
  get notes(): readonly string[] {
    return this.anomalies;
  }

  private applyPreview(frame: PreviewFrame): EventHandling {
    if (frame.type === "event_start") {
      // A preview for an event already buffered is stale (arrived after a reconnect): ignore it.
      if (!this.processed.has(frame.event.id)) this.previews.set(frame.event.id, "");
      return { kind: "preview", eventId: frame.event.id };
    }
    const open = this.previews.get(frame.event_id);
    if (open !== undefined) {
      const piece = frame.delta.content?.text ?? frame.delta.text ?? "";
      this.previews.set(frame.event_id, open + piece);
    }
    return { kind: "preview", eventId: frame.event_id };
  }

  private settleIfResult(event: SessionEventBase<string>): boolean {
    if (event.type === "user.custom_tool_result") {
      this.settledToolUseIds.add((event as UserCustomToolResultEvent).custom_tool_use_id);
      return true;
    }
    if (event.type === "user.tool_result" || event.type === "user.tool_confirmation") {
      this.settledToolUseIds.add((event as UserToolSettlementEvent).tool_use_id);
      return true;
    }
    return false;
  }

  private handle(event: SessionEventBase<string>): EventHandling {
    const type = event.type;
    if (isWebhookOnlyType(type)) {
      this.anomalies.push(`${type} is a webhook-only identifier and was ignored on the session stream`);
      return { kind: "webhook_only_on_stream", type };
    }
    if (!isSessionEventType(type)) {
      // Forward-compatible: newer event types (and the `session.archived` false positive) are skipped.
      return { kind: "unknown", type };
    }
    switch (type) {
      case "agent.message": {
        const message = event as AgentMessageEvent;
        const text = textOf(Array.isArray(message.content) ? message.content : []);
        this.previews.delete(message.id);
        this.messageTexts.push(text);
        return { kind: "message", id: message.id, text };
      }
      case "agent.thinking":
        this.previews.delete(event.id);
        return { kind: "recorded", type };
      case "agent.custom_tool_use": {
        const use = event as AgentCustomToolUseEvent;
        const toolUse: PendingCustomToolUse = {
          id: use.id,
          name: use.name,
          input: typeof use.input === "object" && use.input !== null ? use.input : {},
        };
        this.customToolUses.set(use.id, toolUse);
        return { kind: "custom_tool_use", toolUse };
      }
      case "agent.tool_use":
      case "agent.mcp_tool_use": {
        const use = event as AgentToolUseEvent;
        const input = typeof use.input === "object" && use.input !== null ? use.input : {};
        if (this.toolUseRecords.length < MAX_TOOL_USE_RECORDS)
          this.toolUseRecords.push({ id: use.id, name: use.name, input });
        return {
          kind: "tool_use",
          id: use.id,
          name: use.name,
          input,
          needsConfirmation: use.evaluated_permission === "ask",
        };
      }
      case "user.custom_tool_result":
      case "user.tool_result":
      case "user.tool_confirmation":
        this.settleIfResult(event);
        // Processed input wakes the session: an idle read before it is stale.
        this.currentStatus = this.ended ? this.currentStatus : "running";
        return {
          kind: "tool_settled",
          toolUseId:
            type === "user.custom_tool_result"
              ? (event as UserCustomToolResultEvent).custom_tool_use_id
              : (event as UserToolSettlementEvent).tool_use_id,
        };
      case "user.message":
        if (!this.ended) this.currentStatus = "running";
        return { kind: "recorded", type };
      case "session.status_running":
        this.currentStatus = "running";
        return { kind: "running" };
      case "session.status_idle": {
        const stop = idleStopOf(event as SessionStatusIdleEvent);
        this.lastIdle = stop;
        this.currentStatus = "idle";
        return { kind: "idle", stop };
      }
      case "session.status_terminated":
        this.currentStatus = "terminated";
        return { kind: "ended", reason: "terminated" };
      case "session.deleted":
        this.currentStatus = "deleted";
        return { kind: "ended", reason: "deleted" };
      case "session.status_rescheduled":
        // The service is retrying: not an end, whatever error came before it.
        this.reschedules++;
        this.currentStatus = "running";
        return { kind: "rescheduled" };
      case "session.error": {
        const error = (event as SessionErrorEvent).error;
        const message = `${error?.type ?? "session_error"}: ${error?.message ?? "no message"}`;
        this.errorMessages.push(message);
        return { kind: "error", source: "session.error", message };
      }
      case "span.model_request_start":
        this.usageTotals.agentTurns++;
        return { kind: "recorded", type };
      case "span.model_request_end": {
        const end = event as SpanModelRequestEndEvent;
        this.usageTotals.modelRequests++;
        this.usageTotals.inputTokens += end.model_usage?.input_tokens ?? 0;
        this.usageTotals.outputTokens += end.model_usage?.output_tokens ?? 0;
        // A model request that ended early closes whatever preview it was producing.
        this.previews.clear();
        if (end.is_error === true) {
          const message = `model request ${end.model_request_start_id} failed`;
          this.errorMessages.push(message);
          return { kind: "error", source: "span.model_request_end", message };
        }
        return { kind: "recorded", type };
      }
      case "session.usage": {
        const usage = (event as SessionUsageEvent).usage ?? {};
        const cents = usage.list_cost ? Number.parseInt(usage.list_cost.amount, 10) : Number.NaN;
        if (Number.isFinite(cents)) this.usageTotals.listCostCents = cents;
        if (typeof usage.active_seconds === "number") this.usageTotals.activeSeconds = usage.active_seconds;
        return Number.isFinite(cents) ? { kind: "usage", listCostCents: cents } : { kind: "usage" };
      }
      case "session.thread_created":
      case "session.thread_status_created":
      case "session.thread_status_running":
      case "session.thread_status_rescheduled":
      case "session.thread_status_idle":
      case "session.thread_status_terminated": {
        // A child thread's state; a terminated thread never ends the session.
        const threadId = (event as ThreadEvent).session_thread_id ?? event.id;
        const status = type.slice("session.thread_".length).replace(/^status_/, "");
        this.threadStatus.set(threadId, status);
        return { kind: "thread", threadId, status };
      }
      default:
        // user.interrupt, user.define_outcome, agent.tool_result, agent.mcp_tool_result,
        // agent.thread_*, agent.session_thread_*, session.updated, span.model_request_start and the
        // outcome-evaluation spans: progress the host records but does not act on.
        return { kind: "recorded", type };
    }
  }
}

function idleStopOf(event: SessionStatusIdleEvent): IdleStop {
  const stop = event.stop_reason;
  switch (stop?.type) {
    case "end_turn":
      return { reason: "end_turn" };
    case "requires_action": {
      const ids = (stop as { event_ids?: unknown }).event_ids;
      return {
        reason: "requires_action",
        eventIds: Array.isArray(ids) ? ids.filter((i): i is string => typeof i === "string") : [],
      };
    }
    case "budget_reached":
      return { reason: "budget_reached" };
    case "retries_exhausted":
      return { reason: "retries_exhausted" };
    case "refusal": {
      const detail = event.stop_details?.explanation ?? event.stop_details?.category ?? undefined;
      return detail ? { reason: "refusal", detail } : { reason: "refusal" };
    }
    default:
      return { reason: "other", type: String(stop?.type) };
  }
}
