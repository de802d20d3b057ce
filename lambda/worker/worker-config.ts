import {
  GITHUB_APP_REQUIRED,
  GITHUB_APP_VARIABLES,
  type GitHubAppConfig,
  githubAppConfig,
} from "../shared/github-app-config.js";
import { lambdaSettingsReader } from "../shared/lambda-settings-reader.js";
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

const readWorkerEnv = lambdaSettingsReader(
  [
    ...GITHUB_APP_VARIABLES,
    "ANTHROPIC_API_KEY_SECRET",
    "DEADLINE_MARGIN_MS",
    "MIN_JOB_MS",
    "SPEND_TABLE_NAME",
    "MAX_PR_SPEND_USD_PER_DAY",
    "MAX_AUDIT_SPEND_USD_PER_DAY",
    "AGENT_FUNCTION_NAME",
    "MCP_CONFIG",
    "MODEL_GATEWAY_URL",
    "GATEWAY_TOKENS_TABLE",
    "AGENT_EXCHANGE_PREFIX",
    "JOB_QUEUE_URL",
    "DEAD_LETTER_QUEUE_URL",
    "MAX_RECEIVE_COUNT",
    "RETRY_BACKOFF_SECONDS",
    "MANAGED_AGENTS_API_KEY_SECRET",
    "SESSIONS_TABLE_NAME",
    "MANAGED_AGENTS_BASE_URL",
    "ENGINE",
    "SLOTS_TABLE_NAME",
    "INSTALLATION_CONCURRENCY",
    "FAIRNESS_DEFER_SECONDS",
    "FAIRNESS_MAX_DEFER_SECONDS",
    "MAX_FAIRNESS_DEFERRALS",
  ],
  GITHUB_APP_REQUIRED,
  (message) => new WorkerConfigError(message),
);

type WorkerEnv = ReturnType<typeof readWorkerEnv>;

export function workerConfigFromEnv(env: NodeJS.ProcessEnv): WorkerConfig {
  const settings = readWorkerEnv(env);
  return {
    ...githubAppConfig(settings),
    ...(settings.ANTHROPIC_API_KEY_SECRET
      ? {
          anthropicApiKey: parseSecretReference(
            settings.ANTHROPIC_API_KEY_SECRET,
            "ANTHROPIC_API_KEY_SECRET",
          ),
        }
      : {}),
    deadlineMarginMs: settings.DEADLINE_MARGIN_MS,
    minimumJobMs: settings.MIN_JOB_MS,
    ...(settings.SPEND_TABLE_NAME ? { spendTableName: settings.SPEND_TABLE_NAME } : {}),
    prSpendCapUsdPerDay: settings.MAX_PR_SPEND_USD_PER_DAY,
    auditSpendCapUsdPerDay: settings.MAX_AUDIT_SPEND_USD_PER_DAY,
    ...agentSplit(settings),
    ...retry(settings),
    ...managedAgents(settings),
    ...fairness(settings),
  };
}

function managedAgents(settings: WorkerEnv): Pick<WorkerConfig, "managedAgents"> {
  const key = settings.MANAGED_AGENTS_API_KEY_SECRET;
  const sessionsTable = settings.SESSIONS_TABLE_NAME;
  if (!key && !sessionsTable) {
    if (settings.ENGINE === "managed-agents")
      throw new WorkerConfigError(
        "ENGINE=managed-agents needs MANAGED_AGENTS_API_KEY_SECRET and SESSIONS_TABLE_NAME",
      );
    return {};
  }
  if (!key || !sessionsTable)
    throw new WorkerConfigError("MANAGED_AGENTS_API_KEY_SECRET and SESSIONS_TABLE_NAME go together");
  const baseUrl = settings.MANAGED_AGENTS_BASE_URL;
  return {
    managedAgents: {
      apiKey: parseSecretReference(key, "MANAGED_AGENTS_API_KEY_SECRET"),
      sessionsTable,
      ...(baseUrl ? { baseUrl } : {}),
    },
  };
}

function fairness(settings: WorkerEnv): Pick<WorkerConfig, "fairness"> {
  const tableName = settings.SLOTS_TABLE_NAME;
  if (!tableName) return {};
  if (!settings.JOB_QUEUE_URL || !settings.DEAD_LETTER_QUEUE_URL)
    throw new WorkerConfigError(
      "SLOTS_TABLE_NAME needs JOB_QUEUE_URL and DEAD_LETTER_QUEUE_URL: a job over its installation's cap goes back to the queue",
    );
  const deferSeconds = settings.FAIRNESS_DEFER_SECONDS;
  const maxDeferSeconds = settings.FAIRNESS_MAX_DEFER_SECONDS;
  if (maxDeferSeconds < deferSeconds)
    throw new WorkerConfigError(
      `FAIRNESS_DEFER_SECONDS (${deferSeconds}) must be at most FAIRNESS_MAX_DEFER_SECONDS (${maxDeferSeconds})`,
    );
  return {
    fairness: {
      tableName,
      perInstallation: settings.INSTALLATION_CONCURRENCY,
      deferSeconds,
      maxDeferSeconds,
      maxDeferrals: settings.MAX_FAIRNESS_DEFERRALS,
    },
  };
}

function retry(settings: WorkerEnv): Pick<WorkerConfig, "retry"> {
  const queueUrl = settings.JOB_QUEUE_URL;
  const deadLetterQueueUrl = settings.DEAD_LETTER_QUEUE_URL;
  if (!queueUrl || !deadLetterQueueUrl) return {};
  return {
    retry: {
      queueUrl,
      deadLetterQueueUrl,
      maxReceiveCount: settings.MAX_RECEIVE_COUNT,
      backoffSeconds: settings.RETRY_BACKOFF_SECONDS,
    },
  };
}

function agentSplit(settings: WorkerEnv): Pick<WorkerConfig, "agent"> {
  const functionName = settings.AGENT_FUNCTION_NAME;
  const gatewayUrl = settings.MODEL_GATEWAY_URL;
  const tokensTable = settings.GATEWAY_TOKENS_TABLE;
  if (!functionName && !gatewayUrl && !tokensTable) return {};
  if (!functionName || !gatewayUrl || !tokensTable)
    throw new WorkerConfigError(
      "AGENT_FUNCTION_NAME, MODEL_GATEWAY_URL and GATEWAY_TOKENS_TABLE go together (the split into orchestrator and agent)",
    );
  if (settings.ANTHROPIC_API_KEY_SECRET)
    throw new WorkerConfigError(
      "ANTHROPIC_API_KEY_SECRET must not be set on the orchestrator in split mode; only the model gateway reads the key",
    );
  // The agent function runs the CLI from a request that carries no MCP servers (agent-request.ts).
  if (settings.MCP_CONFIG)
    throw new WorkerConfigError(
      "MCP_CONFIG cannot be used in split mode: MCP servers would have to start in the agent function, which takes none",
    );
  return {
    agent: { functionName, gatewayUrl, tokensTable, exchangePrefix: settings.AGENT_EXCHANGE_PREFIX },
  };
}
