// The CLI's start-up flag rules (docs/protocol.md, "Flag rules"). Each rule here is one the 2.1.235
// binary enforces, with the binary's own message (test/conformance/flag-rules.test.ts runs every
// broken invocation against the real binary and finds this text in its output). Checking here gives
// the user the rule by name before a 350 MB process is spawned.
import type { Ajv } from "ajv";
import { FlagRuleError, type FlagRuleViolation } from "./flag-rule-error.js";

export type InputFormat = "text" | "stream-json";
export type OutputFormat = "text" | "json" | "stream-json";

export interface CliInvocation {
  /**
   * Print (non-interactive) mode: `-p`/`--print`, or a CLI whose terminal is not a TTY. The runner
   * never passes `-p`: its pipes put the CLI in print mode (see cliInvocationFromArgv).
   */
  print: boolean;
  inputFormat: InputFormat;
  outputFormat: OutputFormat;
  verbose: boolean;
  replayUserMessages?: boolean;
  /** Passed explicitly; the CLI silently drops the implicit form when the combination is invalid. */
  includePartialMessages?: boolean;
  /** Passed explicitly; the CLI silently drops the implicit form when the combination is invalid. */
  forwardSubagentText?: boolean;
  promptSuggestions?: boolean;
  sdkUrl?: string;
  /** The schema object, or the JSON text that would be passed to --json-schema. */
  jsonSchema?: unknown;
  resume?: string;
  continue?: boolean;
  forkSession?: boolean;
  sessionId?: string;
  noSessionPersistence?: boolean;
}

const INPUT_FORMATS: readonly string[] = ["text", "stream-json"];
const OUTPUT_FORMATS: readonly string[] = ["text", "json", "stream-json"];

/**
 * Every rule the invocation breaks, in the order the 2.1.235 binary checks them. Asynchronous because
 * a `--json-schema` is checked by Ajv, which is loaded only then: it is about 11 MB and 30 ms of a
 * host's start, and a session without an output schema never needs it (bench:overhead).
 */
export async function checkCliInvocation(inv: CliInvocation): Promise<FlagRuleViolation[]> {
  const out: FlagRuleViolation[] = [];
  const fail = (rule: FlagRuleViolation["rule"], message: string) => out.push({ rule, message });

  // Commander's `choices`, checked while the argv is parsed.
  if (!INPUT_FORMATS.includes(inv.inputFormat)) {
    fail(
      "input_format_choice",
      `option '--input-format <format>' argument '${inv.inputFormat}' is invalid. Allowed choices are text, stream-json.`,
    );
  }
  if (!OUTPUT_FORMATS.includes(inv.outputFormat)) {
    fail(
      "output_format_choice",
      `option '--output-format <format>' argument '${inv.outputFormat}' is invalid. Allowed choices are text, json, stream-json.`,
    );
  }
  const streamIn = inv.inputFormat === "stream-json";
  const streamOut = inv.outputFormat === "stream-json";

  if (streamIn && !streamOut) {
    fail(
      "stream_json_input_requires_stream_json_output",
      "--input-format=stream-json requires output-format=stream-json.",
    );
  }
  // Only the input side: stream-json output without print mode starts the interactive UI instead.
  if (streamIn && !inv.print) {
    fail("stream_json_input_requires_print", "--input-format=stream-json requires --print.");
  }
  if (inv.sdkUrl !== undefined && !(streamIn && streamOut)) {
    fail(
      "sdk_url_requires_stream_json",
      "--sdk-url requires both --input-format=stream-json and --output-format=stream-json.",
    );
  }
  if (inv.replayUserMessages && !(streamIn && streamOut)) {
    fail(
      "replay_user_messages_requires_stream_json",
      "--replay-user-messages requires both --input-format=stream-json and --output-format=stream-json.",
    );
  }
  if (inv.promptSuggestions && !(inv.print && streamOut)) {
    fail(
      "prompt_suggestions_requires_print_stream_json",
      "--prompt-suggestions requires --print and --output-format=stream-json (prompt_suggestion messages are only surfaced in stream-json output).",
    );
  }
  if (inv.includePartialMessages && !(inv.print && streamOut)) {
    fail(
      "include_partial_messages_requires_print_stream_json",
      "--include-partial-messages requires --print and --output-format=stream-json.",
    );
  }
  if (inv.forwardSubagentText && !(inv.print && streamOut)) {
    fail(
      "forward_subagent_text_requires_print_stream_json",
      "--forward-subagent-text requires --print and --output-format=stream-json.",
    );
  }
  if (inv.noSessionPersistence && !inv.print) {
    fail(
      "no_session_persistence_requires_print",
      "--no-session-persistence can only be used with --print mode.",
    );
  }
  // The binary parses --json-schema only in print mode; interactive sessions ignore it.
  if (inv.jsonSchema !== undefined && inv.print) await checkJsonSchema(inv.jsonSchema, fail);
  if (inv.sessionId !== undefined && (inv.resume !== undefined || inv.continue) && !inv.forkSession) {
    fail(
      "session_id_with_resume_requires_fork_session",
      "--session-id can only be used with --continue or --resume if --fork-session is also specified.",
    );
  }
  // Checked last: after the session is loaded, before the main loop starts.
  if (inv.print && streamOut && !inv.verbose) {
    fail(
      "stream_json_output_requires_verbose",
      "When using --print, --output-format=stream-json requires --verbose",
    );
  }
  return out;
}

/** Throws FlagRuleError naming the first broken rule (and listing the others). */
export async function validateCliInvocation(inv: CliInvocation): Promise<void> {
  const violations = await checkCliInvocation(inv);
  const [first, ...rest] = violations;
  if (first) throw new FlagRuleError([first, ...rest]);
}

let metaValidator: Ajv | undefined;

/** The Ajv that checks a --json-schema, imported only when one is given (see checkCliInvocation). */
async function loadMetaValidator(): Promise<Ajv> {
  const { createAjv } = await import("../json-schema/create-ajv.js");
  return createAjv({ schemas: "foreign", firstErrorOnly: true, skipMetaValidation: true });
}

async function checkJsonSchema(
  input: unknown,
  fail: (rule: FlagRuleViolation["rule"], message: string) => void,
): Promise<void> {
  let schema = input;
  if (typeof input === "string") {
    try {
      schema = JSON.parse(input);
    } catch (error) {
      // The parser's own wording differs between engines (the CLI runs on JavaScriptCore).
      fail(
        "json_schema_invalid_json",
        `--json-schema is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    fail("json_schema_must_be_object", "--json-schema must be a JSON object");
    return;
  }
  metaValidator ??= await loadMetaValidator();
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
      `--json-schema is not a valid JSON Schema: ${metaValidator.errorsText(metaValidator.errors)}`,
    );
  }
}
