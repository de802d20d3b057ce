import { describe, expect, it } from "vitest";
import {
  MINIMUM_SESSION_MS,
  SessionBudgetError,
  sessionSettings,
} from "../../lambda/worker/dispatch/session-settings.js";
import type { JobExecutionContext } from "../../lambda/worker/job-executor.js";
import { jobRuntimeConfigFromEnv } from "../../lambda/worker/job-runtime-config.js";
import { WorkerConfigError, workerConfigFromEnv } from "../../lambda/worker/worker-config.js";

describe("jobRuntimeConfigFromEnv", () => {
  it("has the Action's defaults and writes only under /tmp", () => {
    const config = jobRuntimeConfigFromEnv({});
    expect(config).toMatchObject({
      githubApiUrl: "https://api.github.com",
      gitServerUrl: "https://github.com",
      maxTurns: 30,
      maxBudgetUsd: 5,
      commentMode: "review",
      inlineCommentLimit: 30,
      failOn: "error",
      include: [],
      exclude: [],
      maxNewIssues: 10,
      testCommands: [],
      autofixRunWorkflows: false,
      onNoIsolation: "no-bash",
      workRoot: "/tmp/claude-pr-runner",
      bot: { name: "claude-pr-runner[bot]", email: "claude-pr-runner[bot]@users.noreply.github.com" },
    });
    expect(config.sessionsBucket).toBeUndefined();
  });

  it("MODEL_PROVIDER: the same provider setting as the Action, with the dialect's non-secret settings only", () => {
    expect(jobRuntimeConfigFromEnv({}).provider).toBeUndefined();
    expect(
      jobRuntimeConfigFromEnv({
        MODEL_PROVIDER: "bedrock",
        AWS_REGION: "eu-west-1",
        BEDROCK_REGION: "us-east-1",
        AWS_SECRET_ACCESS_KEY: "x",
      }),
    ).toMatchObject({ provider: "bedrock", providerSettings: { AWS_REGION: "us-east-1" } });
    expect(
      jobRuntimeConfigFromEnv({
        MODEL_PROVIDER: "vertex",
        ANTHROPIC_VERTEX_PROJECT_ID: "p",
        CLOUD_ML_REGION: "global",
      }),
    ).toMatchObject({
      provider: "vertex",
      providerSettings: { ANTHROPIC_VERTEX_PROJECT_ID: "p", CLOUD_ML_REGION: "global" },
    });
    expect(jobRuntimeConfigFromEnv({ MODEL_PROVIDER: "foundry" })).toMatchObject({
      provider: "foundry",
      providerSettings: {},
    });
    expect(() => jobRuntimeConfigFromEnv({ MODEL_PROVIDER: "azure" })).toThrow(WorkerConfigError);
    expect(() => jobRuntimeConfigFromEnv({ MODEL_PROVIDER: "vertex", CLOUD_ML_REGION: "global" })).toThrow(
      /MODEL_PROVIDER vertex needs ANTHROPIC_VERTEX_PROJECT_ID/,
    );
  });

  it("clones from the GHES host when only the GHES API URL is set; an explicit GITHUB_SERVER_URL wins", () => {
    expect(jobRuntimeConfigFromEnv({ GITHUB_API_URL: "https://ghe.example.com/api/v3/" }).gitServerUrl).toBe(
      "https://ghe.example.com",
    );
    expect(jobRuntimeConfigFromEnv({ GITHUB_API_URL: "https://api.github.com" }).gitServerUrl).toBe(
      "https://github.com",
    );
    expect(
      jobRuntimeConfigFromEnv({
        GITHUB_API_URL: "https://ghe.example.com/api/v3",
        GITHUB_SERVER_URL: "https://git.example.com",
      }).gitServerUrl,
    ).toBe("https://git.example.com");
  });

  it("reads every setting and splits test commands by line", () => {
    const config = jobRuntimeConfigFromEnv({
      MAX_TURNS: "12",
      MAX_BUDGET_USD: "0.5",
      COMMENT_MODE: "summary",
      TEST_COMMANDS: "npm test\n\n  npm run lint  \n",
      AUTOFIX_RUN_WORKFLOWS: "true",
      ON_NO_ISOLATION: "fail",
      SESSIONS_BUCKET: "b",
      CLAUDE_MODEL: "claude-sonnet-4-5",
      BOT_NAME: "my-app[bot]",
      BOT_EMAIL: "1+my-app[bot]@users.noreply.github.com",
      AUDIT_FOCUS: "security",
      FAIL_ON: "warning",
      INCLUDE: "src/**, lib/**",
      EXCLUDE: "src/legacy/**\n!**/package-lock.json\n",
    });
    expect(config).toMatchObject({
      failOn: "warning",
      include: ["src/**", "lib/**"],
      exclude: ["src/legacy/**", "!**/package-lock.json"],
      maxTurns: 12,
      maxBudgetUsd: 0.5,
      commentMode: "summary",
      testCommands: ["npm test", "npm run lint"],
      autofixRunWorkflows: true,
      onNoIsolation: "fail",
      sessionsBucket: "b",
      model: "claude-sonnet-4-5",
      auditFocus: "security",
      bot: { name: "my-app[bot]", email: "1+my-app[bot]@users.noreply.github.com" },
    });
  });

  it("reads the trusted-job pass-through as the Action's inputs (lists one a line or comma-separated)", () => {
    const config = jobRuntimeConfigFromEnv({
      CLAUDE_ARGS: "--model claude-opus-4-5 --effort high",
      SETTINGS: '{"permissions":{"deny":["WebFetch"]}}',
      MCP_CONFIG: '{"mcpServers":{}}',
      ALLOWED_TOOLS: "Read, Grep\nmcp__docs__search",
      DISALLOWED_TOOLS: "WebSearch",
      PROMPT_FILE: " .github/claude-review.md ",
    });
    expect(config.passThrough).toEqual({
      claudeArgs: "--model claude-opus-4-5 --effort high",
      settings: '{"permissions":{"deny":["WebFetch"]}}',
      mcpConfig: '{"mcpServers":{}}',
      allowedTools: ["Read", "Grep", "mcp__docs__search"],
      disallowedTools: ["WebSearch"],
      promptFile: ".github/claude-review.md",
    });
    expect(jobRuntimeConfigFromEnv({}).passThrough).toEqual({ allowedTools: [], disallowedTools: [] });
  });

  it("refuses MCP_CONFIG in split mode: the agent function starts no MCP server", () => {
    const split = {
      GITHUB_APP_ID: "1",
      GITHUB_APP_PRIVATE_KEY: "ssm:key",
      AGENT_FUNCTION_NAME: "agent",
      MODEL_GATEWAY_URL: "https://gateway.example",
      GATEWAY_TOKENS_TABLE: "tokens",
    };
    expect(() => workerConfigFromEnv(split)).not.toThrow();
    expect(() => workerConfigFromEnv({ ...split, MCP_CONFIG: '{"mcpServers":{}}' })).toThrow(
      /MCP_CONFIG cannot be used in split mode/,
    );
  });

  it.each([
    ["MAX_TURNS", "0", /MAX_TURNS must be a whole number ≥ 1; got "0"/],
    ["MAX_TURNS", "2.5", /MAX_TURNS must be a whole number/],
    ["MAX_BUDGET_USD", "lots", /MAX_BUDGET_USD must be a number ≥ 0.01; got "lots"/],
    ["COMMENT_MODE", "loud", /COMMENT_MODE must be one of review, summary, none; got "loud"/],
    ["PUBLISH_RESERVE_MS", "-1", /PUBLISH_RESERVE_MS must be a whole number ≥ 0/],
    ["UPLOAD_SARIF", "yes", /UPLOAD_SARIF must be true or false; got "yes"/],
    ["AUTOFIX_RUN_WORKFLOWS", "on", /AUTOFIX_RUN_WORKFLOWS must be true or false; got "on"/],
    ["ON_NO_ISOLATION", "skip", /ON_NO_ISOLATION must be one of no-bash, fail; got "skip"/],
    ["FAIL_ON", "notice", /FAIL_ON must be one of error, warning, never; got "notice"/],
  ])("refuses %s=%s with a message naming it", (name, value, message) => {
    expect(() => jobRuntimeConfigFromEnv({ [name]: value })).toThrow(WorkerConfigError);
    expect(() => jobRuntimeConfigFromEnv({ [name]: value })).toThrow(message);
  });
});

describe("sessionSettings", () => {
  const config = jobRuntimeConfigFromEnv({ PUBLISH_RESERVE_MS: "20000", ANTHROPIC_BASE_URL: "http://gw" });
  const context = {
    deadlineMs: 120_000,
    token: "ghs_installation",
    anthropicApiKey: "sk-ant-key",
    logger: { info: () => undefined },
  } as unknown as JobExecutionContext;

  it("gives the session what is left of the job's deadline minus the publishing reserve", () => {
    const settings = sessionSettings({ config, context, startedAt: 1_000, now: 31_000 });
    expect(settings.timeoutMs).toBe(120_000 - 30_000 - 20_000);
    // The agent gets the API key and the gateway, never the installation token; both are redacted.
    expect(settings.agentEnv).toEqual({ ANTHROPIC_API_KEY: "sk-ant-key", ANTHROPIC_BASE_URL: "http://gw" });
    expect(settings.secretValues).toEqual(["ghs_installation", "sk-ant-key"]);
  });

  it("refuses to start a session shorter than the minimum, as a transient error", () => {
    const late = 120_000 - 20_000 - MINIMUM_SESSION_MS + 1;
    expect(() => sessionSettings({ config, context, startedAt: 0, now: late })).toThrow(SessionBudgetError);
  });
});
