/** The names of the CLI flag rules (seed: "入口与格式矩阵" and its "进一步约束"). */
export type FlagRule =
  | "input_format_choice"
  | "output_format_choice"
  | "stream_json_requires_print"
  | "stream_json_output_requires_verbose"
  | "stream_json_input_requires_stream_json_output"
  | "replay_user_messages_requires_stream_json"
  | "include_partial_messages_requires_print_stream_json"
  | "forward_subagent_text_requires_print_stream_json"
  | "prompt_suggestions_requires_print_stream_json"
  | "sdk_url_requires_stream_json"
  | "json_schema_invalid_json"
  | "json_schema_must_be_object"
  | "json_schema_invalid_schema"
  | "fork_session_requires_resume";

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
