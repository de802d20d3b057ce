import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import type { RemoteSessionStatus } from "../../src/engines/managed-agents/managed-agents-engine.js";
import type { SessionRecordStore } from "../shared/session-record-store.js";
import type { SettleMessage } from "./anthropic-webhook-handler.js";

export interface SessionSweepDeps {
  store: Pick<SessionRecordStore, "openSessions">;
  /** The session's status from the Managed Agents API (`beta.sessions.retrieve`; 404 is "deleted"). */
  status: (sessionId: string) => Promise<RemoteSessionStatus>;
  sqs: SQSClient;
  settleQueueUrl: string;
  graceMs: number;
  maxAgeMs: number;
  now?: () => Date;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

export interface SessionSweepResult {
  /** Sessions a settle step was queued for, with the status that called for it. */
  queued: Array<{ sessionId: string; status: RemoteSessionStatus; pastDeadline: boolean }>;
  /** Still working within their deadline: their webhook may still come. */
  working: string[];
  /** The status could not be read or the message not queued: the next sweep tries again. */
  failed: Array<{ sessionId: string; error: string }>;
}

/**
 * Stands in for Anthropic webhooks that never arrived (a lost delivery, an outage, a misconfigured
 * endpoint). Every open session past the grace period is looked up; one that stopped (idle,
 * terminated, deleted) or is still working past its job's deadline gets the settle message its
 * webhook would have queued. The settle step then does exactly what it does for a webhook, and its
 * conditional claim on the record publishes once however many wake-ups reach it.
 */
export function createSessionSweepHandler(deps: SessionSweepDeps) {
  return async (event?: { time?: string }): Promise<SessionSweepResult> => {
    const now = deps.now?.() ?? new Date();
    // One sweep run, one deduplication id per session: a retried invocation queues nothing twice.
    const run = event?.time ?? now.toISOString();
    const result: SessionSweepResult = { queued: [], working: [], failed: [] };
    const open = await deps.store.openSessions({
      from: new Date(now.getTime() - deps.maxAgeMs),
      to: new Date(now.getTime() - deps.graceMs),
    });
    for (const session of open) {
      const { sessionId } = session;
      try {
        const status = await deps.status(sessionId);
        const pastDeadline = session.deadlineAt !== undefined && now >= session.deadlineAt;
        if ((status === "running" || status === "rescheduling") && !pastDeadline) {
          result.working.push(sessionId);
          continue;
        }
        const message: SettleMessage = {
          version: 1,
          sessionId,
          because: "sweep",
          webhookEventId: `sweep:${sessionId}:${run}`,
        };
        await deps.sqs.send(
          new SendMessageCommand({
            QueueUrl: deps.settleQueueUrl,
            MessageBody: JSON.stringify(message),
            // The session's own FIFO group: a sweep and a late webhook are settled one after the other.
            MessageGroupId: sessionId,
            // Well under SQS's 128 characters: a session id and an ISO time.
            MessageDeduplicationId: message.webhookEventId,
          }),
        );
        result.queued.push({ sessionId, status, pastDeadline });
      } catch (error) {
        result.failed.push({ sessionId, error: (error as Error).message });
      }
    }
    deps.log?.("session sweep done", {
      open: open.length,
      queued: result.queued.length,
      working: result.working.length,
      failed: result.failed.length,
    });
    for (const failure of result.failed) deps.log?.("session not swept; next run retries", failure);
    return result;
  };
}
