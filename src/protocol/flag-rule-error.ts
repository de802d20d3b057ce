/**
 * The names of the CLI's start-up flag rules. Every one is enforced by the 2.1.235 binary with the
 * message kept in `validate-cli-invocation.ts`; `test/conformance/flag-rules.test.ts` shows the
 * binary's own error for each (docs/protocol.md, "Flag rules").
 */
export type FlagRule =
  | "input_format_choice"
  | "output_format_choice"
  | "stream_json_input_requires_stream_json_output"
  | "stream_json_input_requires_print"
  | "sdk_url_requires_stream_json"
  | "replay_user_messages_requires_stream_json"
  | "prompt_suggestions_requires_print_stream_json"
  | "include_partial_messages_requires_print_stream_json"
  | "forward_subagent_text_requires_print_stream_json"
  | "no_session_persistence_requires_print"
  | "json_schema_invalid_json"
  | "json_schema_must_be_object"
  | "json_schema_invalid_schema"
  | "session_id_with_resume_requires_fork_session"
  | "stream_json_output_requires_verbose";

export interface FlagRuleViolation {
  rule: FlagRule;
  message: string;
}

/** A requested CLI invocation breaks a flag rule; thrown before anything is spawned. */
export class FlagRuleError extends Error {
  override readonly name = "FlagRuleError";
  readonly rule: FlagRule;
  /** Every rule the invocation breaks, the first of which is `rule`. */
  readonly violations: readonly FlagRuleViolation[];

  constructor(violations: readonly [FlagRuleViolation, ...FlagRuleViolation[]]) {
    const [first, ...rest] = violations;
    super(
      rest.length === 0
        ? `${first.message} [rule: ${first.rule}]`
        : `${first.message} [rule: ${first.rule}]; also: ${rest.map((v) => `${v.message} [rule: ${v.rule}]`).join("; ")}`,
    );
    this.rule = first.rule;
    this.violations = violations;
  }
}
