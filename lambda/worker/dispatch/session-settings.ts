import type { SessionRunner } from "../../../src/engines/session-runner.js";
import { formatProgressEvent } from "../../../src/jobs/shared/format-progress-event.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { JobExecutionContext } from "../job-executor.js";
import { TransientJobError } from "../job-executor.js";
import type { JobRuntimeConfig } from "../job-runtime-config.js";

/** A session shorter than this cannot review anything; the job is retried with a fresh invocation. */
export const MINIMUM_SESSION_MS = 10_000;

/** Not enough of the invocation is left to start a session; the message goes back to the queue. */
export class SessionBudgetError extends TransientJobError {}

/**
 * JobSettings for a session that must end `publishReserveMs` before the job's deadline. The API key
 * is the only secret the agent gets; the installation token is only listed for redaction.
 */
export function sessionSettings(options: {
  config: JobRuntimeConfig;
  context: JobExecutionContext;
  /** Date.now() when the job started; the context's deadline counts from there. */
  startedAt: number;
  now?: number;
  /** Split mode: sessions run in the agent function, which reaches the model through the gateway. */
  agent?: { runner: SessionRunner; gatewayToken: string };
}): JobSettings {
  const { config, context } = options;
  const elapsed = (options.now ?? Date.now()) - options.startedAt;
  const timeoutMs = context.deadlineMs - elapsed - config.publishReserveMs;
  if (timeoutMs < MINIMUM_SESSION_MS)
    throw new SessionBudgetError(
      `only ${Math.max(0, timeoutMs)} ms would be left for the session (minimum ${MINIMUM_SESSION_MS} ms)`,
    );
  const agentEnv: Record<string, string> = {};
  if (context.anthropicApiKey) agentEnv.ANTHROPIC_API_KEY = context.anthropicApiKey;
  if (config.anthropicBaseUrl) agentEnv.ANTHROPIC_BASE_URL = config.anthropicBaseUrl;
  const logger = context.logger;
  return {
    maxTurns: config.maxTurns,
    maxBudgetUsd: config.maxBudgetUsd,
    timeoutMs,
    agentEnv,
    hostEnv: config.hostEnv,
    secretValues: [context.token, context.anthropicApiKey, options.agent?.gatewayToken].filter(
      (s): s is string => Boolean(s),
    ),
    ...(options.agent ? { sessionRunner: options.agent.runner } : {}),
    ...(config.claudePath ? { claudePath: config.claudePath } : {}),
    ...(config.model ? { model: config.model } : {}),
    ...(config.provider ? { provider: config.provider } : {}),
    // Progress lines carry the job's keys (jobId, repo, pr), so a long session is visible in the logs.
    onProgress: (event) => logger.debug(`agent: ${formatProgressEvent(event)}`, { progress: event.kind }),
  };
}
