import type Anthropic from "@anthropic-ai/sdk";
import type { PolicyDecision, ToolPolicy } from "../policy/tool-policy.js";
import type { SessionOutcome } from "../session-outcome.js";
import { type DriveEnd, listHistory, SessionDriver } from "./drive-session.js";
import { outcomeOf, toolHandlers } from "./run-managed-session.js";
import { SubmitResultTool } from "./submit-result-tool.js";

export interface SettleOptions {
  client: Anthropic;
  sessionId: string;
  jsonSchema: Record<string, unknown>;
  policy?: ToolPolicy;
  policyRoot?: string;
  submitAttempts?: number;
  /** The job's turn cap: past it the session is interrupted and settled as max_turns. */
  maxTurns?: number;
}

export type SettleResult =
  /** The session is working, or we just answered what it waited on: the next webhook continues. */
  { state: "waiting" } | { state: "ended"; end: DriveEnd; outcome: SessionOutcome };

/**
 * One short look at a session that nobody is following (the webhook-driven path): list its history,
 * rebuild the submit_result state from it, answer whatever it still waits on, and say whether it is
 * done. Stateless and idempotent: the history is the state, so a redelivered webhook answers nothing
 * twice and publishes the same outcome.
 */
export async function settleManagedSession(options: SettleOptions): Promise<SettleResult> {
  const history = await listHistory(options.client, options.sessionId);
  const submit = await SubmitResultTool.create(options.jsonSchema, options.submitAttempts);
  submit.restore(history);
  const policyDecisions: PolicyDecision[] = [];
  const driver = new SessionDriver({
    client: options.client,
    sessionId: options.sessionId,
    ...toolHandlers(options, submit, policyDecisions),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
  });
  const end = await driver.reconcile(history);
  if (!end) return { state: "waiting" };
  // Only a webhook wakes this path, so the cap is checked at each idle (every tool confirmation and
  // submit_result makes one), not on every event as the streaming driver does.
  if (end.kind === "max_turns") await driver.interruptForTurnCap(end);
  const outcome = outcomeOf(end, driver.ledger, submit, {
    sessionId: options.sessionId,
    durationMs: driver.ledger.usage.activeSeconds * 1000,
    policyDecisions,
    notes: driver.notes,
  });
  return { state: "ended", end, outcome };
}
