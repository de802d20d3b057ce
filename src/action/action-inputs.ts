import type { FailOn } from "../findings/review-conclusion.js";
import type { SettingSchema } from "../jobs/settings/setting-schema.js";
import {
  agentUserSetting,
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
} from "../jobs/settings/setting-values.js";
import { SettingsError, settingsReader } from "../jobs/settings/settings-reader.js";
import { DEFAULT_TRIGGER_SETTINGS, type TriggerSettings } from "../jobs/triggers/trigger-settings.js";
import type { OnNoIsolation } from "../runner/isolation/isolation-decision.js";
import type { ModelProvider } from "../runner/model-provider.js";
import type { ContextBound } from "../sessions/context-bound.js";
import type { JobKind } from "./route-event.js";

/**
 * The Action's inputs, parsed and checked once. Every problem is reported together with the input's
 * name, so a misconfigured workflow fails in one run with one readable message.
 */
export interface ActionInputs {
  anthropicApiKey: string;
  /** A Claude subscription's OAuth token (`claude setup-token`), for provider `anthropic-oauth`. */
  claudeCodeOauthToken: string;
  /** Where the model runs; absent: chosen from the credentials and the environment (docs/providers.md). */
  provider?: ModelProvider;
  githubToken: string;
  /**
   * The login `githubToken` posts as. Our hidden markers (sticky summary, finding fingerprints) are
   * trusted only on comments this login wrote: anyone, including another App echoing a PR title,
   * can paste the text of a marker.
   */
  botLogin: string;
  mode: "auto" | JobKind;
  /** Where the agent runs: the local CLI, or a Claude Managed Agents session (docs/engines.md). */
  engine: "cli" | "managed-agents";
  /** Read-only token the remote engine mounts the repository with; absent works for public ones only. */
  repositoryReadToken?: string;
  model?: string;
  /** Trusted jobs only: extra CLI flags from an allowlist (docs/providers.md#pass-through). */
  claudeArgs?: string;
  /** Trusted jobs only: settings JSON (inline or a file in the workspace) that may only add deny rules. */
  settings?: string;
  /** Trusted jobs only: tools removed from the agent (narrows the job policy). */
  disallowedTools: string[];
  /** The agent's whole tool allowance within the job's ceiling (applyToolGrants). */
  allowedTools: string[];
  /** Trusted jobs only: MCP servers, JSON inline or a file read from the base commit. */
  mcpConfig?: string;
  /** Trusted jobs only: a file of extra instructions, read from the base commit. */
  promptFile?: string;
  /** Same-repository autofix only: NAME=value lines for the test commands (checkAutofixEnv). */
  env?: string;
  /** Credential-looking names in `env` that are passed on purpose. */
  envSecrets: string[];
  maxTurns: number;
  maxBudgetUsd: number;
  timeoutMinutes: number;
  policy?: string;
  jsonSchema?: string;
  prompt?: string;
  sessionStore:
    | { kind: "artifact" }
    | { kind: "none" }
    | { kind: "s3"; bucket: string; prefix: string }
    | { kind: "file"; path: string };
  claudeVersion: string;
  failOnError: boolean;
  /** Lowest finding severity that requests changes and fails the check and the step. */
  failOn: FailOn;
  /** Globs of the files a review looks at (empty: all), on top of the repository's config. */
  include: string[];
  /** Globs of the files a review leaves out, on top of the built-in and repository excludes. */
  exclude: string[];
  commentMode: "review" | "summary" | "none";
  inlineCommentLimit: number;
  /** Resumed generations and conversation tokens after which a PR's session restarts from a summary. */
  sessionContextBound: ContextBound;
  sarifFile?: string;
  reviewDrafts: boolean;
  autofixLabel: string;
  /** Comment prefix, mention, review label and skipped authors: see src/jobs/triggers. */
  triggers: TriggerSettings;
  testCommands: string[];
  /** Let an autofix's commit start the repository's workflows (default: it carries `[skip ci]`). */
  autofixRunWorkflows: boolean;
  /** Hosts an autofix's sandboxed Bash may reach (none by default). */
  autofixAllowedDomains: string[];
  auditFocus?: string;
  maxNewIssues: number;
  /** The agent's own user; undefined when the input is "none". */
  agentUser: string | undefined;
  onNoIsolation: OnNoIsolation;
}

export class ActionInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid action inputs:\n- ${problems.join("\n- ")}`);
    this.name = "ActionInputError";
  }
}

type GetInput = (name: string) => string;

const SESSION_STORE_PATTERN = "^(artifact|none|file:///.*|s3://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](/.*)?)$";

/**
 * Every input of action.yml, described once with the value types the CLI and Lambda share (fail_on,
 * provider, engine, globs, dollar budget, switches, session bounds, trigger words). An input added to
 * action.yml is added here; `test/action/action-inputs.test.ts` fails when the two lists differ.
 */
export const ACTION_INPUTS = {
  claude_version: {
    type: "string",
    pattern: "^\\d+\\.\\d+\\.\\d+$",
    mustBe: "an exact version such as 2.1.235",
    default: "2.1.235",
  },
  anthropic_api_key: textSetting,
  claude_code_oauth_token: textSetting,
  provider: providerSetting,
  github_token: textSetting,
  bot_login: textWithDefault("github-actions[bot]"),
  mode: { type: "string", enum: ["auto", "review", "autofix", "describe", "audit"], default: "auto" },
  engine: engineSetting,
  repository_read_token: textSetting,
  model: textSetting,
  claude_args: textSetting,
  settings: textSetting,
  disallowed_tools: listSetting("lines-or-commas"),
  allowed_tools: listSetting("lines-or-commas"),
  mcp_config: textSetting,
  prompt_file: textSetting,
  env: textSetting,
  env_secrets: listSetting("lines-or-commas"),
  max_turns: wholeNumberSetting(1, 30),
  max_budget_usd: dollarsSetting.budget(5),
  timeout_minutes: { type: "number", minimum: 1, default: 20 },
  policy: textSetting,
  json_schema: textSetting,
  prompt: textSetting,
  session_store: {
    type: "string",
    pattern: SESSION_STORE_PATTERN,
    mustBe: "artifact, none, s3://bucket/prefix or file:///absolute/path",
    default: "artifact",
  },
  fail_on_error: flagSetting(true),
  fail_on: failOnSetting,
  include: globsSetting,
  exclude: globsSetting,
  comment_mode: commentModeSetting,
  inline_comment_limit: wholeNumberSetting(0, 30),
  session_max_generations: sessionBoundSettings.generations,
  session_max_context_tokens: sessionBoundSettings.contextTokens,
  sarif_file: textSetting,
  review_drafts: flagSetting(false),
  autofix_label: textWithDefault(DEFAULT_TRIGGER_SETTINGS.autofixLabel),
  // An explicit empty review_label is not expressible in action.yml; "none" turns it off.
  review_label: textWithDefault(DEFAULT_TRIGGER_SETTINGS.reviewLabel),
  command_prefix: commandPrefixSetting,
  mention: mentionSetting,
  // Unset: the default authors; "none": nobody.
  skip_authors: { type: "array", separator: "lines-or-commas", items: { type: "string" } },
  test_commands: listSetting("lines"),
  autofix_allowed_domains: listSetting("lines"),
  autofix_run_workflows: flagSetting(false),
  audit_focus: textSetting,
  max_new_issues: wholeNumberSetting(0, 10),
  agent_user: agentUserSetting,
  on_no_isolation: onNoIsolationSetting,
} as const satisfies Record<string, SettingSchema>;

const readActionInputs = settingsReader(ACTION_INPUTS);

/** The Action's inputs through the one schema: every bad input is reported together, by name. */
export function parseActionInputs(getInput: GetInput): ActionInputs {
  let raw: ReturnType<typeof readActionInputs>;
  try {
    raw = readActionInputs(
      Object.fromEntries(Object.keys(ACTION_INPUTS).map((name) => [name, getInput(name)])),
    );
  } catch (error) {
    if (error instanceof SettingsError) throw new ActionInputError([...error.problems]);
    throw error;
  }
  const skipAuthors = raw.skip_authors;
  return {
    anthropicApiKey: raw.anthropic_api_key ?? "",
    claudeCodeOauthToken: raw.claude_code_oauth_token ?? "",
    ...(raw.provider ? { provider: raw.provider } : {}),
    githubToken: raw.github_token ?? "",
    botLogin: raw.bot_login,
    mode: raw.mode,
    engine: raw.engine,
    repositoryReadToken: raw.repository_read_token,
    model: raw.model,
    claudeArgs: raw.claude_args,
    settings: raw.settings,
    disallowedTools: raw.disallowed_tools,
    allowedTools: raw.allowed_tools,
    mcpConfig: raw.mcp_config,
    promptFile: raw.prompt_file,
    env: raw.env,
    envSecrets: raw.env_secrets,
    maxTurns: raw.max_turns,
    maxBudgetUsd: raw.max_budget_usd,
    timeoutMinutes: raw.timeout_minutes,
    policy: raw.policy,
    jsonSchema: raw.json_schema,
    prompt: raw.prompt,
    sessionStore: sessionStore(raw.session_store),
    claudeVersion: raw.claude_version,
    failOnError: raw.fail_on_error,
    failOn: raw.fail_on,
    include: raw.include,
    exclude: raw.exclude,
    commentMode: raw.comment_mode,
    inlineCommentLimit: raw.inline_comment_limit,
    sessionContextBound: {
      maxDepth: raw.session_max_generations,
      maxContextTokens: raw.session_max_context_tokens,
    },
    sarifFile: raw.sarif_file,
    reviewDrafts: raw.review_drafts,
    autofixLabel: raw.autofix_label,
    triggers: {
      commandPrefix: raw.command_prefix,
      mention: raw.mention,
      reviewLabel: raw.review_label === "none" ? "" : raw.review_label,
      autofixLabel: raw.autofix_label,
      reviewDrafts: raw.review_drafts,
      skipAuthors:
        skipAuthors === undefined
          ? DEFAULT_TRIGGER_SETTINGS.skipAuthors
          : skipAuthors.length === 1 && skipAuthors[0] === "none"
            ? []
            : skipAuthors,
      selfLogins: [raw.bot_login],
    },
    autofixAllowedDomains: raw.autofix_allowed_domains,
    testCommands: raw.test_commands,
    autofixRunWorkflows: raw.autofix_run_workflows,
    auditFocus: raw.audit_focus,
    maxNewIssues: raw.max_new_issues,
    agentUser: raw.agent_user === "none" ? undefined : raw.agent_user,
    onNoIsolation: raw.on_no_isolation,
  };
}

/** The store named by a `session_store` the schema has accepted. */
function sessionStore(value: string): ActionInputs["sessionStore"] {
  if (value === "artifact") return { kind: "artifact" };
  if (value === "none") return { kind: "none" };
  if (value.startsWith("file:///"))
    return { kind: "file", path: decodeURIComponent(value.slice("file://".length)) };
  const [bucket = "", ...prefix] = value.slice("s3://".length).split("/");
  return { kind: "s3", bucket, prefix: prefix.join("/").replace(/\/+$/, "") };
}
