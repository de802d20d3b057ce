import { describe, expect, it } from "vitest";
import { SessionEventLedger } from "../../../src/protocol/managed-agents/index.js";

const at = "2026-12-03T12:00:00Z";

describe("SessionEventLedger", () => {
  it("treats processed_at: null as queued and handles the processed copy once", () => {
    const ledger = new SessionEventLedger();
    const queued = { id: "e1", type: "user.message", processed_at: null, content: [] };
    expect(ledger.apply(queued)).toEqual({ kind: "queued", id: "e1" });
    expect(ledger.apply(queued)).toEqual({ kind: "duplicate", id: "e1" });
    expect(ledger.apply({ ...queued, processed_at: at })).toEqual({ kind: "recorded", type: "user.message" });
    expect(ledger.apply({ ...queued, processed_at: at })).toEqual({ kind: "duplicate", id: "e1" });
  });

  it("keeps the agent's built-in tool calls once each, in order, for what the job's finish reads (bounded)", () => {
    const ledger = new SessionEventLedger();
    const use = (id: string, name: string, input: unknown) => ({
      id,
      type: "agent.tool_use",
      processed_at: at,
      name,
      input,
    });
    ledger.apply(use("u1", "read", { file_path: "/workspace/src/a.ts" }));
    ledger.apply(use("u1", "read", { file_path: "/workspace/src/a.ts" })); // a reconnect's second copy
    ledger.apply(use("u2", "bash", null));
    ledger.apply({
      id: "c1",
      type: "agent.custom_tool_use",
      processed_at: at,
      name: "submit_result",
      input: {},
    });
    expect(ledger.toolUses).toEqual([
      { id: "u1", name: "read", input: { file_path: "/workspace/src/a.ts" } },
      { id: "u2", name: "bash", input: {} },
    ]);
    const many = new SessionEventLedger();
    for (let i = 0; i < 2_005; i++) many.apply(use(`m${i}`, "grep", { pattern: "x" }));
    expect(many.toolUses).toHaveLength(2_000);
  });

  it("a queued custom tool result already settles its call, so a reconnect never answers it twice", () => {
    const ledger = new SessionEventLedger();
    ledger.apply({
      id: "T",
      type: "agent.custom_tool_use",
      processed_at: at,
      name: "submit_result",
      input: {},
    });
    ledger.apply({ id: "r1", type: "user.custom_tool_result", processed_at: null, custom_tool_use_id: "T" });
    expect(ledger.unsettledCustomToolUses()).toEqual([]);
  });

  it("keeps previews as scratch: deltas accumulate, the buffered agent.message replaces them", () => {
    const ledger = new SessionEventLedger();
    ledger.apply({ type: "event_start", event: { id: "m1", type: "agent.message" } });
    ledger.apply({
      type: "event_delta",
      event_id: "m1",
      delta: { type: "content_delta", content: { type: "text", text: "Draf" } },
    });
    ledger.apply({
      type: "event_delta",
      event_id: "m1",
      delta: { type: "content_delta", content: { type: "text", text: "t" } },
    });
    expect(ledger.previewText("m1")).toBe("Draft");
    expect(ledger.messages).toEqual([]);
    ledger.apply({
      id: "m1",
      type: "agent.message",
      processed_at: at,
      content: [{ type: "text", text: "Final" }],
    });
    expect(ledger.messages).toEqual(["Final"]);
    expect(ledger.previewText("m1")).toBeUndefined();
    // A stale preview for an already buffered event (after a reconnect) is not reopened.
    ledger.apply({ type: "event_start", event: { id: "m1", type: "agent.message" } });
    expect(ledger.previewText("m1")).toBeUndefined();
  });

  it("reads status_idle as a conditional end: requires_action, budget_reached, then running again", () => {
    const ledger = new SessionEventLedger();
    ledger.apply({
      id: "i1",
      type: "session.status_idle",
      processed_at: at,
      stop_reason: { type: "requires_action", event_ids: ["T"] },
    });
    expect(ledger.idleStop).toEqual({ reason: "requires_action", eventIds: ["T"] });
    expect(ledger.ended).toBe(false);
    ledger.apply({ id: "r", type: "session.status_running", processed_at: at });
    expect(ledger.idleStop).toBeUndefined();
    ledger.apply({
      id: "i2",
      type: "session.status_idle",
      processed_at: at,
      stop_reason: { type: "budget_reached" },
    });
    expect(ledger.idleStop).toEqual({ reason: "budget_reached" });
    ledger.apply({
      id: "i3",
      type: "session.status_idle",
      processed_at: at,
      stop_reason: { type: "refusal" },
      stop_details: { type: "refusal", category: "cyber", explanation: null },
    });
    expect(ledger.idleStop).toEqual({ reason: "refusal", detail: "cyber" });
  });

  it("reconciles a listed history after a drop: only unseen events come back, settled calls stay settled", () => {
    const history = [
      { id: "a", type: "session.status_running", processed_at: at },
      { id: "T1", type: "agent.custom_tool_use", processed_at: at, name: "submit_result", input: { n: 1 } },
      {
        id: "r1",
        type: "user.custom_tool_result",
        processed_at: at,
        custom_tool_use_id: "T1",
        is_error: true,
      },
      { id: "T2", type: "agent.custom_tool_use", processed_at: at, name: "submit_result", input: { n: 2 } },
      {
        id: "i",
        type: "session.status_idle",
        processed_at: at,
        stop_reason: { type: "requires_action", event_ids: ["T2"] },
      },
    ];
    const ledger = new SessionEventLedger();
    ledger.apply(history[0]!);
    ledger.apply(history[1]!);
    // The stream dropped here; the list returns everything.
    const fresh = ledger.reconcile(history);
    expect(fresh.map((h) => h.kind)).toEqual(["tool_settled", "custom_tool_use", "idle"]);
    expect(ledger.unsettledCustomToolUses().map((u) => u.id)).toEqual(["T2"]);
    expect(ledger.reconcile(history)).toEqual([]);
  });

  it("rescheduled after an error keeps the run alive until it really ends", () => {
    const ledger = new SessionEventLedger();
    ledger.apply({
      id: "e",
      type: "session.error",
      processed_at: at,
      error: { type: "model_overloaded_error" },
    });
    ledger.apply({ id: "s", type: "session.status_rescheduled", processed_at: at });
    expect(ledger.ended).toBe(false);
    ledger.apply({ id: "t", type: "session.status_terminated", processed_at: at });
    expect(ledger.ended).toBe(true);
    expect(ledger.errors).toEqual(["model_overloaded_error: no message"]);
  });

  it("ignores an event without an id and says so", () => {
    const ledger = new SessionEventLedger();
    expect(ledger.apply({ type: "agent.message" } as never)).toEqual({
      kind: "unknown",
      type: "agent.message",
    });
    expect(ledger.notes).toEqual(["an event without id or type was ignored"]);
  });
});
