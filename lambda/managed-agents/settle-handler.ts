import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context, SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../src/engines/managed-agents/managed-agents-job-engine.js";
import { resolutionRate } from "../../src/github/finding-resolution.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { askJob } from "../../src/jobs/ask/ask-job.js";
import { auditJob } from "../../src/jobs/audit/audit-job.js";
import { autofixJob } from "../../src/jobs/autofix/autofix-job.js";
import { tallyResolution } from "../../src/jobs/learnings/tally-resolution.js";
import type { PublishedReview } from "../../src/jobs/review/publish-review-to-github.js";
import {
  type DetachedReviewResult,
  type ReviewPublishing,
  reviewJob,
} from "../../src/jobs/review/review-job.js";
import { type DetachedJob, type DetachedJobRecord, settleJob } from "../../src/jobs/shared/detached-job.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";
import type { TranscriptStore } from "../../src/sessions/transcript-store.js";
import {
  remoteJobKind,
  type SessionRecordStore,
  type StoredSession,
} from "../shared/session-record-store.js";
import type { SpendLedger } from "../shared/spend-ledger.js";
import type { SettleMessage } from "./anthropic-webhook-handler.js";

/** Which session a GitHub client is for, and so what its token may do. */
export interface SettleTarget {
  owner: string;
  repo: string;
  installationId?: number;
  kind?: "review" | "audit" | "autofix" | "ask";
  /** An audit that uploads SARIF needs code scanning write. */
  uploadSarif?: boolean;
}

export interface SettleHandlerDeps {
  store: SessionRecordStore;
  engine: ManagedAgentsEngine;
  /** A GitHub client for the session's repository (an installation token in the App). */
  octokitFor: (session: SettleTarget) => Promise<GitHubClient>;
  /** Called when a settle step is done with its client (the App revokes the client's token). */
  releaseOctokit?: (octokit: GitHubClient) => Promise<void>;
  settings: Pick<JobSettings, "jsonSchema" | "policy">;
  publish: ReviewPublishing;
  /**
   * Clones the session's repository at the pinned head into `dir` (an autofix lands the agent's
   * patch there before it commits through the API). Without it an autofix session cannot be settled.
   */
  cloneAt?: (session: SettleTarget, at: { headSha: string; baseSha: string }, dir: string) => Promise<void>;
  /** Where the clones go (default the OS temp dir: /tmp on Lambda); each is removed after its step. */
  workRoot?: string;
  /** git's environment for the clone and the patch (the function's own, never the agent's). */
  hostEnv?: NodeJS.ProcessEnv;
  log?: (line: string, fields?: Record<string, unknown>) => void;
  /** Books a published session's real cost against the worker's spend-cap reservation. */
  spend?: Pick<SpendLedger, "adjust">;
  /** Records a published session's cost, and the estimate made before it began, as metrics. */
  metric?: (
    name: "job_cost_usd" | "job_estimated_cost_usd" | "review_resolution_rate" | "repository_resolution_rate",
    value: number,
  ) => void;
  /** The worker's session store: a published review's count goes into the repository's tally there. */
  transcripts?: TranscriptStore;
}

/**
 * How long a settle step holds the right to publish: longer than the settle function's timeout (2
 * minutes), so a lease only lapses once its step is surely dead.
 */
export const SETTLE_LEASE_SECONDS = 300;

/**
 * The follow-up worker: for each queued webhook (or sweeper wake-up), one short settle of the
 * session (answer what it waits on, or publish its result once), by the job kind the worker
 * recorded: a review, an audit, an autofix or a question. It never waits for the agent, so an invocation takes
 * seconds, not the session's minutes. Failures go back to the queue (ReportBatchItemFailures).
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
  const target = settleTarget(stored);
  // Minted only when the step publishes: a step that just answers the session holds no token.
  let client: Promise<GitHubClient> | undefined;
  const github = () => {
    client ??= deps.octokitFor(target);
    return client;
  };
  let claimed = false;
  let settled: Settled;
  try {
    settled = await settleByKind(deps, stored, target, github, async () => {
      // A webhook, its redelivery and the sweeper may all find the session ended: one publishes.
      claimed = await deps.store.claimSettlement(sessionId, SETTLE_LEASE_SECONDS);
      return claimed;
    });
  } catch (error) {
    if (claimed)
      await deps.store
        .releaseSettlement(sessionId)
        .catch((release: unknown) =>
          deps.log?.("claim not released; it lapses with its lease", { error: String(release) }),
        );
    throw error;
  } finally {
    const octokit = await client?.catch(() => undefined);
    if (octokit)
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
    const { outcome } = settled;
    // A deleted session's usage cannot be read any more: its reservation stays booked, as for a
    // job that crashed (the money may have been spent).
    const cost = outcome.stopReason === "deleted" ? reservation.amountUsd : outcome.totalCostUsd;
    await deps.spend
      .adjust(reservation.key, cost - reservation.amountUsd)
      .catch((error: unknown) => deps.log?.("spend not booked", { error: String(error) }));
  }
  // The estimate made before the session began, next to what it cost: estimates are checked against reality.
  const estimatedCostUsd = "estimate" in stored.record ? stored.record.estimate?.usd : undefined;
  const costUsd = settled.outcome.totalCostUsd;
  deps.metric?.("job_cost_usd", costUsd);
  if (estimatedCostUsd !== undefined) deps.metric?.("job_estimated_cost_usd", estimatedCostUsd);
  const pullNumber = "pullNumber" in stored.record ? stored.record.pullNumber : undefined;
  if (settled.review) await reportResolution(deps, { ...target, pullNumber }, settled.review);
  deps.log?.("published", {
    sessionId,
    because: message.because,
    conclusion: settled.conclusion,
    costUsd,
    ...(estimatedCostUsd !== undefined ? { estimatedCostUsd } : {}),
  });
}

/** One settle step's result, whatever the job kind (a review's publication too, for its resolution rate). */
type Settled =
  | { status: "waiting" }
  | { status: "claimed_elsewhere" }
  | { status: "published"; outcome: SessionOutcome; conclusion: string; review?: PublishedReview };

/**
 * A published review's resolution rates, as the worker reports a local one: the PR's share as a
 * metric, and its count into the repository's tally beside the sessions (the repository's rate as a
 * metric). Reports only: a failure is logged.
 */
async function reportResolution(
  deps: SettleHandlerDeps,
  target: SettleTarget & { pullNumber: number | undefined },
  review: PublishedReview,
) {
  const resolution = review.review?.resolution;
  if (resolution) deps.metric?.("review_resolution_rate", resolutionRate(resolution));
  if (target.pullNumber === undefined) return;
  const repository = await tallyResolution({
    store: deps.transcripts,
    owner: target.owner,
    repo: target.repo,
    pullNumber: target.pullNumber,
    resolution,
    untrusted: false,
    ...(deps.log ? { log: (line: string) => deps.log?.(line) } : {}),
  });
  if (repository) deps.metric?.("repository_resolution_rate", repository.rate);
}

function settleTarget(stored: StoredSession): SettleTarget {
  const { record } = stored;
  return {
    owner: record.owner,
    repo: record.repo,
    kind: remoteJobKind(record),
    ...(stored.installationId === undefined ? {} : { installationId: stored.installationId }),
    ...(record.kind === "audit" && record.uploadSarif ? { uploadSarif: true } : {}),
  };
}

/**
 * The job kind's own finish (review, audit, autofix or ask), the one each engine's job runs: a
 * settle step only looks at the session and hands its end over.
 */
async function settleByKind(
  deps: SettleHandlerDeps,
  stored: StoredSession,
  target: SettleTarget,
  octokit: () => Promise<GitHubClient>,
  claim: () => Promise<boolean>,
): Promise<Settled> {
  const { record } = stored;
  const job = jobOf(deps, record);
  const engine = new ManagedAgentsJobEngine(deps.engine);
  // An autofix lands the agent's patch in a clone of the pinned head, removed after the step.
  const workDirs: string[] = [];
  try {
    const settled = await settleJob(job, engine, record, {
      octokit,
      claim,
      hostEnv: deps.hostEnv ?? {},
      ...(deps.log ? { log: deps.log } : {}),
      checkoutAt: async (at) => {
        const cloneAt = deps.cloneAt;
        if (!cloneAt) throw new Error("an autofix session needs the settle function's clone wiring");
        const dir = await mkdtemp(join(deps.workRoot ?? tmpdir(), `${target.kind ?? "review"}-`));
        workDirs.push(dir);
        const repoDir = join(dir, "repo");
        await cloneAt(target, at, repoDir);
        return repoDir;
      },
    });
    if (settled.status !== "published") return settled;
    const published = (settled.result as Partial<DetachedReviewResult> | undefined)?.published;
    return {
      status: "published",
      outcome: settled.session.outcome,
      conclusion: settled.conclusion,
      ...(remoteJobKind(record) === "review" && published ? { review: published } : {}),
    };
  } finally {
    await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

function jobOf(
  deps: SettleHandlerDeps,
  record: StoredSession["record"],
): DetachedJob<DetachedJobRecord, unknown> {
  const jobs = {
    review: reviewJob(deps.publish, deps.settings),
    audit: auditJob,
    autofix: autofixJob,
    ask: askJob,
  };
  return jobs[remoteJobKind(record)] as unknown as DetachedJob<DetachedJobRecord, unknown>;
}
