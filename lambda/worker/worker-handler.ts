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
      await traced(tracer, "### job", () => runJob(job, receiveCount, context));
    } catch (error) {
      await retryLater(record, job, receiveCount, error);
    } finally {
      logger.resetKeys();
    }
  }

  /** A transient failure: back off, or at the last receive move it to the DLQ with its reason. */
  async function retryLater(record: SQSRecord, job: JobMessage, receiveCount: number, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (!deps.retry) {
      logger.error("job failed; it will be retried", { error: error as Error });
      throw error;
    }
    if (receiveCount >= deps.retry.maxReceiveCount) {
      const reason = `failed on all ${receiveCount} receives; last error: ${message}`;
      await deadLetter(deps.retry, record, {
        reason,
        error: error instanceof Error ? (error.stack ?? message) : message,
        receiveCount,
      });
      logger.error("job moved to the DLQ", { reason, error: error as Error });
      countJob(job, "dead_lettered");
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
    tracer.putAnnotation("jobKind", job.kind);
    tracer.putAnnotation("repo", `${job.owner}/${job.repo}`);
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

    const started = Date.now();
    let result: JobResult;
    try {
      // A fresh token per job (full validity, so it cannot expire mid-job), scoped to the job's
      // repository and permissions, revoked when the job ends.
      const scope = deps.tokenScope?.(job);
      const scoped = scope !== undefined && deps.tokens.jobToken !== undefined;
      const token = scoped
        ? await (deps.tokens.jobToken as NonNullable<InstallationTokenProvider["jobToken"]>)(
            job.installationId,
            scope,
          )
        : await deps.tokens.installationToken(job.installationId);
      try {
        const anthropicApiKey = await deps.anthropicApiKey?.();
        logger.info("job started", { deadlineMs });
        result = await deps.executor(job, {
          deadlineMs,
          signal: AbortSignal.timeout(deadlineMs),
          logger,
          token,
          receiveCount,
          ...(anthropicApiKey ? { anthropicApiKey } : {}),
        });
      } finally {
        if (scoped)
          await deps.tokens
            .revokeToken?.(token)
            .catch((e: unknown) =>
              logger.warn("job token not revoked; it expires within the hour", { error: String(e) }),
            );
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
    if (result.numTurns !== undefined) metrics.addMetric("job_turns", MetricUnit.Count, result.numTurns);
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
