import type { Context, SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { GitHubClient } from "../../src/github/github-client.js";
import type { JobSettings } from "../../src/jobs/job-settings.js";
import { type RemoteReviewSettle, settleRemoteReview } from "../../src/jobs/review/remote-review.js";
import type { ManagedAgentsEngine } from "../../src/runner/managed-agents/managed-agents-engine.js";
import type { SessionRecordStore } from "../shared/session-record-store.js";
import type { SpendLedger } from "../shared/spend-ledger.js";
import type { SettleMessage } from "./anthropic-webhook-handler.js";

export interface SettleHandlerDeps {
  store: SessionRecordStore;
  engine: ManagedAgentsEngine;
  /** A GitHub client for the session's repository (an installation token in the App). */
  octokitFor: (session: { owner: string; repo: string; installationId?: number }) => Promise<GitHubClient>;
  /** Called when a settle step is done with its client (the App revokes the client's token). */
  releaseOctokit?: (octokit: GitHubClient) => Promise<void>;
  settings: Pick<JobSettings, "jsonSchema" | "policy">;
  publish: Omit<RemoteReviewSettle, "octokit">;
  log?: (line: string, fields?: Record<string, unknown>) => void;
  /** Books a published session's real cost against the worker's spend-cap reservation. */
  spend?: Pick<SpendLedger, "adjust">;
}

/**
 * The follow-up worker: for each queued webhook, one short settle of the session (answer what it
 * waits on, or publish its result once). It never waits for the agent, so an invocation takes
 * seconds, not the session's minutes. Failures go back to the queue (ReportBatchItemFailures).
 */
export function createSettleHandler(deps: SettleHandlerDeps) {
  return async (event: SQSEvent, _context?: Context): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      try {
        const message = JSON.parse(record.body) as SettleMessage;
        const stored = await deps.store.get(message.sessionId);
        if (!stored) {
          deps.log?.("a session this deployment did not start; dropped", { sessionId: message.sessionId });
          continue;
        }
        if (stored.status === "published") continue;
        const octokit = await deps.octokitFor({
          ...stored.record,
          ...(stored.installationId === undefined ? {} : { installationId: stored.installationId }),
        });
        let settled: Awaited<ReturnType<typeof settleRemoteReview>>;
        try {
          settled = await settleRemoteReview(
            stored.record,
            { octokit, ...deps.publish },
            deps.engine,
            deps.settings,
          );
        } finally {
          await deps
            .releaseOctokit?.(octokit)
            .catch((error: unknown) =>
              deps.log?.("token not revoked; it expires within the hour", { error: String(error) }),
            );
        }
        if (settled.status === "published") {
          const first = await deps.store.claimPublication(message.sessionId);
          const reservation = stored.spendReservation;
          // Once per session (the claim), whatever delivery published it.
          if (first && reservation && deps.spend) {
            const cost = settled.result.session.outcome.totalCostUsd ?? reservation.amountUsd;
            await deps.spend
              .adjust(reservation.key, cost - reservation.amountUsd)
              .catch((error: unknown) => deps.log?.("spend not booked", { error: String(error) }));
          }
          deps.log?.("published", { sessionId: message.sessionId, conclusion: settled.published.conclusion });
        }
      } catch (error) {
        deps.log?.("settle failed; back to the queue", { error: (error as Error).message });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
