import { DEFAULT_FAIL_ON, FAIL_ON_VALUES, type FailOn } from "../findings/review-conclusion.js";
import {
  checkTriggerSettings,
  DEFAULT_TRIGGER_SETTINGS,
  type TriggerSettings,
} from "../jobs/triggers/trigger-settings.js";
import { DEFAULT_AGENT_USER } from "../runner/isolation/agent-user.js";
import { ON_NO_ISOLATION_CHOICES, type OnNoIsolation } from "../runner/isolation/isolation-decision.js";
import { MODEL_PROVIDERS, type ModelProvider } from "../runner/model-provider.js";
import { type ContextBound, DEFAULT_CONTEXT_BOUND } from "../sessions/context-bound.js";
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

export function parseActionInputs(getInput: GetInput): ActionInputs {
  const problems: string[] = [];
  const text = (name: string) => getInput(name).trim();
  const optional = (name: string) => text(name) || undefined;
  const list = (name: string) =>
    text(name)
      .split(/[\n,]/)
      .map((entry) => entry.trim())
      .filter(Boolean);
  const number = (name: string, fallback: number, min: number, integer: boolean): number => {
    const raw = text(name);
    if (raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
      problems.push(
        `${name} must be ${integer ? "an integer" : "a number"} >= ${min}; got ${JSON.stringify(raw)}`,
      );
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = text(name).toLowerCase();
    if (raw === "") return fallback;
    if (raw === "true") return true;
    if (raw === "false") return false;
    problems.push(`${name} must be true or false; got ${JSON.stringify(raw)}`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name);
    if (raw === "") return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(", ")}; got ${JSON.stringify(raw)}`);
    return fallback;
  };

  const claudeVersion = text("claude_version") || "2.1.235";
  if (!/^\d+\.\d+\.\d+$/.test(claudeVersion)) {
    problems.push(
      `claude_version must be an exact version such as 2.1.235; got ${JSON.stringify(claudeVersion)}`,
    );
  }

  const reviewDrafts = bool("review_drafts", false);
  const inputs: ActionInputs = {
    anthropicApiKey: text("anthropic_api_key"),
    claudeCodeOauthToken: text("claude_code_oauth_token"),
    ...(text("provider") ? { provider: oneOf("provider", MODEL_PROVIDERS, "anthropic") } : {}),
    githubToken: text("github_token"),
    mode: oneOf("mode", ["auto", "review", "autofix", "audit"] as const, "auto"),
    engine: oneOf("engine", ["cli", "managed-agents"] as const, "cli"),
    repositoryReadToken: optional("repository_read_token"),
    model: optional("model"),
    claudeArgs: optional("claude_args"),
    settings: optional("settings"),
    disallowedTools: list("disallowed_tools"),
    allowedTools: list("allowed_tools"),
    mcpConfig: optional("mcp_config"),
    promptFile: optional("prompt_file"),
    env: optional("env"),
    envSecrets: list("env_secrets"),
    maxTurns: number("max_turns", 30, 1, true),
    maxBudgetUsd: number("max_budget_usd", 5, 0.01, false),
    timeoutMinutes: number("timeout_minutes", 20, 1, false),
    policy: optional("policy"),
    jsonSchema: optional("json_schema"),
    prompt: optional("prompt"),
    sessionStore: parseSessionStore(text("session_store") || "artifact", problems),
    claudeVersion,
    failOnError: bool("fail_on_error", true),
    failOn: oneOf("fail_on", FAIL_ON_VALUES, DEFAULT_FAIL_ON),
    include: splitList(text("include")),
    exclude: splitList(text("exclude")),
    commentMode: oneOf("comment_mode", ["review", "summary", "none"] as const, "review"),
    inlineCommentLimit: number("inline_comment_limit", 30, 0, true),
    sessionContextBound: {
      maxDepth: number("session_max_generations", DEFAULT_CONTEXT_BOUND.maxDepth, 0, true),
      maxContextTokens: number("session_max_context_tokens", DEFAULT_CONTEXT_BOUND.maxContextTokens, 0, true),
    },
    sarifFile: optional("sarif_file"),
    reviewDrafts,
    autofixLabel: text("autofix_label") || "autofix",
    triggers: {
      commandPrefix: text("command_prefix") || DEFAULT_TRIGGER_SETTINGS.commandPrefix,
      mention: text("mention") || DEFAULT_TRIGGER_SETTINGS.mention,
      // An explicit empty review_label is not expressible in action.yml; "none" turns it off.
      reviewLabel:
        text("review_label") === "none" ? "" : text("review_label") || DEFAULT_TRIGGER_SETTINGS.reviewLabel,
      autofixLabel: text("autofix_label") || "autofix",
      reviewDrafts,
      skipAuthors:
        text("skip_authors") === "none"
          ? []
          : text("skip_authors")
            ? splitList(text("skip_authors"))
            : DEFAULT_TRIGGER_SETTINGS.skipAuthors,
      selfLogins: [],
    },
    autofixAllowedDomains: text("autofix_allowed_domains")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    testCommands: text("test_commands")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    auditFocus: optional("audit_focus"),
    maxNewIssues: number("max_new_issues", 10, 0, true),
    agentUser: text("agent_user") === "none" ? undefined : text("agent_user") || DEFAULT_AGENT_USER,
    onNoIsolation: oneOf("on_no_isolation", ON_NO_ISOLATION_CHOICES, "no-bash"),
  };
  problems.push(
    ...checkTriggerSettings(inputs.triggers, { commandPrefix: "command_prefix", mention: "mention" }),
  );
  if (problems.length > 0) throw new ActionInputError(problems);
  return inputs;
}

function splitList(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseSessionStore(raw: string, problems: string[]): ActionInputs["sessionStore"] {
  if (raw === "artifact") return { kind: "artifact" };
  if (raw === "none") return { kind: "none" };
  if (raw.startsWith("file:///"))
    return { kind: "file", path: decodeURIComponent(raw.slice("file://".length)) };
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
  if (match?.[1]) return { kind: "s3", bucket: match[1], prefix: (match[2] ?? "").replace(/\/+$/, "") };
  problems.push(
    `session_store must be artifact, none, s3://bucket/prefix or file:///absolute/path; got ${JSON.stringify(raw)}`,
  );
  return { kind: "none" };
}
