import {
  type RawSettings,
  readSettingsWith,
  SettingsError,
  type SettingsValidator,
} from "../../src/jobs/settings/read-settings.js";
import type { SettingSchema, SettingsOf } from "../../src/jobs/settings/setting-schema.js";
import {
  commandPrefixSetting,
  commentModeSetting,
  dollarsSetting,
  engineSetting,
  failOnSetting,
  flagSetting,
  globsSetting,
  listSetting,
  mentionSetting,
  onNoIsolationSetting,
  providerSetting,
  sessionBoundSettings,
  textSetting,
  textWithDefault,
  wholeNumberSetting,
} from "../../src/jobs/settings/setting-values.js";

const SET_BY_STACK = "the stack sets it on the function";
const SQS_MAX_DELAY_SECONDS = 43_200;

/**
 * Every environment variable of every Lambda function, described once (the CDK stack sets them;
 * docs/lambda.md lists them). Each function's config parser reads the ones it uses through
 * lambdaSettingsReader, so a variable two functions share (FAIL_ON, COMMENT_MODE, the App's id) is
 * read and refused the same way in both. A new variable goes here first.
 */
const LAMBDA_VARIABLES = {
  // The GitHub App (every function that talks to GitHub).
  GITHUB_APP_ID: { type: "string", pattern: "^[0-9]+$", mustBe: "the numeric App ID" },
  GITHUB_APP_PRIVATE_KEY: { type: "string", hint: "point it at secretsmanager:<id> or ssm:<name>" },
  GITHUB_API_URL: textWithDefault("https://api.github.com"),
  GITHUB_SERVER_URL: textSetting,
  ALLOWED_INSTALLATIONS: {
    type: "array",
    separator: "commas-or-spaces",
    items: { type: "string", pattern: "^([1-9][0-9]*|\\*)$" },
    mustBe: 'numeric installation ids (or "*")',
    default: [],
  },

  // Queues, tables and buckets.
  JOB_QUEUE_URL: { type: "string", hint: SET_BY_STACK },
  DEAD_LETTER_QUEUE_URL: textSetting,
  IDEMPOTENCY_TABLE_NAME: { type: "string", hint: SET_BY_STACK },
  WEBHOOK_SECRET: { type: "string", hint: SET_BY_STACK },
  SPEND_TABLE_NAME: textSetting,
  SESSIONS_TABLE_NAME: textSetting,
  SLOTS_TABLE_NAME: textSetting,
  GATEWAY_TOKENS_TABLE: { type: "string", hint: SET_BY_STACK },
  SESSIONS_BUCKET: textSetting,
  SESSIONS_PREFIX: textWithDefault("sessions/"),
  AWS_ENDPOINT_URL_S3: textSetting,
  SETTLE_QUEUE_URL: { type: "string", hint: SET_BY_STACK },

  // The webhook.
  MAX_BODY_BYTES: wholeNumberSetting(1, 1024 * 1024),
  DELIVERY_TTL_SECONDS: wholeNumberSetting(1, 3 * 24 * 3600),
  ENABLED_JOBS: {
    type: "array",
    separator: "commas-or-spaces",
    items: { type: "string", enum: ["review", "autofix", "describe", "prune", "ask", "reply"] },
    default: ["review", "autofix", "describe", "prune", "ask", "reply"],
  },
  REPOSITORIES: listSetting("commas-or-spaces"),

  // Triggers (webhook and worker): the Action's command_prefix, mention, labels and authors.
  COMMAND_PREFIX: commandPrefixSetting,
  MENTION: mentionSetting,
  REVIEW_LABEL: textSetting,
  AUTOFIX_LABEL: textSetting,
  REVIEW_DRAFTS: flagSetting(false),
  SKIP_AUTHORS: { type: "array", separator: "commas-or-spaces", items: { type: "string" } },
  SELF_LOGINS: listSetting("commas-or-spaces"),

  // The schedule and the delivery sweep.
  SCHEDULED_JOBS: {
    type: "array",
    separator: "commas-or-spaces",
    items: { type: "string", enum: ["audit", "prune"] },
    default: ["audit", "prune"],
  },
  AUDIT_REPOSITORIES: listSetting("commas-or-spaces"),
  SWEEP_WINDOW_MINUTES: wholeNumberSetting(1, 180, "minutes"),
  // The Managed Agents session sweeper: look after the grace period, give up after the horizon.
  SWEEP_GRACE_MINUTES: wholeNumberSetting(1, 10, "minutes"),
  SWEEP_MAX_AGE_HOURS: wholeNumberSetting(1, 48, "hours"),

  // How jobs run (the worker; the settle step shares the review rules).
  CLAUDE_PATH: textSetting,
  CLAUDE_MODEL: textSetting,
  MODEL_PROVIDER: providerSetting,
  ENGINE: engineSetting,
  ANTHROPIC_BASE_URL: textSetting,
  MAX_TURNS: wholeNumberSetting(1, 30),
  MAX_BUDGET_USD: dollarsSetting.budget(5),
  PUBLISH_RESERVE_MS: wholeNumberSetting(0, 20_000),
  COMMENT_MODE: commentModeSetting,
  INLINE_COMMENT_LIMIT: wholeNumberSetting(0, 30),
  FAIL_ON: failOnSetting,
  INCLUDE: globsSetting,
  EXCLUDE: globsSetting,
  SESSION_MAX_GENERATIONS: sessionBoundSettings.generations,
  SESSION_MAX_CONTEXT_TOKENS: sessionBoundSettings.contextTokens,
  TEST_COMMANDS: listSetting("lines"),
  AUTOFIX_RUN_WORKFLOWS: flagSetting(false),
  ON_NO_ISOLATION: onNoIsolationSetting,
  JOB_WORK_ROOT: textSetting,
  MAX_NEW_ISSUES: wholeNumberSetting(0, 10),
  UPLOAD_SARIF: flagSetting(false),
  DESCRIBE_ON_OPEN: flagSetting(false),
  AUDIT_FOCUS: textSetting,
  BOT_NAME: textWithDefault("claude-pr-runner[bot]"),
  BOT_EMAIL: textSetting,

  // Trusted jobs only (docs/providers.md): the Action's claude_args, settings, mcp_config,
  // allowed_tools, disallowed_tools and prompt_file; files are read at the job's base commit.
  CLAUDE_ARGS: textSetting,
  SETTINGS: textSetting,
  MCP_CONFIG: textSetting,
  ALLOWED_TOOLS: listSetting("lines-or-commas"),
  DISALLOWED_TOOLS: listSetting("lines-or-commas"),
  PROMPT_FILE: textSetting,

  // The worker's invocation budget, spend caps, retries and fairness.
  DEADLINE_MARGIN_MS: wholeNumberSetting(0, 60_000, "milliseconds"),
  MIN_JOB_MS: wholeNumberSetting(0, 30_000, "milliseconds"),
  MAX_PR_SPEND_USD_PER_DAY: dollarsSetting.cap(25),
  MAX_AUDIT_SPEND_USD_PER_DAY: dollarsSetting.cap(50),
  MAX_RECEIVE_COUNT: wholeNumberSetting(1, 6),
  RETRY_BACKOFF_SECONDS: {
    type: "array",
    separator: "commas",
    items: { type: "integer", minimum: 0, maximum: SQS_MAX_DELAY_SECONDS },
    mustBe: `whole seconds between 0 and ${SQS_MAX_DELAY_SECONDS} (SQS's limit)`,
    default: [60, 300, 900],
  },
  INSTALLATION_CONCURRENCY: wholeNumberSetting(1, 5),
  FAIRNESS_DEFER_SECONDS: wholeNumberSetting(1, 60),
  FAIRNESS_MAX_DEFER_SECONDS: {
    ...wholeNumberSetting(1, 900),
    maximum: SQS_MAX_DELAY_SECONDS,
    mustBe: `a whole number ≥ 1 and ≤ ${SQS_MAX_DELAY_SECONDS} (SQS's visibility limit)`,
  },
  MAX_FAIRNESS_DEFERRALS: wholeNumberSetting(0, 200),

  // Split mode: sessions in the agent function, the key only in the model gateway.
  AGENT_FUNCTION_NAME: textSetting,
  MODEL_GATEWAY_URL: textSetting,
  AGENT_EXCHANGE_PREFIX: textWithDefault("agent-exchange/"),

  // Secrets, by reference (secretsmanager:<id> or ssm:<name>).
  ANTHROPIC_API_KEY_SECRET: textSetting,
  MANAGED_AGENTS_API_KEY_SECRET: textSetting,
  MANAGED_AGENTS_BASE_URL: textSetting,
  ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET: { type: "string", hint: SET_BY_STACK },
  CLAUDE_CODE_OAUTH_TOKEN_SECRET: textSetting,
  ANTHROPIC_FOUNDRY_API_KEY_SECRET: textSetting,
  ANTHROPIC_FOUNDRY_AUTH_TOKEN_SECRET: textSetting,

  // The model gateway's upstream (its provider's non-secret settings).
  UPSTREAM_URL: textSetting,
  BEDROCK_REGION: textSetting,
  AWS_REGION: textSetting,
  AWS_DEFAULT_REGION: textSetting,
  ANTHROPIC_BEDROCK_BASE_URL: textSetting,
  ANTHROPIC_VERTEX_PROJECT_ID: textSetting,
  GOOGLE_CLOUD_PROJECT: textSetting,
  CLOUD_ML_REGION: textSetting,
  ANTHROPIC_VERTEX_BASE_URL: textSetting,
  GOOGLE_APPLICATION_CREDENTIALS: textSetting,
  ANTHROPIC_FOUNDRY_RESOURCE: textSetting,
  ANTHROPIC_FOUNDRY_BASE_URL: textSetting,
} as const satisfies Record<string, SettingSchema>;

type LambdaVariables = typeof LAMBDA_VARIABLES;
export type LambdaVariableName = keyof LambdaVariables;

/** The variables `N` of one function, `R` of them required, typed by their schema. */
export type LambdaSettings<N extends LambdaVariableName, R extends N = never> = SettingsOf<
  Pick<LambdaVariables, N>,
  R
>;

/** The schemas of the variables `names`, in their order: what a function's reader checks. */
export function lambdaVariableSchemas<const N extends LambdaVariableName>(
  names: readonly N[],
): Pick<LambdaVariables, N> {
  return Object.fromEntries(names.map((name) => [name, LAMBDA_VARIABLES[name]])) as Pick<LambdaVariables, N>;
}

/**
 * One function's reader of its environment, checked by `validate` (compiled at cold start by
 * lambdaSettingsReader, or precompiled at build time for the webhook): it reads the variables the
 * function uses and refuses every bad one in a single error of the function's own type.
 */
export function lambdaSettingsReaderWith<const N extends LambdaVariableName, const R extends N = never>(
  names: readonly N[],
  required: readonly R[],
  toError: (message: string) => Error,
  validate: SettingsValidator,
): (env: RawSettings) => LambdaSettings<N, R> {
  const read = readSettingsWith(lambdaVariableSchemas(names), validate, { required });
  return (env) => {
    try {
      return read(env) as LambdaSettings<N, R>;
    } catch (error) {
      if (error instanceof SettingsError) throw toError(error.message);
      throw error;
    }
  };
}
