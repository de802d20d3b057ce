import type Anthropic from "@anthropic-ai/sdk";
import type { StreamItem } from "../../protocol/managed-agents/index.js";
import type { PolicyDecision, ToolPolicy } from "../../runner/policy/tool-policy.js";
import { attestRemoteRun } from "../../runner/run-attestation.js";
import type { SessionOutcome } from "../../runner/session-outcome.js";
import { submitResultSchema } from "./agent-definition.js";
import { type DriveEnd, listHistory, SessionDriver } from "./drive-session.js";
import { outcomeOf, splitWorkspacePatch, toolHandlers } from "./run-managed-session.js";
import { SubmitResultTool } from "./submit-result-tool.js";

export interface SettleOptions {
  client: Anthropic;
  sessionId: string;
  jsonSchema: Record<string, unknown>;
  policy?: ToolPolicy;
  policyRoot?: string;
  submitAttempts?: number;
  /** The job's turn cap: past it the session is interrupted, archived and settled as max_turns. */
  maxTurns?: number;
  /** The job's deadline (ms since epoch): a session still working past it is interrupted and archived. */
  deadlineAt?: number;
  /**
   * "write" for the session of an autofix: submit_result carries the patch field, the read-back
   * command is allowed, and the patch comes out as `outcome.workspacePatch` (default "read").
   */
  access?: "read" | "write";
}

export type SettleResult =
  /** The session is working, or we just answered what it waited on: the next webhook continues. */
  { state: "waiting" } | { state: "ended"; end: DriveEnd; outcome: SessionOutcome };

/**
 * One short look at a session that nobody is following (the webhook-driven path and the sweeper):
 * list its history, rebuild the submit_result state from it, answer whatever it still waits on, and
 * say whether it is done. Stateless and idempotent: the history is the state, so a redelivered
 * webhook answers nothing twice and yields the same outcome.
 */
export async function settleManagedSession(options: SettleOptions): Promise<SettleResult> {
  const history = await historyOrGone(options.client, options.sessionId);
  const access = options.access ?? "read";
  const submit = await SubmitResultTool.create(
    submitResultSchema(options.jsonSchema, access),
    options.submitAttempts,
  );
  if (history) submit.restore(history);
  const policyDecisions: PolicyDecision[] = [];
  const driver = new SessionDriver({
    client: options.client,
    sessionId: options.sessionId,
    ...toolHandlers({ ...options, readBack: access === "write" }, submit, policyDecisions),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.deadlineAt === undefined ? {} : { deadlineAt: options.deadlineAt }),
  });
  let end: DriveEnd | undefined;
  if (history) {
    // The turns are counted from the listed span.model_request_start events, as on the stream.
    end = await driver.reconcile(history);
  } else {
    end = { kind: "deleted" };
    driver.notes.push("the session no longer exists (404): its events and cost cannot be read");
  }
  if (!end) return { state: "waiting" };
  if (end.kind === "max_turns") {
    await driver.interruptForTurnCap(end);
    // Nobody follows this session any more: archived, it can never run another turn on our bill.
    await driver.archive();
  }
  if (end.kind === "deadline") await driver.interruptAndArchive();
  const outcome = outcomeOf(end, driver.ledger, submit, {
    sessionId: options.sessionId,
    durationMs: driver.ledger.usage.activeSeconds * 1000,
    policyDecisions,
    notes: driver.notes,
    attestation: attestRemoteRun({ policy: options.policy, access }),
  });
  if (access === "write") splitWorkspacePatch(outcome);
  return { state: "ended", end, outcome };
}

/** The session's history, or undefined when the service says it is gone (deleted: 404). */
async function historyOrGone(client: Anthropic, sessionId: string): Promise<StreamItem[] | undefined> {
  try {
    return await listHistory(client, sessionId);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}
