import { checkMcpServerConfig } from "../../runner/mcp-server-config.js";
import { parseClaudeArgs } from "../../runner/parse-claude-args.js";
import { RunnerConfigError } from "../../runner/runner-config-error.js";
import { checkWorkflowSettings } from "../../runner/workflow-settings.js";
import { checkAutofixEnv } from "./autofix-env.js";
import type { JobSettings } from "./job-settings.js";

/**
 * The trusted-job pass-through every door offers (docs/providers.md): the Action's `claude_args`,
 * `settings`, `disallowed_tools`, `allowed_tools`, `mcp_config`, `prompt_file` and `env` /
 * `env_secrets`, the CLI's `--claude-args`… flags and the Lambda worker's `CLAUDE_ARGS`… variables.
 * One reading and one set of rules for all three, so a flag refused on the Action is refused on the
 * CLI and on Lambda with the same words. Errors name the Action input, the documented name.
 */
export interface PassThroughValues {
  claudeArgs?: string | undefined;
  /** Inline JSON (starts with `{`) or a file the door's reader resolves. */
  settings?: string | undefined;
  disallowedTools?: readonly string[] | undefined;
  allowedTools?: readonly string[] | undefined;
  /** Inline JSON (starts with `{`) or a file the door's reader resolves. */
  mcpConfig?: string | undefined;
  promptFile?: string | undefined;
  /** `NAME=value` lines for a same-repository autofix's test commands. */
  env?: string | undefined;
  envSecrets?: readonly string[] | undefined;
}

/** How a door reads a file a setting names: the Action and Lambda from the base commit, the CLI locally. */
export interface PassThroughSource {
  /** The job's checkout: `--add-dir` in claude_args must stay inside it. */
  workspace: string;
  readFile(path: string): Promise<string>;
}

export class PassThroughError extends RunnerConfigError {}

/** Extra instructions kept small: they ride in every prompt of the job. */
export const PROMPT_FILE_MAX_BYTES = 64 * 1024;

/**
 * The part of JobSettings the pass-through sets, checked before any spawn: claude_args through its
 * allowlist (a flag that widens tools or permissions is refused), settings that may only add deny
 * rules, MCP servers for trusted jobs, the autofix env's reserved and credential-looking names.
 * `maxTurns` is the door's ceiling: claude_args can lower it, never raise it. `prompt` is the door's
 * own extra instructions, which the prompt file's text follows.
 */
export async function passThroughSettings(
  values: PassThroughValues,
  source: PassThroughSource,
  limits: { maxTurns: number; prompt?: string | undefined },
): Promise<Partial<JobSettings>> {
  const extra: Partial<JobSettings> = {};
  const trustedExtras: NonNullable<JobSettings["trustedExtras"]> = {};
  if (values.claudeArgs) {
    const { model, maxTurns, ...rest } = parseClaudeArgs(values.claudeArgs, source.workspace);
    if (model) extra.model = model;
    if (maxTurns !== undefined) extra.maxTurns = Math.min(maxTurns, limits.maxTurns);
    Object.assign(trustedExtras, rest);
  }
  if (values.settings) {
    const text = await jsonText(values.settings, source);
    trustedExtras.settings = checkWorkflowSettings(parseJson("settings", text));
  }
  if (values.disallowedTools?.length) trustedExtras.disallowedTools = [...values.disallowedTools];
  if (values.allowedTools?.length) extra.allowedTools = [...values.allowedTools];
  if (values.mcpConfig) {
    const text = await jsonText(values.mcpConfig, source);
    extra.mcpServers = checkMcpServerConfig(parseJson("mcp_config", text), { trusted: true });
  }
  if (values.promptFile) {
    const instructions = await readPromptFile(values.promptFile, source);
    extra.extraInstructions = [limits.prompt, instructions].filter(Boolean).join("\n\n");
  }
  if (values.env) extra.autofixEnv = checkAutofixEnv(values.env, values.envSecrets);
  if (Object.keys(trustedExtras).length) extra.trustedExtras = trustedExtras;
  return extra;
}

/** The pass-through settings that are set, by their Action names: what an untrusted job leaves out. */
export function passThroughNamesSet(values: PassThroughValues): string[] {
  return [
    values.claudeArgs ? "claude_args" : "",
    values.settings ? "settings" : "",
    values.disallowedTools?.length ? "disallowed_tools" : "",
    values.allowedTools?.length ? "allowed_tools" : "",
    values.mcpConfig ? "mcp_config" : "",
    values.promptFile ? "prompt_file" : "",
    values.env ? "env" : "",
  ].filter(Boolean);
}

/** Inline JSON, else the file it names (the reader's errors say where it looked). */
async function jsonText(value: string, source: PassThroughSource): Promise<string> {
  return value.trimStart().startsWith("{") ? value : await source.readFile(value);
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PassThroughError(`${name} is not valid JSON: ${(error as Error).message}`, name);
  }
}

async function readPromptFile(path: string, source: PassThroughSource): Promise<string> {
  let text: string;
  try {
    text = await source.readFile(path);
  } catch (error) {
    throw new PassThroughError(
      `prompt_file ${path} could not be read: ${(error as Error).message}`,
      "prompt_file",
    );
  }
  const size = Buffer.byteLength(text);
  if (size > PROMPT_FILE_MAX_BYTES) {
    throw new PassThroughError(
      `prompt_file ${path} is ${size} bytes; the limit is ${PROMPT_FILE_MAX_BYTES}`,
      "prompt_file",
    );
  }
  if (text.trim() === "") throw new PassThroughError(`prompt_file ${path} is empty`, "prompt_file");
  return text.trim();
}
