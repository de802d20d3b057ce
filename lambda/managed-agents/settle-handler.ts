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
 * How long a settle step holds the right to publish: longer than the settle function's timeout (2
 * minutes), so a lease only lapses once its step is surely dead.
 */
export const SETTLE_LEASE_SECONDS = 300;

/**
 * The follow-up worker: for each queued webhook (or sweeper wake-up), one short settle of the
 * session (answer what it waits on, or publish its result once). It never waits for the agent, so an
 * invocation takes seconds, not the session's minutes. Failures go back to the queue
 * (ReportBatchItemFailures).
 */
export function createSettleHandler(deps: SettleHandlerDeps) {
  return async (event: SQSEvent, _context?: Context): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      try {
        const message = JSON.parse(record.body) as SettleMessage;
        await settleOne(deps, message);
      } catch (error) {
        deps.log?.("settle failed; back to the queue", { error: (error as Error).message });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

async function settleOne(deps: SettleHandlerDeps, message: SettleMessage): Promise<void> {
  const { sessionId } = message;
  const stored = await deps.store.get(sessionId);
  if (!stored) {
    deps.log?.("a session this deployment did not start; dropped", { sessionId });
    return;
  }
  if (stored.status === "published") return;
  if (stored.status === "settling" && stored.leaseUntil && stored.leaseUntil.getTime() > Date.now()) {
    deps.log?.("another settle step is publishing this session", { sessionId, because: message.because });
    return;
  }
  const octokit = await deps.octokitFor({
    ...stored.record,
    ...(stored.installationId === undefined ? {} : { installationId: stored.installationId }),
  });
  let claimed = false;
  let settled: Awaited<ReturnType<typeof settleRemoteReview>>;
  try {
    settled = await settleRemoteReview(
      stored.record,
      {
        octokit,
        ...deps.publish,
        // A webhook, its redelivery and the sweeper may all find the session ended: one publishes.
        claim: async () => {
          claimed = await deps.store.claimSettlement(sessionId, SETTLE_LEASE_SECONDS);
          return claimed;
        },
      },
      deps.engine,
      deps.settings,
    );
  } catch (error) {
    if (claimed)
      await deps.store
        .releaseSettlement(sessionId)
        .catch((release: unknown) =>
          deps.log?.("claim not released; it lapses with its lease", { error: String(release) }),
        );
    throw error;
  } finally {
    await deps
      .releaseOctokit?.(octokit)
      .catch((error: unknown) =>
        deps.log?.("token not revoked; it expires within the hour", { error: String(error) }),
      );
  }
  if (settled.status === "claimed_elsewhere") {
    deps.log?.("ended; another settle step publishes it", { sessionId, because: message.because });
    return;
  }
  if (settled.status !== "published") return;
  await deps.store.markPublished(sessionId);
  const reservation = stored.spendReservation;
  // Once per session: only the step holding the claim gets here.
  if (reservation && deps.spend) {
    const { outcome } = settled.result.session;
    // A deleted session's usage cannot be read any more: its reservation stays booked, as for a
    // job that crashed (the money may have been spent).
    const cost = outcome.stopReason === "deleted" ? reservation.amountUsd : outcome.totalCostUsd;
    await deps.spend
      .adjust(reservation.key, cost - reservation.amountUsd)
      .catch((error: unknown) => deps.log?.("spend not booked", { error: String(error) }));
  }
  deps.log?.("published", {
    sessionId,
    because: message.because,
    conclusion: settled.published.conclusion,
  });
}
