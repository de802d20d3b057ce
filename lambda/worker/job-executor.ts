import type { Logger } from "@aws-lambda-powertools/logger";
import type { JobMessage } from "../shared/job-message.js";

/**
 * What the worker hands to the job core for one job. The worker owns the clock: `deadlineMs` is
 * what is left of the Lambda invocation minus a safety margin, so the job can complete its check run
 * (as `timed_out` if need be) before Lambda freezes the sandbox.
 */
export interface JobExecutionContext {
  /** Milliseconds the job may use from the moment it is called. */
  deadlineMs: number;
  /** Aborts when deadlineMs has elapsed. */
  signal: AbortSignal;
  /** Carries jobId, deliveryId, repo and pr on every line. */
  logger: Logger;
  /** Installation access token for the job's repository (about one hour of validity). */
  token: string;
  /**
   * Mints a replacement token of the same scope, for when GitHub refuses `token` mid-job (expired or
   * revoked); the worker revokes every token it minted when the job ends.
   */
  renewToken?: () => Promise<string>;
  /** Anthropic API key for the CLI, read from Secrets Manager/SSM when configured. */
  anthropicApiKey?: string;
  /** How many times SQS has handed out this message, this time included. */
  receiveCount: number;
}

/**
 * `completed`: published, message acknowledged. `timed_out`: the job stopped at its deadline and
 * closed its check run as timed_out; the message goes back to the queue for a run with a full budget.
 */
export interface JobResult {
  status: "completed" | "timed_out";
  /** Check-run style conclusion the job published, for the logs. */
  conclusion?: string;
  costUsd?: number;
  /** What the job was estimated to cost before its session started (reviews), next to `costUsd`. */
  estimatedCostUsd?: number;
  /** Reviews: the share of the PR's earlier inline findings that were resolved (none earlier: absent). */
  resolutionRate?: number;
  /** Reviews and closed PRs: the repository's rate over every tallied PR (needs the sessions bucket). */
  repositoryResolutionRate?: number;
  numTurns?: number;
  durationMs?: number;
  sessionId?: string;
  /**
   * The job started a session that settles later (managed-agents): its cost is unknown now, so the
   * spend cap keeps the job's whole reservation instead of booking zero.
   */
  costPending?: boolean;
}

export type JobExecutor = (job: JobMessage, context: JobExecutionContext) => Promise<JobResult>;

/**
 * The job can never succeed (PR closed or merged, repository gone, App uninstalled): the worker logs
 * the reason and acknowledges the message instead of retrying it into the DLQ.
 */
export class PermanentJobError extends Error {
  override readonly name = "PermanentJobError";
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
  }
}

/** Worth another try later (rate limit, outage, deadline). Any other error is treated the same way. */
export class TransientJobError extends Error {
  override readonly name = "TransientJobError";
}
