// The runner validates the argv it really spawns, not a description of it: this reads the flags the
// rules in validate-cli-invocation.ts look at out of an argv. Pure (node:util parseArgs only).
import { parseArgs } from "node:util";
import type { CliInvocation, InputFormat, OutputFormat } from "./validate-cli-invocation.js";

/** Flags of the CLI that take a value; declared so that their values are never read as flags. */
const VALUE_FLAGS = [
  "input-format",
  "output-format",
  "sdk-url",
  "json-schema",
  "resume",
  "session-id",
  "model",
  "fallback-model",
  "max-turns",
  "max-budget-usd",
  "permission-mode",
  "permission-prompt-tool",
  "settings",
  "setting-sources",
  "append-system-prompt",
  "system-prompt",
  "tools",
  "allowedTools",
  "allowed-tools",
  "disallowedTools",
  "disallowed-tools",
  "add-dir",
  "mcp-config",
  "agents",
] as const;

const BOOLEAN_FLAGS = [
  "print",
  "verbose",
  "replay-user-messages",
  "include-partial-messages",
  "forward-subagent-text",
  "continue",
  "fork-session",
  "no-session-persistence",
  "bare",
  "strict-mcp-config",
  // Takes an optional value (`--prompt-suggestions=false`); a bare flag turns suggestions on.
  "prompt-suggestions",
] as const;

/** The values Commander accepts for switching --prompt-suggestions off. */
const OFF_VALUES: readonly string[] = ["false", "0", "no", "off"];

export interface ArgvContext {
  /** Whether the CLI's stdin and stdout are a terminal; with pipes the CLI runs in print mode. */
  terminal: boolean;
}

/** The CliInvocation an argv (without the executable) describes. */
export function cliInvocationFromArgv(argv: readonly string[], context: ArgvContext): CliInvocation {
  const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
  for (const name of VALUE_FLAGS) options[name] = { type: "string", multiple: true };
  for (const name of BOOLEAN_FLAGS) options[name] = { type: "boolean" };
  options.print = { type: "boolean", short: "p" };
  options.continue = { type: "boolean", short: "c" };
  options.resume = { type: "string", short: "r", multiple: true };
  const { values } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true });
  const last = (name: string): string | undefined => {
    const value = values[name];
    if (Array.isArray(value)) return value.at(-1) === undefined ? undefined : String(value.at(-1));
    return typeof value === "string" ? value : undefined;
  };
  const flag = (name: string): boolean => values[name] === true;

  const sdkUrl = last("sdk-url");
  const invocation: CliInvocation = {
    print: flag("print") || !context.terminal,
    // --sdk-url makes stream-json the default input format.
    inputFormat: (last("input-format") ?? (sdkUrl !== undefined ? "stream-json" : "text")) as InputFormat,
    outputFormat: (last("output-format") ?? "text") as OutputFormat,
    verbose: flag("verbose"),
  };
  if (flag("replay-user-messages")) invocation.replayUserMessages = true;
  if (flag("include-partial-messages")) invocation.includePartialMessages = true;
  if (flag("forward-subagent-text")) invocation.forwardSubagentText = true;
  const suggestions = values["prompt-suggestions"];
  if (suggestions === true || (typeof suggestions === "string" && !OFF_VALUES.includes(suggestions))) {
    invocation.promptSuggestions = true;
  }
  if (sdkUrl !== undefined) invocation.sdkUrl = sdkUrl;
  const jsonSchema = last("json-schema");
  if (jsonSchema !== undefined) invocation.jsonSchema = jsonSchema;
  const resume = last("resume");
  if (resume !== undefined) invocation.resume = resume;
  if (flag("continue")) invocation.continue = true;
  if (flag("fork-session")) invocation.forkSession = true;
  const sessionId = last("session-id");
  if (sessionId !== undefined) invocation.sessionId = sessionId;
  if (flag("no-session-persistence")) invocation.noSessionPersistence = true;
  return invocation;
}
