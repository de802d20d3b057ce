import { readFile } from "node:fs/promises";
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./usage-error.js";

/** Options of `claude-pr-runner run`; `help` documents each one (kept next to its definition). */
export const RUN_OPTIONS = {
  prompt: {
    type: "string",
    value: "<text|@file>",
    help: "The task for the agent, or @path to read it from a file (required).",
  },
  "json-schema": {
    type: "string",
    value: "<file|json>",
    help: "JSON Schema (an object) for structured output: inline JSON or a file path. Checked before spawning.",
  },
  cwd: {
    type: "string",
    value: "<dir>",
    help: "Workspace: the agent's working directory and policy root (default: .).",
  },
  policy: {
    type: "string",
    value: "<name|file>",
    help: "Tool policy: review (default), autofix, audit, or a JSON/YAML policy file.",
  },
  "test-command": {
    type: "string",
    multiple: true,
    value: "<cmd>",
    help: "With --policy autofix: a test command the agent may run (repeatable; replaces the defaults).",
  },
  model: { type: "string", value: "<model>", help: "Model for the session (alias or full name)." },
  provider: {
    type: "string",
    value: "<name>",
    help: "Where the model runs: anthropic, anthropic-oauth, bedrock, vertex or foundry (default: from the environment).",
  },
  "fallback-model": {
    type: "string",
    value: "<model>",
    help: "Model to fall back to when the main one is overloaded.",
  },
  "max-turns": {
    type: "string",
    value: "<n>",
    help: "Maximum agent turns (passed to the CLI and enforced by the watchdog).",
  },
  "max-budget-usd": {
    type: "string",
    value: "<usd>",
    help: "Maximum spend in USD (passed to the CLI and enforced by the watchdog).",
  },
  timeout: {
    type: "string",
    value: "<seconds>",
    help: "Wall-clock deadline: interrupt, then SIGTERM, then SIGKILL (default: none).",
  },
  "append-system-prompt": {
    type: "string",
    value: "<text>",
    help: "Text appended to the CLI's system prompt.",
  },
  bare: {
    type: "boolean",
    help: "Minimal CLI mode for untrusted repositories (no CLAUDE.md, hooks or plugins).",
  },
  "include-partial-messages": {
    type: "boolean",
    help: "Ask the CLI for stream_event previews (logged, not needed for the outcome).",
  },
  "pass-secret": {
    type: "string",
    multiple: true,
    value: "<NAME>",
    help: "Pass a credential variable (GITHUB_TOKEN, AWS_*...) to the agent on purpose (repeatable).",
  },
  "claude-path": {
    type: "string",
    value: "<path>",
    help: "claude executable (default: the bin of the installed @anthropic-ai/claude-code).",
  },
  out: { type: "string", value: "<file>", help: "Write the outcome JSON to this file instead of stdout." },
  log: {
    type: "string",
    value: "<file>",
    help: "Write the execution log (NDJSON, secrets redacted) to this file.",
  },
  quiet: { type: "boolean", help: "No progress lines on stderr." },
  help: { type: "boolean", short: "h", help: "Show this help." },
} as const;

export function runHelp(): string {
  const rows = Object.entries(RUN_OPTIONS).map(([name, spec]) => {
    const flag = `--${name}${"value" in spec ? ` ${spec.value}` : ""}`;
    return `  ${flag.padEnd(30)} ${spec.help}`;
  });
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
  /** Checked by the runner (an unknown name is a configuration error, exit 2). */
  provider?: string;
  fallbackModel?: string;
  maxTurns?: number;
  maxBudgetUsd?: number;
  timeoutSeconds?: number;
  appendSystemPrompt?: string;
  bare: boolean;
  includePartialMessages: boolean;
  passSecrets: string[];
  claudePath?: string;
  out?: string;
  log?: string;
  quiet: boolean;
}

export async function parseRunArguments(args: string[], baseDir: string): Promise<RunArguments> {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    const options = Object.fromEntries(
      Object.entries(RUN_OPTIONS).map(([name, spec]) => [
        name,
        {
          type: spec.type,
          ...("multiple" in spec ? { multiple: true } : {}),
          ...("short" in spec ? { short: spec.short } : {}),
        },
      ]),
    ) as NonNullable<ParseArgsConfig["options"]>;
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }) as {
      values: typeof values;
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const str = (name: string) => values[name] as string | undefined;
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

  const promptArg = str("prompt");
  if (promptArg === undefined || promptArg === "")
    throw new UsageError("--prompt is required (text, or @file)");
  const prompt = promptArg.startsWith("@")
    ? await readArgumentFile("--prompt", promptArg.slice(1), baseDir)
    : promptArg;

  const schemaArg = str("json-schema");
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

  const result: RunArguments = {
    help: false,
    prompt,
    cwd: path.resolve(baseDir, str("cwd") ?? "."),
    policy: str("policy") ?? "review",
    bare: values.bare === true,
    includePartialMessages: values["include-partial-messages"] === true,
    passSecrets: (values["pass-secret"] as string[] | undefined) ?? [],
    quiet: values.quiet === true,
  };
  if (jsonSchema !== undefined) result.jsonSchema = jsonSchema;
  const testCommands = values["test-command"] as string[] | undefined;
  if (testCommands) result.testCommands = testCommands;
  for (const [flag, key] of [
    ["model", "model"],
    ["provider", "provider"],
    ["fallback-model", "fallbackModel"],
    ["append-system-prompt", "appendSystemPrompt"],
  ] as const) {
    const value = str(flag);
    if (value !== undefined) result[key] = value;
  }
  for (const [flag, key] of [
    ["claude-path", "claudePath"],
    ["out", "out"],
    ["log", "log"],
  ] as const) {
    const value = str(flag);
    if (value !== undefined) result[key] = path.resolve(baseDir, value);
  }
  const maxTurns = str("max-turns");
  if (maxTurns !== undefined) result.maxTurns = positiveNumber("--max-turns", maxTurns, true);
  const budget = str("max-budget-usd");
  if (budget !== undefined) result.maxBudgetUsd = positiveNumber("--max-budget-usd", budget, false);
  const timeout = str("timeout");
  if (timeout !== undefined) result.timeoutSeconds = positiveNumber("--timeout", timeout, false);
  return result;
}

function positiveNumber(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${flag} must be a positive ${integer ? "integer" : "number"}; got "${text}"`);
  }
  return value;
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
