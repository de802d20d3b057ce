import type { FailOn } from "../../src/findings/review-conclusion.js";
import type { JobEngine } from "../../src/jobs/settings/setting-values.js";
import type { PassThroughValues } from "../../src/jobs/shared/pass-through-settings.js";
import type { TriggerSettings } from "../../src/jobs/triggers/trigger-settings.js";
import type { OnNoIsolation } from "../../src/runner/isolation/isolation-decision.js";
import type { ModelProvider } from "../../src/runner/model-provider.js";
import type { ContextBound } from "../../src/sessions/context-bound.js";
import type { SessionsS3Location } from "../../src/sessions/sessions-s3-client.js";
import { lambdaSettingsReader } from "../shared/lambda-settings-reader.js";
import { REVIEW_RULE_VARIABLES, reviewRules } from "../shared/review-rules.js";
import { TRIGGER_VARIABLES, triggerSettings } from "../shared/trigger-settings-variables.js";
import { WorkerConfigError } from "./worker-config.js";

/**
 * How the worker runs jobs, from the function's environment (set by the CDK stack). Everything a
 * workflow author sets through Action inputs has an equivalent here, with the same defaults.
 */
export interface JobRuntimeConfig {
  /** REST base URL (GitHub Enterprise Server, or the test double). */
  githubApiUrl: string;
  /** Where repositories are cloned from: `${gitServerUrl}/${owner}/${repo}.git`. */
  gitServerUrl: string;
  /** The CLI binary; the image sets it to the pinned npm package's executable. */
  claudePath?: string;
  model?: string;
  /** `MODEL_PROVIDER`: where the model runs, the same setting as the Action's `provider` (docs/providers.md). */
  provider?: ModelProvider;
  /**
   * The provider's non-secret settings (Bedrock region, Vertex project and region) the agent's CLI
   * needs for the provider's dialect; the credentials stay in the model gateway.
   */
  providerSettings: Record<string, string>;
  /** An LLM gateway or proxy in front of the Anthropic API; passed to the agent. */
  anthropicBaseUrl?: string;
  maxTurns: number;
  maxBudgetUsd: number;
  /** Kept back from the job's deadline for publishing after the session (review, check run). */
  publishReserveMs: number;
  commentMode: "review" | "summary" | "none";
  inlineCommentLimit: number;
  /** Lowest finding severity that requests changes and fails the check (`FAIL_ON`, default error). */
  failOn: FailOn;
  /** Path filter globs (`INCLUDE`, `EXCLUDE`: one a line or comma-separated), as the Action's inputs. */
  include: string[];
  exclude: string[];
  sessionContextBound: ContextBound;
  /** Commands the autofix policy lets the agent run, e.g. `npm test`. */
  testCommands: string[];
  /**
   * `AUTOFIX_RUN_WORKFLOWS`: the App's fix commits start the repository's workflows. Default false: they
   * carry `[skip ci]` (an App's push starts workflows, and they would run the agent's code with secrets).
   */
  autofixRunWorkflows: boolean;
  /**
   * `ON_NO_ISOLATION`: what a job does when its session would run in the worker's own process (no
   * agent function), where no agent may have Bash: `no-bash` (default) runs it without the tool,
   * `fail` drops it (workerIsolation).
   */
  onNoIsolation: OnNoIsolation;
  /** Sessions bucket; lineage (resume + fork) is off without it. */
  sessionsBucket?: string;
  sessionsPrefix: string;
  /** The sessions bucket's region and endpoint (`AWS_REGION`, `AWS_ENDPOINT_URL_S3`: a loopback server in tests). */
  sessionsS3: SessionsS3Location;
  /** Parent of every job's working directory; Lambda only lets us write to /tmp. */
  workRoot: string;
  /** Most issues a scheduled audit may open in one run (0 = no cap). */
  maxNewIssues: number;
  /** Upload each audit's SARIF to code scanning (the App needs Code scanning alerts: write). */
  uploadSarif: boolean;
  /**
   * `DESCRIBE_ON_OPEN`: a newly opened PR also gets `/claude describe` after its review, on the same
   * clone (the Action's `mode: describe` workflow on `opened`). The CLI engine only.
   */
  describeOnOpen: boolean;
  /** Focus of scheduled audits (security, dependencies, dead code, tests or free text). */
  auditFocus?: string;
  /**
   * Author of autofix commits: the App's bot account, `<id>+<slug>[bot]@users.noreply.github.com`,
   * so GitHub attributes the commit to the App.
   */
  bot: { name: string; email: string };
  /**
   * Where review and autofix sessions run (`ENGINE`): the CLI on this worker or its agent function, or
   * a Claude Managed Agents session that the worker only starts (docs/engines.md). Audits stay on the
   * CLI: they have no webhook-driven settle step yet.
   */
  engine: JobEngine;
  /**
   * The trusted-job pass-through (`CLAUDE_ARGS`, `SETTINGS`, `MCP_CONFIG`, `ALLOWED_TOOLS`,
   * `DISALLOWED_TOOLS`, `PROMPT_FILE`), checked per job by the Action's rules; fork jobs ignore it.
   */
  passThrough: PassThroughValues;
  /** The same trigger settings as the webhook (COMMAND_PREFIX, MENTION…): help and usage quote them. */
  triggers: TriggerSettings;
  /**
   * The function's whole environment, read here once: the agent's allowlisted variables (PATH, HOME)
   * and git's environment come from it (JobSettings.hostEnv).
   */
  hostEnv: NodeJS.ProcessEnv;
}

export { JOB_ENGINES, type JobEngine } from "../../src/jobs/settings/setting-values.js";

const readJobEnv = lambdaSettingsReader(
  [
    "GITHUB_API_URL",
    "GITHUB_SERVER_URL",
    "CLAUDE_PATH",
    "CLAUDE_MODEL",
    "MODEL_PROVIDER",
    "BEDROCK_REGION",
    "AWS_REGION",
    "ANTHROPIC_VERTEX_PROJECT_ID",
    "CLOUD_ML_REGION",
    "ANTHROPIC_BASE_URL",
    "MAX_TURNS",
    "MAX_BUDGET_USD",
    "PUBLISH_RESERVE_MS",
    "COMMENT_MODE",
    "INLINE_COMMENT_LIMIT",
    ...REVIEW_RULE_VARIABLES,
    ...TRIGGER_VARIABLES,
    "SESSION_MAX_GENERATIONS",
    "SESSION_MAX_CONTEXT_TOKENS",
    "TEST_COMMANDS",
    "AUTOFIX_RUN_WORKFLOWS",
    "ON_NO_ISOLATION",
    "SESSIONS_BUCKET",
    "SESSIONS_PREFIX",
    "AWS_ENDPOINT_URL_S3",
    "JOB_WORK_ROOT",
    "MAX_NEW_ISSUES",
    "UPLOAD_SARIF",
    "DESCRIBE_ON_OPEN",
    "AUDIT_FOCUS",
    "BOT_NAME",
    "BOT_EMAIL",
    "ENGINE",
    "CLAUDE_ARGS",
    "SETTINGS",
    "MCP_CONFIG",
    "ALLOWED_TOOLS",
    "DISALLOWED_TOOLS",
    "PROMPT_FILE",
  ],
  [],
  (message) => new WorkerConfigError(message),
);

type JobEnv = ReturnType<typeof readJobEnv>;

export function jobRuntimeConfigFromEnv(env: NodeJS.ProcessEnv): JobRuntimeConfig {
  const settings = readJobEnv(env);
  const { CLAUDE_PATH: claudePath, CLAUDE_MODEL: model, SESSIONS_BUCKET: sessionsBucket } = settings;
  const { AUDIT_FOCUS: auditFocus, ANTHROPIC_BASE_URL: anthropicBaseUrl, BOT_NAME: botName } = settings;
  return {
    githubApiUrl: settings.GITHUB_API_URL,
    gitServerUrl: settings.GITHUB_SERVER_URL ?? serverUrlFromApiUrl(settings.GITHUB_API_URL),
    ...(claudePath ? { claudePath } : {}),
    ...(model ? { model } : {}),
    ...provider(settings),
    ...(anthropicBaseUrl ? { anthropicBaseUrl } : {}),
    maxTurns: settings.MAX_TURNS,
    maxBudgetUsd: settings.MAX_BUDGET_USD,
    publishReserveMs: settings.PUBLISH_RESERVE_MS,
    commentMode: settings.COMMENT_MODE,
    triggers: triggerSettings(settings),
    ...reviewRules(settings),
    inlineCommentLimit: settings.INLINE_COMMENT_LIMIT,
    sessionContextBound: {
      maxDepth: settings.SESSION_MAX_GENERATIONS,
      maxContextTokens: settings.SESSION_MAX_CONTEXT_TOKENS,
    },
    testCommands: settings.TEST_COMMANDS,
    autofixRunWorkflows: settings.AUTOFIX_RUN_WORKFLOWS,
    onNoIsolation: settings.ON_NO_ISOLATION,
    ...(sessionsBucket ? { sessionsBucket } : {}),
    sessionsPrefix: settings.SESSIONS_PREFIX,
    sessionsS3: {
      ...(settings.AWS_REGION ? { region: settings.AWS_REGION } : {}),
      ...(settings.AWS_ENDPOINT_URL_S3 ? { endpoint: settings.AWS_ENDPOINT_URL_S3 } : {}),
    },
    workRoot: settings.JOB_WORK_ROOT ?? "/tmp/claude-pr-runner",
    maxNewIssues: settings.MAX_NEW_ISSUES,
    uploadSarif: settings.UPLOAD_SARIF,
    describeOnOpen: settings.DESCRIBE_ON_OPEN,
    ...(auditFocus ? { auditFocus } : {}),
    bot: { name: botName, email: settings.BOT_EMAIL ?? `${botName}@users.noreply.github.com` },
    engine: settings.ENGINE,
    passThrough: {
      claudeArgs: settings.CLAUDE_ARGS,
      settings: settings.SETTINGS,
      mcpConfig: settings.MCP_CONFIG,
      allowedTools: settings.ALLOWED_TOOLS,
      disallowedTools: settings.DISALLOWED_TOOLS,
      promptFile: settings.PROMPT_FILE,
    },
    hostEnv: env,
  };
}

/**
 * GitHub Enterprise Server serves the API at `https://HOST/api/v3` and git at `https://HOST`; deriving
 * one from the other keeps a GHES deployment that only set the API URL from cloning from github.com.
 */
export function serverUrlFromApiUrl(apiUrl: string | undefined): string {
  if (!apiUrl) return "https://github.com";
  const url = new URL(apiUrl);
  if (url.hostname === "api.github.com") return "https://github.com";
  const path = url.pathname.replace(/\/+$/, "");
  return path.endsWith("/api/v3") ? `${url.origin}${path.slice(0, -"/api/v3".length)}` : url.origin;
}

/** Non-secret settings per provider that cross to the agent (its CLI speaks the provider's dialect). */
const PROVIDER_SETTINGS = {
  bedrock: ["AWS_REGION"],
  vertex: ["ANTHROPIC_VERTEX_PROJECT_ID", "CLOUD_ML_REGION"],
} as const satisfies Partial<Record<ModelProvider, readonly (keyof JobEnv)[]>>;

function provider(settings: JobEnv): Pick<JobRuntimeConfig, "provider" | "providerSettings"> {
  const provider = settings.MODEL_PROVIDER;
  if (!provider) return { providerSettings: {} };
  const providerSettings: Record<string, string> = {};
  const names: readonly (keyof typeof settings)[] =
    provider === "bedrock" || provider === "vertex" ? PROVIDER_SETTINGS[provider] : [];
  for (const name of names) {
    // Lambda reserves AWS_REGION (the function's own region); Bedrock in another region is BEDROCK_REGION.
    const value = (name === "AWS_REGION" ? settings.BEDROCK_REGION : undefined) ?? settings[name];
    if (typeof value !== "string") throw new WorkerConfigError(`MODEL_PROVIDER ${provider} needs ${name}`);
    providerSettings[name] = value;
  }
  return { provider, providerSettings };
}
