import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gatewayConfigFromEnv } from "../../lambda/gateway/gateway-config.js";
import { anthropicWebhookConfigFromEnv } from "../../lambda/managed-agents/anthropic-webhook-config.js";
import { settleConfigFromEnv } from "../../lambda/managed-agents/managed-agents-config.js";
import { scheduleConfigFromEnv } from "../../lambda/schedule/schedule-config.js";
import { sweepConfigFromEnv } from "../../lambda/schedule/sweep-config.js";
import { webhookConfigFromEnv } from "../../lambda/webhook/webhook-config.js";
import { jobRuntimeConfigFromEnv } from "../../lambda/worker/job-runtime-config.js";
import { workerConfigFromEnv } from "../../lambda/worker/worker-config.js";

// Every Lambda function reads its variables through one schema (lambda/shared/lambda-variables.ts).
// Each kind of setting refuses a bad value with the variable's name, what it must be and what it got,
// in the function's own error type.
const APP = { GITHUB_APP_ID: "12345", GITHUB_APP_PRIVATE_KEY: "secretsmanager:app-key" };
const WEBHOOK = { JOB_QUEUE_URL: "https://sqs/q", IDEMPOTENCY_TABLE_NAME: "t", WEBHOOK_SECRET: "ssm:/s" };
const SETTLE = { ...APP, SESSIONS_TABLE_NAME: "s", MANAGED_AGENTS_API_KEY_SECRET: "ssm:/k" };

const refusals: Array<[string, (env: NodeJS.ProcessEnv) => unknown, NodeJS.ProcessEnv, string, string]> = [
  // kind, parser, env, error name, message
  [
    "required",
    workerConfigFromEnv,
    { GITHUB_APP_PRIVATE_KEY: "k" },
    "WorkerConfigError",
    "GITHUB_APP_ID is not set",
  ],
  [
    "required with a hint",
    webhookConfigFromEnv,
    { ...WEBHOOK, JOB_QUEUE_URL: " " },
    "WebhookConfigError",
    "JOB_QUEUE_URL is not set; the stack sets it on the function",
  ],
  [
    "pattern",
    scheduleConfigFromEnv,
    { ...APP, GITHUB_APP_ID: "my-app", JOB_QUEUE_URL: "q" },
    "ScheduleConfigError",
    'GITHUB_APP_ID must be the numeric App ID; got "my-app"',
  ],
  [
    "whole number",
    jobRuntimeConfigFromEnv,
    { MAX_TURNS: "2.5" },
    "WorkerConfigError",
    'MAX_TURNS must be a whole number ≥ 1; got "2.5"',
  ],
  [
    "not a number",
    settleConfigFromEnv,
    { ...SETTLE, INLINE_COMMENT_LIMIT: "many" },
    "ManagedAgentsConfigError",
    'INLINE_COMMENT_LIMIT must be a whole number ≥ 0; got "many"',
  ],
  [
    "number with a unit",
    workerConfigFromEnv,
    { ...APP, MIN_JOB_MS: "-5" },
    "WorkerConfigError",
    'MIN_JOB_MS must be a whole number of milliseconds ≥ 0; got "-5"',
  ],
  [
    "minutes",
    sweepConfigFromEnv,
    { ...APP, SWEEP_WINDOW_MINUTES: "soon" },
    "ScheduleConfigError",
    'SWEEP_WINDOW_MINUTES must be a whole number of minutes ≥ 1; got "soon"',
  ],
  [
    "dollar budget",
    jobRuntimeConfigFromEnv,
    { MAX_BUDGET_USD: "0" },
    "WorkerConfigError",
    'MAX_BUDGET_USD must be a number ≥ 0.01; got "0"',
  ],
  [
    "dollar cap",
    workerConfigFromEnv,
    { ...APP, MAX_PR_SPEND_USD_PER_DAY: "0" },
    "WorkerConfigError",
    'MAX_PR_SPEND_USD_PER_DAY must be a number of US dollars > 0; got "0"',
  ],
  [
    "switch",
    jobRuntimeConfigFromEnv,
    { UPLOAD_SARIF: "yes" },
    "WorkerConfigError",
    'UPLOAD_SARIF must be true or false; got "yes"',
  ],
  [
    "switch (triggers)",
    webhookConfigFromEnv,
    { ...WEBHOOK, REVIEW_DRAFTS: "1" },
    "WebhookConfigError",
    'REVIEW_DRAFTS must be true or false; got "1"',
  ],
  [
    "fail_on",
    settleConfigFromEnv,
    { ...SETTLE, FAIL_ON: "notice" },
    "ManagedAgentsConfigError",
    'FAIL_ON must be one of error, warning, never; got "notice"',
  ],
  [
    "provider",
    gatewayConfigFromEnv,
    { GATEWAY_TOKENS_TABLE: "t", MODEL_PROVIDER: "openai" },
    "GatewayConfigError",
    'MODEL_PROVIDER must be one of anthropic, anthropic-oauth, bedrock, vertex, foundry; got "openai"',
  ],
  [
    "engine",
    jobRuntimeConfigFromEnv,
    { ENGINE: "remote" },
    "WorkerConfigError",
    'ENGINE must be one of cli, managed-agents; got "remote"',
  ],
  [
    "comment mode",
    jobRuntimeConfigFromEnv,
    { COMMENT_MODE: "loud" },
    "WorkerConfigError",
    'COMMENT_MODE must be one of review, summary, none; got "loud"',
  ],
  [
    "list item",
    webhookConfigFromEnv,
    { ...WEBHOOK, ENABLED_JOBS: "review, deploy" },
    "WebhookConfigError",
    'ENABLED_JOBS has "deploy"; allowed: review, autofix, describe, prune, ask, reply',
  ],
  [
    "list item (schedule)",
    scheduleConfigFromEnv,
    { ...APP, JOB_QUEUE_URL: "q", SCHEDULED_JOBS: "audit fix" },
    "ScheduleConfigError",
    'SCHEDULED_JOBS has "fix"; allowed: audit, prune',
  ],
  [
    "list of numbers",
    workerConfigFromEnv,
    { ...APP, RETRY_BACKOFF_SECONDS: "60,50000" },
    "WorkerConfigError",
    `RETRY_BACKOFF_SECONDS must be whole seconds between 0 and 43200 (SQS's limit); got "60,50000"`,
  ],
  [
    "installation ids",
    workerConfigFromEnv,
    { ...APP, ALLOWED_INSTALLATIONS: "77, acme" },
    "WorkerConfigError",
    'ALLOWED_INSTALLATIONS must be numeric installation ids (or "*"); got "77, acme"',
  ],
  [
    "trigger word",
    jobRuntimeConfigFromEnv,
    { COMMAND_PREFIX: "claude" },
    "WorkerConfigError",
    'COMMAND_PREFIX must be a slash and a word, such as /claude; got "claude"',
  ],
  [
    "required secret",
    anthropicWebhookConfigFromEnv,
    { SETTLE_QUEUE_URL: "q" },
    "ManagedAgentsConfigError",
    "ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET is not set; the stack sets it on the function",
  ],
];

describe("the Lambda functions' settings schema", () => {
  it.each(refusals)("refuses a bad %s with the variable's name", (_kind, parse, env, errorName, message) => {
    let thrown: unknown;
    try {
      parse(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe(errorName);
    expect((thrown as Error).message).toBe(message);
  });

  it("reports every bad variable of a function at once, in one error", () => {
    expect(() =>
      jobRuntimeConfigFromEnv({ MAX_TURNS: "0", COMMENT_MODE: "loud", UPLOAD_SARIF: "maybe" }),
    ).toThrow(
      'MAX_TURNS must be a whole number ≥ 1; got "0"; COMMENT_MODE must be one of review, summary, none; got "loud"; UPLOAD_SARIF must be true or false; got "maybe"',
    );
  });

  it("trims text, treats blank as unset, and reads switches and fail_on in any case", () => {
    const config = jobRuntimeConfigFromEnv({
      MAX_TURNS: " 12 ",
      COMMENT_MODE: "",
      UPLOAD_SARIF: "TRUE",
      FAIL_ON: "Never",
    });
    expect(config).toMatchObject({ maxTurns: 12, commentMode: "review", uploadSarif: true, failOn: "never" });
    expect(sweepConfigFromEnv({ ...APP }).windowMs).toBe(180 * 60_000);
    expect(sweepConfigFromEnv({ ...APP, SWEEP_WINDOW_MINUTES: "30" }).windowMs).toBe(30 * 60_000);
  });
});

describe("a Lambda function with a bad variable", () => {
  let server: Server | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    vi.resetModules();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  /** A loopback endpoint every AWS client and GitHub call of the function would reach; counts connections. */
  async function countingEndpoint(): Promise<{ url: string; connections: () => number }> {
    let connections = 0;
    const listening = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const address = listening.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    return { url: `http://127.0.0.1:${address.port}`, connections: () => connections };
  }

  it.each([
    [
      "worker",
      () => import("../../lambda/worker/handler.js"),
      { ...APP, MAX_TURNS: "lots" },
      "MAX_TURNS must be",
    ],
    [
      "webhook",
      () => import("../../lambda/webhook/handler.js"),
      { ...WEBHOOK, ENABLED_JOBS: "deploy" },
      "ENABLED_JOBS has",
    ],
    [
      "schedule",
      () => import("../../lambda/schedule/handler.js"),
      { ...APP, SCHEDULED_JOBS: "audit" },
      "JOB_QUEUE_URL is not set",
    ],
  ])(
    "%s: fails its cold start naming the variable, before any network call",
    async (_name, load, env, message) => {
      const endpoint = await countingEndpoint();
      vi.stubEnv("AWS_ENDPOINT_URL", endpoint.url);
      vi.stubEnv("GITHUB_API_URL", endpoint.url);
      vi.stubEnv("AWS_REGION", "us-east-1");
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      await expect(load()).rejects.toThrow(message);
      expect(endpoint.connections()).toBe(0);
    },
  );
});
