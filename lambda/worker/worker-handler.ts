import { processPartialResponse, SqsFifoPartialProcessorAsync } from "@aws-lambda-powertools/batch";
import { MetricUnit } from "@aws-lambda-powertools/metrics";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import {
  InstallationGoneError,
  type InstallationTokenProvider,
  type TokenScope,
} from "../shared/github-app-auth.js";
import type { InstallationAllowList } from "../shared/installation-allow-list.js";
import { type InvalidJobMessageError, type JobMessage, parseJobMessage } from "../shared/job-message.js";
import { type Telemetry, traced } from "../shared/telemetry.js";
import type { AttemptTokens } from "./attempt-tokens.js";
import type { InstallationSlots } from "./installation-slots.js";
import { type JobExecutor, type JobResult, PermanentJobError, TransientJobError } from "./job-executor.js";
import { deadLetter, delayRetry, type RetryPolicy } from "./retry-policy.js";

export interface WorkerHandlerDeps {
  telemetry: Telemetry;
  executor: JobExecutor;
  tokens: InstallationTokenProvider;
  /** Per-job token scope (repository + permissions); without it the installation-wide token is used. */
  tokenScope?: (job: JobMessage) => TokenScope;
  /** Checked again here: a message that did not come from our webhook or schedule is not trusted. */
  allowedInstallations: InstallationAllowList;
  anthropicApiKey?: () => Promise<string | undefined>;
  /** Kept back from the remaining invocation time so the job can close its check run. */
  deadlineMarginMs: number;
  /** Below this budget a job is not started at all; the message goes back to the queue untouched. */
  minimumJobMs: number;
  /** Backoff and DLQ-with-reason; without it a failure waits out the queue's visibility timeout. */
  retry?: RetryPolicy;
  /** Tells the PR when its job ended in the DLQ (best effort: GitHub may be what failed). */
  notify?: (job: JobMessage, text: string) => Promise<void>;
  /** Per-installation fairness cap; needs `retry` (a waiting job goes back through visibility). */
  fairness?: FairnessPolicy;
  /** Where each attempt records the tokens it minted, so the next attempt revokes what a killed one left. */
  attemptTokens?: AttemptTokens;
}

export interface FairnessPolicy {
  slots: InstallationSlots;
  /** Jobs of one installation that may run at once. */
  perInstallation: number;
  /**
   * Seconds a job waits before it asks for a slot again, doubling with each wait up to
   * `maxDeferSeconds`: a large backlog of one installation then costs few receives, and another
   * installation's jobs are not stuck behind the churn of the waiting ones.
   */
  deferSeconds: number;
  maxDeferSeconds: number;
  /** Receives a job may spend waiting; then it goes to the DLQ with the reason. */
  maxDeferrals: number;
}

/** The job's installation holds all its slots; the job waits its turn (not a failure). */
export class InstallationBusyError extends Error {
  override readonly name = "InstallationBusyError";
}

export type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** The job did not finish within its budget; retried with a fresh invocation. */
export class JobDeadlineError extends TransientJobError {}

/**
 * The worker door. Records are processed in order with the FIFO flavour of the Powertools batch
 * processor: when a job fails, the later jobs of the same PR (message group) are returned to the queue
 * unprocessed so they never overtake it, while other PRs in the batch carry on.
 */
export function createWorkerHandler(deps: WorkerHandlerDeps): WorkerHandler {
  const { logger, metrics, tracer } = deps.telemetry;

  return async (event, context) => {
    logger.addContext(context);
    try {
      return await processPartialResponse(
        event,
        (record: SQSRecord) => processRecord(record, context),
        new SqsFifoPartialProcessorAsync(),
        // A batch where every job failed is still a normal answer: the failures are reported per item.
        { context, skipGroupOnError: true, throwOnFullBatchFailure: false },
      );
    } finally {
      metrics.publishStoredMetrics();
    }
  };

  async function processRecord(record: SQSRecord, context: Context): Promise<void> {
    const receiveCount = Number(record.attributes.ApproximateReceiveCount ?? "1");
    logger.appendKeys({ messageId: record.messageId, receiveCount });
    let job: JobMessage;
    try {
      job = parseJobMessage(record.body);
    } catch (error) {
      const problems = (error as InvalidJobMessageError).problems;
      logger.error("invalid job message", { problems });
      metrics.addMetric("job_invalid_messages", MetricUnit.Count, 1);
      try {
        // Retrying cannot make it valid: straight to the DLQ with the problems as its reason.
        if (deps.retry) {
          await deadLetter(deps.retry, record, {
            reason: `invalid job message: ${(problems ?? [String(error)]).join("; ")}`,
            receiveCount,
          });
          return;
        }
        // Not acknowledged: the redrive policy moves it to the DLQ, where it is kept for inspection.
        throw error;
      } finally {
        logger.resetKeys();
      }
    }
    logger.appendKeys({
      jobId: job.jobId,
      jobKind: job.kind,
      repo: `${job.owner}/${job.repo}`,
      ...(job.pullNumber !== undefined ? { pr: job.pullNumber } : {}),
      ...(job.deliveryId ? { deliveryId: job.deliveryId } : {}),
    });
    try {
      const attempts = await attemptsSoFar(record, receiveCount);
      if (deps.retry && attempts > deps.retry.maxReceiveCount) {
        // Only a worker that died mid-job (timeout, out of memory) leaves a receive unanswered, and the
        // redrive policy's own count also covers the receives spent waiting for a fairness slot.
        await deadLetterAndNotify(record, job, attempts, {
          reason: `the worker stopped without an answer on ${attempts - 1} receives (killed mid-job: Lambda timeout or out of memory)`,
          notice: "the worker was stopped mid-job on every attempt",
        });
        return;
      }
      await traced(tracer, "### job", () => runJob(job, attempts, context));
    } catch (error) {
      if (error instanceof InstallationBusyError && deps.fairness && deps.retry)
        await waitForSlot(record, job, error);
      else await retryLater(record, job, receiveCount, error);
    } finally {
      logger.resetKeys();
    }
  }

  /**
   * Receives that tried to run the job: SQS's count minus the receives spent waiting for a fairness
   * slot (looked up only near the limit, where it matters).
   */
  async function attemptsSoFar(record: SQSRecord, receiveCount: number): Promise<number> {
    if (!deps.fairness || !deps.retry || receiveCount < deps.retry.maxReceiveCount) return receiveCount;
    return receiveCount - (await deps.fairness.slots.deferrals(record.messageId));
  }

  /** Over the installation's cap: back in the queue after a short wait, not counted as a failure. */
  async function waitForSlot(record: SQSRecord, job: JobMessage, busy: InstallationBusyError) {
    const fairness = deps.fairness as FairnessPolicy;
    const retry = deps.retry as RetryPolicy;
    const deferrals = await fairness.slots.countDeferral(record.messageId, 4 * 24 * 3600);
    if (deferrals > fairness.maxDeferrals) {
      await deadLetterAndNotify(record, job, Number(record.attributes.ApproximateReceiveCount ?? "1"), {
        reason: `installation ${job.installationId} stayed at its fairness cap for ${deferrals - 1} receives (${busy.message})`,
        notice: "its installation had too many jobs running for too long",
      });
      return;
    }
    const seconds = Math.min(
      fairness.deferSeconds * 2 ** Math.min(deferrals - 1, 10),
      fairness.maxDeferSeconds,
    );
    await delayRetry({ ...retry, backoffSeconds: [seconds] }, record, 1);
    logger.info("installation at its fairness cap; the job waits its turn", {
      retryInSeconds: seconds,
      deferrals,
    });
    countJob(job, "deferred");
    throw busy;
  }

  async function deadLetterAndNotify(
    record: SQSRecord,
    job: JobMessage,
    receiveCount: number,
    why: { reason: string; error?: string; notice: string },
  ): Promise<void> {
    await deadLetter(deps.retry as RetryPolicy, record, {
      reason: why.reason,
      ...(why.error ? { error: why.error } : {}),
      receiveCount,
    });
    logger.error("job moved to the DLQ", { reason: why.reason });
    countJob(job, "dead_lettered");
    // No attempt follows to revoke what a killed one minted: the job's last step does it now.
    await revokeLeftovers(job);
    if (deps.notify && job.pullNumber !== undefined)
      await deps
        .notify(
          job,
          `Claude could not complete the ${job.kind} job for this pull request (${why.notice}). It is kept in the dead-letter queue for an operator to inspect and redrive.`,
        )
        .catch((e: unknown) => logger.warn("DLQ notice not posted", { error: String(e) }));
  }

  /** A transient failure: back off, or at the last receive move it to the DLQ with its reason. */
  async function retryLater(record: SQSRecord, job: JobMessage, receiveCount: number, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (!deps.retry) {
      logger.error("job failed; it will be retried", { error: error as Error });
      throw error;
    }
    const attempts = await attemptsSoFar(record, receiveCount);
    if (attempts >= deps.retry.maxReceiveCount) {
      receiveCount = attempts;
      const reason = `failed on all ${receiveCount} receives; last error: ${message}`;
      await deadLetter(deps.retry, record, {
        reason,
        error: error instanceof Error ? (error.stack ?? message) : message,
        receiveCount,
      });
      logger.error("job moved to the DLQ", { reason, error: error as Error });
      countJob(job, "dead_lettered");
      await revokeLeftovers(job);
      if (deps.notify && job.pullNumber !== undefined)
        await deps
          .notify(
            job,
            `Claude could not complete the ${job.kind} job for this pull request after ${receiveCount} attempts (${message}). It is kept in the dead-letter queue for an operator to inspect and redrive.`,
          )
          .catch((e: unknown) => logger.warn("DLQ notice not posted", { error: String(e) }));
      return;
    }
    const seconds = await delayRetry(deps.retry, record, receiveCount);
    logger.error("job failed; it will be retried", { error: error as Error, retryInSeconds: seconds });
    throw error;
  }

  async function runJob(job: JobMessage, receiveCount: number, context: Context): Promise<void> {
    tracer?.putAnnotation("jobKind", job.kind);
    tracer?.putAnnotation("repo", `${job.owner}/${job.repo}`);
    if (!deps.allowedInstallations.allows(job.installationId)) {
      logger.warn("job dropped", {
        reason: `installation ${job.installationId} is not in ALLOWED_INSTALLATIONS`,
      });
      countJob(job, "dropped");
      return;
    }
    const deadlineMs = context.getRemainingTimeInMillis() - deps.deadlineMarginMs;
    if (deadlineMs < deps.minimumJobMs) {
      logger.warn("not enough time left to start the job; returning it to the queue", { deadlineMs });
      countJob(job, "deferred");
      throw new JobDeadlineError(`only ${deadlineMs} ms left, need ${deps.minimumJobMs} ms`);
    }

    const fairness = deps.fairness;
    if (fairness) {
      // The lease outlives the job's deadline a little, so a killed worker's slot frees itself.
      const leaseSeconds = Math.ceil((deadlineMs + deps.deadlineMarginMs) / 1000) + 60;
      const granted = await fairness.slots.acquire(
        job.installationId,
        job.jobId,
        fairness.perInstallation,
        leaseSeconds,
      );
      if (!granted)
        throw new InstallationBusyError(
          `${fairness.perInstallation} job(s) of installation ${job.installationId} already running`,
        );
    }
    try {
      await runWithSlot(job, receiveCount, deadlineMs);
    } finally {
      if (fairness)
        await fairness.slots.release(job.installationId, job.jobId).catch((e: unknown) =>
          logger.warn("fairness slot not released; its lease expires after the deadline", {
            error: String(e),
          }),
        );
    }
  }

  /** Revokes what earlier attempts of this job minted and never revoked (they were killed). */
  async function revokeLeftovers(job: JobMessage): Promise<void> {
    if (!deps.attemptTokens) return;
    const leftovers = await deps.attemptTokens.takeLeftovers(job.jobId).catch((e: unknown) => {
      logger.warn("earlier attempts' tokens not read; they expire within the hour", { error: String(e) });
      return [] as string[];
    });
    let revoked = 0;
    for (const token of leftovers)
      await deps.tokens.revokeToken?.(token).then(
        () => revoked++,
        // Already expired, or revoked by GitHub: nothing left to do.
        () => undefined,
      );
    if (leftovers.length > 0)
      logger.info("revoked the tokens an earlier attempt of this job left", {
        left: leftovers.length,
        revoked,
      });
  }

  /** Best effort: a record that fails leaves a token for its hour, it never stops the job. */
  async function recordMinted(job: JobMessage, token: string): Promise<void> {
    await deps.attemptTokens?.record(job.jobId, token).catch((e: unknown) =>
      logger.warn("minted token not recorded; if this attempt dies it expires within the hour", {
        error: String(e),
      }),
    );
  }

  async function runWithSlot(job: JobMessage, receiveCount: number, deadlineMs: number): Promise<void> {
    const started = Date.now();
    let result: JobResult;
    try {
      // A fresh token per job (full validity, so it cannot expire mid-job), scoped to the job's
      // repository and permissions, revoked when the job ends.
      const scope = deps.tokenScope?.(job);
      const scoped = scope !== undefined && deps.tokens.jobToken !== undefined;
      const mint = async () =>
        scoped
          ? await (deps.tokens.jobToken as NonNullable<InstallationTokenProvider["jobToken"]>)(
              job.installationId,
              scope,
            )
          : await deps.tokens.installationToken(job.installationId);
      if (scoped) await revokeLeftovers(job);
      const token = await mint();
      if (scoped) await recordMinted(job, token);
      // A token GitHub refuses mid-job (expired, revoked) is replaced by one of the same scope.
      const renewed: string[] = [];
      const renewToken = async () => {
        const next = await mint();
        if (scoped) {
          renewed.push(next);
          await recordMinted(job, next);
        }
        logger.warn("job token refused by GitHub; minted a replacement");
        return next;
      };
      try {
        const anthropicApiKey = await deps.anthropicApiKey?.();
        logger.info("job started", { deadlineMs });
        result = await deps.executor(job, {
          deadlineMs,
          signal: AbortSignal.timeout(deadlineMs),
          logger,
          token,
          renewToken,
          receiveCount,
          ...(anthropicApiKey ? { anthropicApiKey } : {}),
        });
      } finally {
        if (scoped) {
          const revoked: string[] = [];
          for (const minted of [token, ...renewed])
            await deps.tokens.revokeToken?.(minted).then(
              () => revoked.push(minted),
              (e: unknown) =>
                logger.warn("job token not revoked; it expires within the hour", { error: String(e) }),
            );
          await deps.attemptTokens
            ?.forget(job.jobId, revoked)
            .catch((e: unknown) =>
              logger.warn("revoked tokens not struck from the attempt record", { error: String(e) }),
            );
        }
      }
    } catch (error) {
      const permanent =
        error instanceof PermanentJobError
          ? error.reason
          : error instanceof InstallationGoneError
            ? error.message
            : undefined;
      if (permanent !== undefined) {
        // Acknowledged: retrying cannot help, and the DLQ is for things someone must look at.
        logger.warn("job dropped", { reason: permanent });
        countJob(job, "dropped");
        return;
      }
      countJob(job, "failed");
      throw error;
    }

    const durationMs = result.durationMs ?? Date.now() - started;
    metrics.addMetric("job_duration", MetricUnit.Milliseconds, durationMs);
    if (result.costUsd !== undefined) metrics.addMetric("job_cost_usd", MetricUnit.NoUnit, result.costUsd);
    if (result.estimatedCostUsd !== undefined)
      metrics.addMetric("job_estimated_cost_usd", MetricUnit.NoUnit, result.estimatedCostUsd);
    if (result.numTurns !== undefined) metrics.addMetric("job_turns", MetricUnit.Count, result.numTurns);
    if (result.resolutionRate !== undefined)
      metrics.addMetric("review_resolution_rate", MetricUnit.NoUnit, result.resolutionRate);
    if (result.repositoryResolutionRate !== undefined)
      metrics.addMetric("repository_resolution_rate", MetricUnit.NoUnit, result.repositoryResolutionRate);
    if (result.status === "timed_out") {
      // Final: the check run already says timed_out on the PR. Running it again would cost as much and
      // most likely time out again, while holding back every later job of this PR.
      logger.warn("job hit its deadline; reported as timed_out and not retried", {
        durationMs,
        conclusion: result.conclusion,
      });
      countJob(job, "timed_out");
      return;
    }
    logger.info("job completed", {
      durationMs,
      conclusion: result.conclusion,
      costUsd: result.costUsd,
      ...(result.estimatedCostUsd !== undefined ? { estimatedCostUsd: result.estimatedCostUsd } : {}),
      ...(result.resolutionRate !== undefined ? { resolutionRate: result.resolutionRate } : {}),
      ...(result.repositoryResolutionRate !== undefined
        ? { repositoryResolutionRate: result.repositoryResolutionRate }
        : {}),
      numTurns: result.numTurns,
      sessionId: result.sessionId,
    });
    countJob(job, "completed");
  }

  function countJob(
    job: JobMessage,
    outcome: "completed" | "failed" | "dropped" | "timed_out" | "deferred" | "dead_lettered",
  ): void {
    metrics.addMetric("jobs", MetricUnit.Count, 1);
    metrics.addMetric(`jobs_${outcome}`, MetricUnit.Count, 1);
    if (outcome === "failed" || outcome === "timed_out")
      metrics.addMetric("job_failures", MetricUnit.Count, 1);
    metrics.addMetadata(
      `job_${job.jobId}`,
      `${job.kind} ${job.owner}/${job.repo}${job.pullNumber ? `#${job.pullNumber}` : ""} ${outcome}`,
    );
  }
}
