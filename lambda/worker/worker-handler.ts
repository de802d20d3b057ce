import { processPartialResponse, SqsFifoPartialProcessorAsync } from "@aws-lambda-powertools/batch";
import { MetricUnit } from "@aws-lambda-powertools/metrics";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { InstallationGoneError, type InstallationTokenProvider } from "../shared/github-app-auth.js";
import type { InstallationAllowList } from "../shared/installation-allow-list.js";
import { type InvalidJobMessageError, type JobMessage, parseJobMessage } from "../shared/job-message.js";
import { type Telemetry, traced } from "../shared/telemetry.js";
import { type JobExecutor, type JobResult, PermanentJobError, TransientJobError } from "./job-executor.js";

export interface WorkerHandlerDeps {
  telemetry: Telemetry;
  executor: JobExecutor;
  tokens: InstallationTokenProvider;
  /** Checked again here: a message that did not come from our webhook or schedule is not trusted. */
  allowedInstallations: InstallationAllowList;
  anthropicApiKey?: () => Promise<string | undefined>;
  /** Kept back from the remaining invocation time so the job can close its check run. */
  deadlineMarginMs: number;
  /** Below this budget a job is not started at all; the message goes back to the queue untouched. */
  minimumJobMs: number;
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
      // Not acknowledged: the redrive policy moves it to the DLQ, where it is kept for inspection.
      logger.error("invalid job message", { problems: (error as InvalidJobMessageError).problems });
      metrics.addMetric("job_invalid_messages", MetricUnit.Count, 1);
      logger.resetKeys();
      throw error;
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
    } finally {
      logger.resetKeys();
    }
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
      const token = await deps.tokens.installationToken(job.installationId);
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
      logger.error("job failed; it will be retried", { error: error as Error });
      countJob(job, "failed");
      throw error;
    }

    const durationMs = result.durationMs ?? Date.now() - started;
    metrics.addMetric("job_duration", MetricUnit.Milliseconds, durationMs);
    if (result.costUsd !== undefined) metrics.addMetric("job_cost_usd", MetricUnit.NoUnit, result.costUsd);
    if (result.numTurns !== undefined) metrics.addMetric("job_turns", MetricUnit.Count, result.numTurns);
    if (result.status === "timed_out") {
      logger.warn("job hit its deadline; returning it to the queue", {
        durationMs,
        conclusion: result.conclusion,
      });
      countJob(job, "timed_out");
      throw new JobDeadlineError(`job stopped at its ${deadlineMs} ms deadline`);
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
    outcome: "completed" | "failed" | "dropped" | "timed_out" | "deferred",
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
