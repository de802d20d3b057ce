import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  agentUserSetting,
  dollarsSetting,
  flagSetting,
  providerSetting,
  textSetting,
  textWithDefault,
  wholeNumberSetting,
  withoutDefault,
} from "../jobs/settings/setting-values.js";
import type { ModelProvider } from "../runner/model-provider.js";
import { type CliOption, cliOptionsHelp, cliOptionsReader } from "./cli-settings.js";
import { UsageError } from "./usage-error.js";

/** Options of `claude-pr-runner run`; `help` documents each one (kept next to its definition). */
export const RUN_OPTIONS = {
  prompt: {
    setting: textSetting,
    value: "<text|@file>",
    help: "The task for the agent, or @path to read it from a file (required).",
  },
  "json-schema": {
    setting: textSetting,
    value: "<file|json>",
    help: "JSON Schema (an object) for structured output: inline JSON or a file path. Checked before spawning.",
  },
  cwd: {
    setting: textSetting,
    value: "<dir>",
    help: "Workspace: the agent's working directory and policy root (default: .).",
  },
  policy: {
    setting: textWithDefault("review"),
    value: "<name|file>",
    help: "Tool policy: review (default), autofix, audit, or a JSON/YAML policy file.",
  },
  "test-command": {
    setting: { type: "array", separator: "lines", items: { type: "string" } },
    value: "<cmd>",
    help: "With --policy autofix: a test command the agent may run (repeatable; replaces the defaults).",
  },
  model: { setting: textSetting, value: "<model>", help: "Model for the session (alias or full name)." },
  provider: {
    setting: providerSetting,
    value: "<name>",
    help: "Where the model runs: anthropic, anthropic-oauth, bedrock, vertex or foundry (default: from the environment).",
  },
  "fallback-model": {
    setting: textSetting,
    value: "<model>",
    help: "Model to fall back to when the main one is overloaded.",
  },
  "max-turns": {
    setting: withoutDefault(wholeNumberSetting(1, 30)),
    value: "<n>",
    help: "Maximum agent turns (passed to the CLI and enforced by the watchdog).",
  },
  "max-budget-usd": {
    setting: withoutDefault(dollarsSetting.budget(5)),
    value: "<usd>",
    help: "Maximum spend in USD (passed to the CLI and enforced by the watchdog).",
  },
  timeout: {
    setting: { type: "number", exclusiveMinimum: 0, unit: "seconds" },
    value: "<seconds>",
    help: "Wall-clock deadline: interrupt, then SIGTERM, then SIGKILL (default: none).",
  },
  "append-system-prompt": {
    setting: textSetting,
    value: "<text>",
    help: "Text appended to the CLI's system prompt.",
  },
  bare: {
    setting: flagSetting(false),
    help: "Minimal CLI mode for untrusted repositories (no CLAUDE.md, hooks or plugins).",
  },
  "include-partial-messages": {
    setting: flagSetting(false),
    help: "Ask the CLI for stream_event previews (logged, not needed for the outcome).",
  },
  "pass-secret": {
    setting: { type: "array", separator: "lines", items: { type: "string" }, default: [] },
    value: "<NAME>",
    help: "Pass a credential variable (GITHUB_TOKEN, AWS_*...) to the agent on purpose (repeatable).",
  },
  "claude-path": {
    setting: textSetting,
    value: "<path>",
    help: "claude executable (default: the bin of the installed @anthropic-ai/claude-code).",
  },
  out: {
    setting: textSetting,
    value: "<file>",
    help: "Write the outcome JSON to this file instead of stdout.",
  },
  log: {
    setting: textSetting,
    value: "<file>",
    help: "Write the execution log (NDJSON, secrets redacted) to this file.",
  },
  "agent-user": {
    setting: agentUserSetting,
    value: "<name|none>",
    help: "Run the CLI as this unprivileged user (created if missing) when this process is root or has passwordless sudo, as `review` does; none: the host's user.",
  },
  quiet: { setting: flagSetting(false), help: "No progress lines on stderr." },
  help: { setting: flagSetting(false), short: "h", help: "Show this help." },
} as const satisfies Record<string, CliOption>;

export function runHelp(): string {
  const rows = cliOptionsHelp(RUN_OPTIONS);
  return [
    "Usage: claude-pr-runner run --prompt <text|@file> [options]",
    "",
    "Runs one Claude Code session in --print mode, answers every tool permission through the tool",
    "policy, and prints the outcome as JSON. Progress lines go to stderr.",
    "",
    "Options:",
    ...rows,
    "",
    "Environment: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and the Bedrock/Vertex variables",
    "(CLAUDE_CODE_USE_BEDROCK, AWS_REGION, CLAUDE_CODE_USE_VERTEX, ANTHROPIC_VERTEX_PROJECT_ID, ...)",
    "are passed to the CLI. GITHUB_TOKEN, AWS credentials and other secrets are not, unless --pass-secret.",
    "",
    "Exit codes: 0 success; 1 the result is an error or the session failed; 2 usage or configuration error.",
    "",
  ].join("\n");
}

export interface RunArguments {
  help: boolean;
  prompt: string;
  jsonSchema?: unknown;
  cwd: string;
  policy: string;
  testCommands?: string[];
  model?: string;
  provider?: ModelProvider;
  fallbackModel?: string;
  maxTurns?: number;
  maxBudgetUsd?: number;
  timeoutSeconds?: number;
  appendSystemPrompt?: string;
  bare: boolean;
  includePartialMessages: boolean;
  passSecrets: string[];
  /** The agent's own user; undefined: the host's (`--agent-user none`). */
  agentUser?: string;
  claudePath?: string;
  out?: string;
  log?: string;
  quiet: boolean;
}

const readRunOptions = cliOptionsReader(RUN_OPTIONS);

export async function parseRunArguments(args: string[], baseDir: string): Promise<RunArguments> {
  const { values } = readRunOptions(args);
  if (values.help)
    return {
      help: true,
      prompt: "",
      cwd: baseDir,
      policy: "review",
      bare: false,
      includePartialMessages: false,
      passSecrets: [],
      quiet: false,
    };

  const promptArg = values.prompt;
  if (promptArg === undefined) throw new UsageError("--prompt is required (text, or @file)");
  const prompt = promptArg.startsWith("@")
    ? await readArgumentFile("--prompt", promptArg.slice(1), baseDir)
    : promptArg;

  const schemaArg = values["json-schema"];
  let jsonSchema: unknown;
  if (schemaArg !== undefined) {
    const inline = /^\s*[[{"]/.test(schemaArg);
    const text = inline ? schemaArg : await readArgumentFile("--json-schema", schemaArg, baseDir);
    try {
      jsonSchema = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `--json-schema ${inline ? "" : `(${schemaArg}) `}is not valid JSON: ${(error as Error).message}`,
      );
    }
  }

  const resolved = (file: string | undefined) =>
    file === undefined ? undefined : path.resolve(baseDir, file);
  const optional = {
    jsonSchema,
    testCommands: values["test-command"],
    model: values.model,
    provider: values.provider,
    fallbackModel: values["fallback-model"],
    appendSystemPrompt: values["append-system-prompt"],
    claudePath: resolved(values["claude-path"]),
    out: resolved(values.out),
    log: resolved(values.log),
    maxTurns: values["max-turns"],
    maxBudgetUsd: values["max-budget-usd"],
    timeoutSeconds: values.timeout,
  };
  return {
    help: false,
    prompt,
    cwd: path.resolve(baseDir, values.cwd ?? "."),
    policy: values.policy,
    bare: values.bare,
    includePartialMessages: values["include-partial-messages"],
    passSecrets: values["pass-secret"],
    quiet: values.quiet,
    ...(values["agent-user"] === "none" ? {} : { agentUser: values["agent-user"] }),
    ...(Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) as Partial<
      typeof optional
    >),
  } as RunArguments;
}

async function readArgumentFile(flag: string, file: string, baseDir: string): Promise<string> {
  const full = path.resolve(baseDir, file);
  try {
    return await readFile(full, "utf8");
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read ${full}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}
