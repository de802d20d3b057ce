// seed: "入口与格式矩阵 / input-format 与 output-format" and "进一步约束", plus "Structured output"
// (--json-schema is parsed as a JSON object; strings, arrays and invalid schemas fail at start-up).
// Checking here gives the user the rule by name before a 350 MB process is spawned.
import { Ajv } from "ajv";
import { FlagRuleError, type FlagRuleViolation } from "./flag-rule-error.js";

export type InputFormat = "text" | "stream-json";
export type OutputFormat = "text" | "json" | "stream-json";

export interface CliInvocation {
  print: boolean;
  inputFormat: InputFormat;
  outputFormat: OutputFormat;
  verbose: boolean;
  replayUserMessages?: boolean;
  includePartialMessages?: boolean;
  forwardSubagentText?: boolean;
  promptSuggestions?: boolean;
  sdkUrl?: string;
  /** The schema object, or the JSON text that would be passed to --json-schema. */
  jsonSchema?: unknown;
  resume?: string;
  continue?: boolean;
  forkSession?: boolean;
}

const INPUT_FORMATS: readonly string[] = ["text", "stream-json"];
const OUTPUT_FORMATS: readonly string[] = ["text", "json", "stream-json"];

/** Every rule the invocation breaks, in the order the CLI would meet them. */
export function checkCliInvocation(inv: CliInvocation): FlagRuleViolation[] {
  const out: FlagRuleViolation[] = [];
  const fail = (rule: FlagRuleViolation["rule"], message: string) => out.push({ rule, message });

  if (!INPUT_FORMATS.includes(inv.inputFormat)) {
    fail(
      "input_format_choice",
      `--input-format must be one of text, stream-json; got ${JSON.stringify(inv.inputFormat)}`,
    );
  }
  if (!OUTPUT_FORMATS.includes(inv.outputFormat)) {
    fail(
      "output_format_choice",
      `--output-format must be one of text, json, stream-json; got ${JSON.stringify(inv.outputFormat)}`,
    );
  }
  const streamIn = inv.inputFormat === "stream-json";
  const streamOut = inv.outputFormat === "stream-json";

  if ((streamIn || streamOut) && !inv.print) {
    fail(
      "stream_json_requires_print",
      "--input-format/--output-format stream-json only work with --print (-p)",
    );
  }
  if (streamIn && !streamOut) {
    fail(
      "stream_json_input_requires_stream_json_output",
      "--input-format=stream-json requires output-format=stream-json.",
    );
  }
  if (inv.print && streamOut && !inv.verbose) {
    fail(
      "stream_json_output_requires_verbose",
      "When using --print, --output-format=stream-json requires --verbose",
    );
  }
  if (inv.replayUserMessages && !(streamIn && streamOut)) {
    fail(
      "replay_user_messages_requires_stream_json",
      "--replay-user-messages requires --input-format=stream-json and --output-format=stream-json",
    );
  }
  if (inv.includePartialMessages && !(inv.print && streamOut)) {
    fail(
      "include_partial_messages_requires_print_stream_json",
      "--include-partial-messages requires --print and --output-format=stream-json",
    );
  }
  if (inv.forwardSubagentText && !(inv.print && streamOut)) {
    fail(
      "forward_subagent_text_requires_print_stream_json",
      "--forward-subagent-text requires --print and --output-format=stream-json",
    );
  }
  if (inv.promptSuggestions && !(inv.print && streamOut)) {
    fail(
      "prompt_suggestions_requires_print_stream_json",
      "--prompt-suggestions requires --print and --output-format=stream-json",
    );
  }
  if (inv.sdkUrl !== undefined && !(streamIn && streamOut)) {
    fail(
      "sdk_url_requires_stream_json",
      "--sdk-url requires --input-format=stream-json and --output-format=stream-json",
    );
  }
  if (inv.jsonSchema !== undefined) checkJsonSchema(inv.jsonSchema, fail);
  if (inv.forkSession && inv.resume === undefined && !inv.continue) {
    fail("fork_session_requires_resume", "--fork-session requires --resume <session id> or --continue");
  }
  return out;
}

/** Throws FlagRuleError naming the first broken rule (and listing the others). */
export function validateCliInvocation(inv: CliInvocation): void {
  const violations = checkCliInvocation(inv);
  const [first, ...rest] = violations;
  if (first) throw new FlagRuleError([first, ...rest]);
}

let metaValidator: Ajv | undefined;

function checkJsonSchema(
  input: unknown,
  fail: (rule: FlagRuleViolation["rule"], message: string) => void,
): void {
  let schema = input;
  if (typeof input === "string") {
    try {
      schema = JSON.parse(input);
    } catch (error) {
      fail(
        "json_schema_invalid_json",
        `--json-schema is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    fail("json_schema_must_be_object", `--json-schema must be a JSON object; got ${describe(schema)}`);
    return;
  }
  metaValidator ??= new Ajv({ strict: false, validateSchema: false });
  let valid: boolean;
  try {
    valid = metaValidator.validateSchema(schema) === true;
  } catch {
    // A meta-schema Ajv does not know ($schema of another draft): leave the verdict to the CLI.
    return;
  }
  if (!valid) {
    fail(
      "json_schema_invalid_schema",
      `--json-schema is not a valid JSON Schema: ${metaValidator.errorsText(metaValidator.errors, { dataVar: "schema" })}`,
    );
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a string";
  return `a ${typeof value}`;
}
