import { envReader } from "../shared/env-values.js";
import { type GitHubAppConfig, githubAppConfigFromEnv } from "../shared/github-app-config.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";

export interface WorkerConfig extends GitHubAppConfig {
  anthropicApiKey?: SecretReference;
  /** Kept back from the invocation's remaining time so the check run can be completed. */
  deadlineMarginMs: number;
  /** Smaller budgets do not start a job at all. */
  minimumJobMs: number;
  /** DynamoDB table of daily spend counters (`SPEND_TABLE_NAME`); PR jobs are uncapped without it. */
  spendTableName?: string;
  /** Most one PR may cost per UTC day (`MAX_PR_SPEND_USD_PER_DAY`, default 25). */
  prSpendCapUsdPerDay: number;
  /** Most one installation's scheduled audits may cost per UTC day (`MAX_AUDIT_SPEND_USD_PER_DAY`, default 50). */
  auditSpendCapUsdPerDay: number;
  /**
   * Split mode (`AGENT_FUNCTION_NAME`, `MODEL_GATEWAY_URL`, `GATEWAY_TOKENS_TABLE`): sessions run in the
   * agent function and this worker never reads the model key.
   */
  agent?: { functionName: string; gatewayUrl: string; tokensTable: string; exchangePrefix: string };
  /** Retry backoff and DLQ-with-reason (`JOB_QUEUE_URL` + `DEAD_LETTER_QUEUE_URL`). */
  retry?: { queueUrl: string; deadLetterQueueUrl: string; maxReceiveCount: number; backoffSeconds: number[] };
  /**
   * The managed-agents engine (`MANAGED_AGENTS_API_KEY_SECRET` + `SESSIONS_TABLE_NAME`): the worker
   * starts sessions with this key. It never reaches an agent process: no CLI runs for those jobs.
   */
  managedAgents?: { apiKey: SecretReference; sessionsTable: string; baseUrl?: string };
  /**
   * Per-installation fairness cap (`SLOTS_TABLE_NAME` + `INSTALLATION_CONCURRENCY`; needs `retry`):
   * at most `perInstallation` jobs of one installation run at once, the others wait `deferSeconds`.
   */
  fairness?: {
    tableName: string;
    perInstallation: number;
    deferSeconds: number;
    maxDeferSeconds: number;
    maxDeferrals: number;
  };
}

export class WorkerConfigError extends Error {
  override readonly name = "WorkerConfigError";
}

export function workerConfigFromEnv(env: NodeJS.ProcessEnv): WorkerConfig {
  return {
    ...githubAppConfigFromEnv(env),
    ...(env.ANTHROPIC_API_KEY_SECRET
      ? { anthropicApiKey: parseSecretReference(env.ANTHROPIC_API_KEY_SECRET, "ANTHROPIC_API_KEY_SECRET") }
      : {}),
    deadlineMarginMs: reader(env).number("DEADLINE_MARGIN_MS", 60_000, {
      integer: true,
      min: 0,
      unit: "milliseconds",
    }),
    minimumJobMs: reader(env).number("MIN_JOB_MS", 30_000, { integer: true, min: 0, unit: "milliseconds" }),
    ...(env.SPEND_TABLE_NAME?.trim() ? { spendTableName: env.SPEND_TABLE_NAME.trim() } : {}),
    prSpendCapUsdPerDay: reader(env).number("MAX_PR_SPEND_USD_PER_DAY", 25, { above: 0, unit: "US dollars" }),
    auditSpendCapUsdPerDay: reader(env).number("MAX_AUDIT_SPEND_USD_PER_DAY", 50, {
      above: 0,
      unit: "US dollars",
    }),
    ...agentSplitFromEnv(env),
    ...retryFromEnv(env),
    ...managedAgentsFromEnv(env),
    ...fairnessFromEnv(env),
  };
}

function managedAgentsFromEnv(env: NodeJS.ProcessEnv): Pick<WorkerConfig, "managedAgents"> {
  const key = env.MANAGED_AGENTS_API_KEY_SECRET?.trim();
  const sessionsTable = env.SESSIONS_TABLE_NAME?.trim();
  if (!key && !sessionsTable) {
    if (env.ENGINE?.trim() === "managed-agents")
      throw new WorkerConfigError(
        "ENGINE=managed-agents needs MANAGED_AGENTS_API_KEY_SECRET and SESSIONS_TABLE_NAME",
      );
    return {};
  }
  if (!key || !sessionsTable)
    throw new WorkerConfigError("MANAGED_AGENTS_API_KEY_SECRET and SESSIONS_TABLE_NAME go together");
  const baseUrl = env.MANAGED_AGENTS_BASE_URL?.trim();
  return {
    managedAgents: {
      apiKey: parseSecretReference(key, "MANAGED_AGENTS_API_KEY_SECRET"),
      sessionsTable,
      ...(baseUrl ? { baseUrl } : {}),
    },
  };
}

function fairnessFromEnv(env: NodeJS.ProcessEnv): Pick<WorkerConfig, "fairness"> {
  const tableName = env.SLOTS_TABLE_NAME?.trim();
  if (!tableName) return {};
  if (!env.JOB_QUEUE_URL?.trim() || !env.DEAD_LETTER_QUEUE_URL?.trim())
    throw new WorkerConfigError(
      "SLOTS_TABLE_NAME needs JOB_QUEUE_URL and DEAD_LETTER_QUEUE_URL: a job over its installation's cap goes back to the queue",
    );
  const perInstallation = reader(env).number("INSTALLATION_CONCURRENCY", 5, { integer: true, min: 0 });
  if (perInstallation < 1) throw new WorkerConfigError("INSTALLATION_CONCURRENCY must be at least 1");
  const deferSeconds = reader(env).number("FAIRNESS_DEFER_SECONDS", 60, { integer: true, min: 0 });
  const maxDeferSeconds = reader(env).number("FAIRNESS_MAX_DEFER_SECONDS", 900, { integer: true, min: 0 });
  if (deferSeconds < 1 || maxDeferSeconds < deferSeconds || maxDeferSeconds > 43_200)
    throw new WorkerConfigError(
      "FAIRNESS_DEFER_SECONDS must be at least 1 and at most FAIRNESS_MAX_DEFER_SECONDS, itself at most 43200 (SQS's visibility limit)",
    );
  return {
    fairness: {
      tableName,
      perInstallation,
      deferSeconds,
      maxDeferSeconds,
      maxDeferrals: reader(env).number("MAX_FAIRNESS_DEFERRALS", 200, { integer: true, min: 0 }),
    },
  };
}

function retryFromEnv(env: NodeJS.ProcessEnv): Pick<WorkerConfig, "retry"> {
  const queueUrl = env.JOB_QUEUE_URL?.trim();
  const deadLetterQueueUrl = env.DEAD_LETTER_QUEUE_URL?.trim();
  if (!queueUrl || !deadLetterQueueUrl) return {};
  const maxReceiveCount = reader(env).number("MAX_RECEIVE_COUNT", 6, { integer: true, min: 0 });
  if (maxReceiveCount < 1) throw new WorkerConfigError("MAX_RECEIVE_COUNT must be at least 1");
  const backoffSeconds = (env.RETRY_BACKOFF_SECONDS?.trim() || "60,300,900")
    .split(",")
    .map((v) => Number(v.trim()));
  if (backoffSeconds.some((n) => !Number.isInteger(n) || n < 0 || n > 43_200))
    throw new WorkerConfigError(
      `RETRY_BACKOFF_SECONDS must be whole seconds between 0 and 43200 (SQS's limit); got "${env.RETRY_BACKOFF_SECONDS}"`,
    );
  return { retry: { queueUrl, deadLetterQueueUrl, maxReceiveCount, backoffSeconds } };
}

function agentSplitFromEnv(env: NodeJS.ProcessEnv): Pick<WorkerConfig, "agent"> {
  const functionName = env.AGENT_FUNCTION_NAME?.trim();
  const gatewayUrl = env.MODEL_GATEWAY_URL?.trim();
  const tokensTable = env.GATEWAY_TOKENS_TABLE?.trim();
  if (!functionName && !gatewayUrl && !tokensTable) return {};
  if (!functionName || !gatewayUrl || !tokensTable)
    throw new WorkerConfigError(
      "AGENT_FUNCTION_NAME, MODEL_GATEWAY_URL and GATEWAY_TOKENS_TABLE go together (the split into orchestrator and agent)",
    );
  if (env.ANTHROPIC_API_KEY_SECRET?.trim())
    throw new WorkerConfigError(
      "ANTHROPIC_API_KEY_SECRET must not be set on the orchestrator in split mode; only the model gateway reads the key",
    );
  return {
    agent: {
      functionName,
      gatewayUrl,
      tokensTable,
      exchangePrefix: env.AGENT_EXCHANGE_PREFIX?.trim() || "agent-exchange/",
    },
  };
}

/** The worker's variables, refused with a WorkerConfigError. */
function reader(env: NodeJS.ProcessEnv) {
  return envReader(env, (message) => new WorkerConfigError(message));
}
