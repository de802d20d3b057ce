// One test per Managed Agents identifier (44), each showing how it is handled on the path it can
// arrive on: the session stream/list (ledger) or an Anthropic webhook (route).
import { describe, expect, it } from "vitest";
import {
  EMBEDDED_DOC_TYPES,
  type EventHandling,
  LEXICAL_FALSE_POSITIVES,
  MANAGED_AGENTS_IDENTIFIERS,
  routeWebhookEvent,
  SessionEventLedger,
  SSE_EVENT_TYPES,
  WEBHOOK_ONLY_TYPES,
} from "../../../src/protocol/managed-agents/index.js";

const at = "2026-12-03T12:00:00Z";
const ev = (type: string, fields: Record<string, unknown> = {}) => ({
  id: `sevt_${type}`,
  type,
  processed_at: at,
  ...fields,
});

interface Case {
  fields?: Record<string, unknown>;
  /** Events applied first (e.g. the tool use a result answers). */
  before?: Record<string, unknown>[];
  expect: (handling: EventHandling, ledger: SessionEventLedger) => void;
}

const recordedOnly = (type: string): Case => ({
  expect: (h, l) => {
    expect(h).toEqual({ kind: "recorded", type });
    expect(l.status).toBe("running");
    expect(l.ended).toBe(false);
  },
});

const threadCase = (status: string): Case => ({
  fields: { session_thread_id: "sthr_child" },
  expect: (h, l) => {
    expect(h).toEqual({ kind: "thread", threadId: "sthr_child", status });
    expect(l.threads.get("sthr_child")).toBe(status);
    expect(l.ended).toBe(false);
  },
});

const SSE_CASES: Record<(typeof SSE_EVENT_TYPES)[number], Case> = {
  "user.message": {
    // A processed follow-up message makes an earlier end_turn stale.
    before: [ev("session.status_idle", { id: "sevt_idle0", stop_reason: { type: "end_turn" } })],
    fields: { content: [{ type: "text", text: "again" }] },
    expect: (h, l) => {
      expect(h).toEqual({ kind: "recorded", type: "user.message" });
      expect(l.status).toBe("running");
      expect(l.isProcessed("sevt_user.message")).toBe(true);
    },
  },
  "user.interrupt": recordedOnly("user.interrupt"),
  "user.tool_confirmation": {
    fields: { tool_use_id: "sevt_tool", result: "deny" },
    expect: (h, l) => {
      expect(h).toEqual({ kind: "tool_settled", toolUseId: "sevt_tool" });
      expect(l.isSettled("sevt_tool")).toBe(true);
    },
  },
  "user.tool_result": {
    fields: { tool_use_id: "sevt_tool", content: [] },
    expect: (h, l) => {
      expect(h).toEqual({ kind: "tool_settled", toolUseId: "sevt_tool" });
      expect(l.isSettled("sevt_tool")).toBe(true);
    },
  },
  "user.custom_tool_result": {
    before: [ev("agent.custom_tool_use", { id: "sevt_T", name: "submit_result", input: {} })],
    fields: { custom_tool_use_id: "sevt_T", is_error: false, content: [] },
    expect: (h, l) => {
      expect(h).toEqual({ kind: "tool_settled", toolUseId: "sevt_T" });
      expect(l.unsettledCustomToolUses()).toEqual([]);
    },
  },
  "user.define_outcome": recordedOnly("user.define_outcome"),
  "agent.message": {
    before: [{ type: "event_start", event: { id: "sevt_agent.message", type: "agent.message" } }],
    fields: {
      content: [
        { type: "text", text: "final " },
        { type: "text", text: "answer" },
      ],
    },
    expect: (h, l) => {
      expect(h).toEqual({ kind: "message", id: "sevt_agent.message", text: "final answer" });
      expect(l.messages).toEqual(["final answer"]);
      expect(l.previewText("sevt_agent.message")).toBeUndefined();
    },
  },
  "agent.thinking": {
    before: [{ type: "event_start", event: { id: "sevt_agent.thinking", type: "agent.thinking" } }],
    expect: (h, l) => {
      expect(h).toEqual({ kind: "recorded", type: "agent.thinking" });
      expect(l.previewText("sevt_agent.thinking")).toBeUndefined();
      expect(l.messages).toEqual([]);
    },
  },
  "agent.tool_use": {
    fields: { name: "bash", input: { command: "ls" }, evaluated_permission: "ask" },
    expect: (h) =>
      expect(h).toEqual({
        kind: "tool_use",
        id: "sevt_agent.tool_use",
        name: "bash",
        input: { command: "ls" },
        needsConfirmation: true,
      }),
  },
  "agent.tool_result": recordedOnly("agent.tool_result"),
  "agent.mcp_tool_use": {
    fields: { name: "search", input: {}, evaluated_permission: "allow" },
    expect: (h) =>
      expect(h).toEqual({
        kind: "tool_use",
        id: "sevt_agent.mcp_tool_use",
        name: "search",
        input: {},
        needsConfirmation: false,
      }),
  },
  "agent.mcp_tool_result": recordedOnly("agent.mcp_tool_result"),
  "agent.custom_tool_use": {
    fields: { name: "submit_result", input: { verdict: "comment" } },
    expect: (h, l) => {
      const toolUse = {
        id: "sevt_agent.custom_tool_use",
        name: "submit_result",
        input: { verdict: "comment" },
      };
      expect(h).toEqual({ kind: "custom_tool_use", toolUse });
      expect(l.unsettledCustomToolUses()).toEqual([toolUse]);
    },
  },
  "agent.thread_context_compacted": recordedOnly("agent.thread_context_compacted"),
  "agent.thread_message_sent": recordedOnly("agent.thread_message_sent"),
  "agent.thread_message_received": recordedOnly("agent.thread_message_received"),
  "agent.session_thread_message_sent": recordedOnly("agent.session_thread_message_sent"),
  "agent.session_thread_message_received": recordedOnly("agent.session_thread_message_received"),
  "session.status_running": {
    before: [ev("session.status_idle", { id: "sevt_idle0", stop_reason: { type: "end_turn" } })],
    expect: (h, l) => {
      expect(h).toEqual({ kind: "running" });
      expect(l.status).toBe("running");
      expect(l.idleStop).toBeUndefined();
    },
  },
  "session.status_rescheduled": {
    before: [
      ev("session.error", { id: "sevt_err0", error: { type: "model_overloaded_error", message: "busy" } }),
    ],
    expect: (h, l) => {
      expect(h).toEqual({ kind: "rescheduled" });
      expect(l.rescheduleCount).toBe(1);
      expect(l.ended).toBe(false);
    },
  },
  "session.status_idle": {
    fields: { stop_reason: { type: "end_turn" }, stop_details: null },
    expect: (h, l) => {
      expect(h).toEqual({ kind: "idle", stop: { reason: "end_turn" } });
      expect(l.status).toBe("idle");
      // Idle is a conditional end: the session can still run again.
      expect(l.ended).toBe(false);
    },
  },
  "session.status_terminated": {
    expect: (h, l) => {
      expect(h).toEqual({ kind: "ended", reason: "terminated" });
      expect(l.ended).toBe(true);
    },
  },
  "session.updated": recordedOnly("session.updated"),
  "session.error": {
    fields: { error: { type: "model_request_failed_error", message: "upstream 500" } },
    expect: (h, l) => {
      expect(h).toEqual({
        kind: "error",
        source: "session.error",
        message: "model_request_failed_error: upstream 500",
      });
      expect(l.ended).toBe(false);
      expect(l.status).toBe("running");
    },
  },
  "session.deleted": {
    expect: (h, l) => {
      expect(h).toEqual({ kind: "ended", reason: "deleted" });
      expect(l.status).toBe("deleted");
      expect(l.ended).toBe(true);
    },
  },
  "session.thread_created": threadCase("created"),
  "session.thread_status_created": threadCase("created"),
  "session.thread_status_running": threadCase("running"),
  "session.thread_status_rescheduled": threadCase("rescheduled"),
  "session.thread_status_idle": threadCase("idle"),
  // A thread ending is not the session ending.
  "session.thread_status_terminated": threadCase("terminated"),
  "span.model_request_start": recordedOnly("span.model_request_start"),
  "span.model_request_end": {
    before: [{ type: "event_start", event: { id: "sevt_cut", type: "agent.message" } }],
    fields: {
      model_request_start_id: "sevt_start",
      is_error: true,
      model_usage: { input_tokens: 7, output_tokens: 3 },
    },
    expect: (h, l) => {
      expect(h).toEqual({
        kind: "error",
        source: "span.model_request_end",
        message: "model request sevt_start failed",
      });
      expect(l.ended).toBe(false);
      expect(l.usage.modelRequests).toBe(1);
      expect(l.usage.inputTokens).toBe(7);
      // The failed request closed the preview it was producing.
      expect(l.previewText("sevt_cut")).toBeUndefined();
    },
  },
  "span.outcome_evaluation_start": recordedOnly("span.outcome_evaluation_start"),
  "span.outcome_evaluation_ongoing": recordedOnly("span.outcome_evaluation_ongoing"),
  "span.outcome_evaluation_end": recordedOnly("span.outcome_evaluation_end"),
};

const webhook = (type: string) => ({ id: "wevt_1", type: "event", data: { id: "sesn_1", type } });

const WEBHOOK_CASES: Record<(typeof WEBHOOK_ONLY_TYPES)[number], unknown> = {
  "session.status_scheduled": {
    action: "ignore",
    reason: "session.status_scheduled is progress, not an end",
  },
  "session.status_run_started": {
    action: "ignore",
    reason: "session.status_run_started is progress, not an end",
  },
  "session.status_idled": { action: "reconcile", sessionId: "sesn_1", because: "idle" },
  "session.thread_idled": {
    action: "ignore",
    reason: "session.thread_idled concerns one thread, not the session",
  },
  "session.thread_terminated": {
    action: "ignore",
    reason: "session.thread_terminated concerns one thread, not the session",
  },
  "session.outcome_evaluation_ended": {
    action: "ignore",
    reason: "session.outcome_evaluation_ended is progress, not an end",
  },
};

describe("the 44 identifiers", () => {
  it("are 36 parser types + 6 webhook-only + 1 embedded-doc + 1 lexical false positive", () => {
    expect(SSE_EVENT_TYPES).toHaveLength(36);
    expect(WEBHOOK_ONLY_TYPES).toHaveLength(6);
    expect(EMBEDDED_DOC_TYPES).toEqual(["session.usage"]);
    expect(LEXICAL_FALSE_POSITIVES).toEqual(["session.archived"]);
    expect(MANAGED_AGENTS_IDENTIFIERS.size).toBe(44);
    expect(Object.keys(SSE_CASES).sort()).toEqual([...SSE_EVENT_TYPES].sort());
  });
});

describe("on the session stream / list path", () => {
  it.each(SSE_EVENT_TYPES)("%s", (type) => {
    const c = SSE_CASES[type];
    const ledger = new SessionEventLedger();
    for (const b of c.before ?? []) ledger.apply(b as never);
    const handling = ledger.apply(ev(type, c.fields));
    c.expect(handling, ledger);
    // Every stream event is deduplicated by id: the second copy is never handled.
    expect(ledger.apply(ev(type, c.fields))).toEqual({ kind: "duplicate", id: `sevt_${type}` });
  });

  it("session.usage (embedded-doc contract) sets cumulative cost and active time, replacing not adding", () => {
    const ledger = new SessionEventLedger();
    const usage = (id: string, cents: string, seconds: number) => ({
      ...ev("session.usage", {
        usage: { list_cost: { amount: cents, currency: "USD" }, active_seconds: seconds },
      }),
      id,
    });
    expect(ledger.apply(usage("u1", "40", 10))).toEqual({ kind: "usage", listCostCents: 40 });
    ledger.apply(usage("u2", "125", 31));
    expect(ledger.usage.listCostCents).toBe(125);
    expect(ledger.usage.activeSeconds).toBe(31);
  });

  it("session.archived (a lexical false positive) gets no branch: skipped like any unknown type", () => {
    const ledger = new SessionEventLedger();
    expect(ledger.apply(ev("session.archived"))).toEqual({ kind: "unknown", type: "session.archived" });
    expect(ledger.status).toBe("running");
    expect(ledger.ended).toBe(false);
  });
});

describe("on the webhook path", () => {
  it.each(WEBHOOK_ONLY_TYPES)("%s", (type) => {
    expect(routeWebhookEvent(webhook(type))).toEqual(WEBHOOK_CASES[type]);
    // And never expected on the stream: if one shows up there, it is ignored and noted.
    const ledger = new SessionEventLedger();
    expect(ledger.apply(ev(type))).toEqual({ kind: "webhook_only_on_stream", type });
    expect(ledger.notes).toEqual([
      `${type} is a webhook-only identifier and was ignored on the session stream`,
    ]);
    expect(ledger.status).toBe("running");
  });

  it("terminated and deleted webhooks end the run; other resources are ignored", () => {
    expect(routeWebhookEvent(webhook("session.status_terminated"))).toEqual({
      action: "reconcile",
      sessionId: "sesn_1",
      because: "terminated",
    });
    expect(routeWebhookEvent(webhook("session.deleted"))).toEqual({ action: "deleted", sessionId: "sesn_1" });
    expect(routeWebhookEvent(webhook("session.requires_action")).action).toBe("reconcile");
    // Still running, but a look now enforces the turn cap and the deadline before the next idle.
    expect(routeWebhookEvent(webhook("session.status_rescheduled"))).toEqual({
      action: "reconcile",
      sessionId: "sesn_1",
      because: "rescheduled",
    });
    expect(routeWebhookEvent(webhook("vault.created"))).toEqual({
      action: "ignore",
      reason: "vault.created is not about a session",
    });
  });
});
