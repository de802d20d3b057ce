import type { ScriptedEvent } from "./managed-agents-double.js";

// Builders for what a Managed Agents session emits, field names as in @anthropic-ai/sdk's types.

export const running = (): ScriptedEvent => ({ type: "session.status_running" });

/** One model request: start, then end with its token usage. */
export function modelRequest(inputTokens = 100, outputTokens = 20, isError = false): ScriptedEvent[] {
  return [
    { type: "span.model_request_start" },
    {
      type: "span.model_request_end",
      model_request_start_id: "$previous",
      is_error: isError,
      model_usage: { input_tokens: inputTokens, output_tokens: outputTokens, cache_read_input_tokens: 0 },
    },
  ];
}

export const message = (text: string): ScriptedEvent => ({
  type: "agent.message",
  content: [{ type: "text", text }],
});

export const submit = (input: Record<string, unknown>): ScriptedEvent => ({
  type: "agent.custom_tool_use",
  name: "submit_result",
  input,
});

export const idle = (stop: "end_turn" | "budget_reached" | "retries_exhausted"): ScriptedEvent => ({
  type: "session.status_idle",
  stop_reason: { type: stop },
  stop_details: null,
});

/** Waits on every custom tool call not yet answered (the double fills in their ids). */
export const requiresAction = (): ScriptedEvent => ({
  type: "session.status_idle",
  stop_reason: { type: "requires_action", event_ids: "$pending" },
  stop_details: null,
});

export const usage = (cents: number, activeSeconds: number): ScriptedEvent => ({
  type: "session.usage",
  usage: {
    input_tokens: 1000,
    output_tokens: 200,
    active_seconds: activeSeconds,
    list_cost: { amount: String(cents), currency: "USD" },
  },
  budget: null,
});

export const sessionError = (type: string, message: string): ScriptedEvent => ({
  type: "session.error",
  error: { type, message, retry_status: { type: "retrying" } },
});
