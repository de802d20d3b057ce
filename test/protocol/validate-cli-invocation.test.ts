import { describe, expect, it } from "vitest";
import {
  type CliInvocation,
  checkCliInvocation,
  FlagRuleError,
  validateCliInvocation,
} from "../../src/protocol/index.js";

const sdk: CliInvocation = {
  print: true,
  inputFormat: "stream-json",
  outputFormat: "stream-json",
  verbose: true,
};

function ruleOf(inv: CliInvocation): string | undefined {
  try {
    validateCliInvocation(inv);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(FlagRuleError);
    return (error as FlagRuleError).rule;
  }
}

describe("validateCliInvocation: the seed's input/output format matrix", () => {
  const cases: Array<[string, CliInvocation, string | undefined]> = [
    [
      "text -> text (default)",
      { print: true, inputFormat: "text", outputFormat: "text", verbose: false },
      undefined,
    ],
    ["text -> json", { print: true, inputFormat: "text", outputFormat: "json", verbose: false }, undefined],
    [
      "text -> json --verbose",
      { print: true, inputFormat: "text", outputFormat: "json", verbose: true },
      undefined,
    ],
    [
      "text -> stream-json --verbose",
      { print: true, inputFormat: "text", outputFormat: "stream-json", verbose: true },
      undefined,
    ],
    [
      "text -> stream-json without --verbose",
      { print: true, inputFormat: "text", outputFormat: "stream-json", verbose: false },
      "stream_json_output_requires_verbose",
    ],
    [
      "text -> stream-json without --print",
      { print: false, inputFormat: "text", outputFormat: "stream-json", verbose: true },
      "stream_json_requires_print",
    ],
    ["stream-json -> stream-json", sdk, undefined],
    [
      "stream-json -> text",
      { ...sdk, outputFormat: "text" },
      "stream_json_input_requires_stream_json_output",
    ],
    [
      "stream-json -> json",
      { ...sdk, outputFormat: "json" },
      "stream_json_input_requires_stream_json_output",
    ],
    ["stream-json without --print", { ...sdk, print: false }, "stream_json_requires_print"],
    ["unknown output format", { ...sdk, outputFormat: "yaml" as never }, "output_format_choice"],
    ["unknown input format", { ...sdk, inputFormat: "xml" as never }, "input_format_choice"],
  ];
  for (const [name, inv, rule] of cases) {
    it(`${name}: ${rule ?? "accepted"}`, () => {
      expect(ruleOf(inv)).toBe(rule);
    });
  }

  it("uses the real CLI's wording for the two errors observed on 2.1.235", () => {
    expect(() =>
      validateCliInvocation({
        print: true,
        inputFormat: "text",
        outputFormat: "stream-json",
        verbose: false,
      }),
    ).toThrow("When using --print, --output-format=stream-json requires --verbose");
    expect(() => validateCliInvocation({ ...sdk, outputFormat: "json" })).toThrow(
      "--input-format=stream-json requires output-format=stream-json.",
    );
  });
});

describe("validateCliInvocation: further constraints", () => {
  it("--replay-user-messages needs stream-json in and out", () => {
    expect(ruleOf({ ...sdk, replayUserMessages: true })).toBeUndefined();
    expect(ruleOf({ ...sdk, inputFormat: "text", replayUserMessages: true })).toBe(
      "replay_user_messages_requires_stream_json",
    );
  });

  it("--include-partial-messages, --forward-subagent-text and --prompt-suggestions need print + stream-json output", () => {
    const textOut: CliInvocation = { print: true, inputFormat: "text", outputFormat: "json", verbose: true };
    expect(ruleOf({ ...sdk, includePartialMessages: true })).toBeUndefined();
    expect(ruleOf({ ...textOut, includePartialMessages: true })).toBe(
      "include_partial_messages_requires_print_stream_json",
    );
    expect(ruleOf({ ...textOut, forwardSubagentText: true })).toBe(
      "forward_subagent_text_requires_print_stream_json",
    );
    expect(ruleOf({ ...textOut, promptSuggestions: true })).toBe(
      "prompt_suggestions_requires_print_stream_json",
    );
    expect(
      ruleOf({
        print: true,
        inputFormat: "text",
        outputFormat: "stream-json",
        verbose: true,
        includePartialMessages: true,
      }),
    ).toBe(undefined);
  });

  it("--sdk-url needs stream-json in and out", () => {
    expect(ruleOf({ ...sdk, sdkUrl: "wss://x" })).toBeUndefined();
    expect(
      ruleOf({
        print: true,
        inputFormat: "text",
        outputFormat: "stream-json",
        verbose: true,
        sdkUrl: "wss://x",
      }),
    ).toBe("sdk_url_requires_stream_json");
  });

  it("--json-schema must be a JSON object: strings, arrays, invalid JSON and invalid schemas fail", () => {
    const base: CliInvocation = { print: true, inputFormat: "text", outputFormat: "json", verbose: false };
    expect(
      ruleOf({ ...base, jsonSchema: { type: "object", properties: { n: { type: "number" } } } }),
    ).toBeUndefined();
    expect(ruleOf({ ...base, jsonSchema: '{"type":"object"}' })).toBeUndefined();
    expect(ruleOf({ ...base, jsonSchema: '"a string"' })).toBe("json_schema_must_be_object");
    expect(ruleOf({ ...base, jsonSchema: "[1,2]" })).toBe("json_schema_must_be_object");
    expect(ruleOf({ ...base, jsonSchema: [{ type: "object" }] })).toBe("json_schema_must_be_object");
    expect(ruleOf({ ...base, jsonSchema: null })).toBe("json_schema_must_be_object");
    expect(ruleOf({ ...base, jsonSchema: "{type: object}" })).toBe("json_schema_invalid_json");
    expect(ruleOf({ ...base, jsonSchema: { type: 5 } })).toBe("json_schema_invalid_schema");
    expect(() => validateCliInvocation({ ...base, jsonSchema: [1] })).toThrow(
      "--json-schema must be a JSON object; got an array",
    );
  });

  it("--fork-session needs --resume or --continue", () => {
    expect(ruleOf({ ...sdk, forkSession: true })).toBe("fork_session_requires_resume");
    expect(ruleOf({ ...sdk, forkSession: true, resume: "5b0c7a3e" })).toBeUndefined();
    expect(ruleOf({ ...sdk, forkSession: true, continue: true })).toBeUndefined();
  });

  it("reports every broken rule, the first one as .rule, all named in the message", () => {
    const inv: CliInvocation = {
      print: true,
      inputFormat: "stream-json",
      outputFormat: "json",
      verbose: false,
      replayUserMessages: true,
      forkSession: true,
    };
    expect(checkCliInvocation(inv).map((v) => v.rule)).toEqual([
      "stream_json_input_requires_stream_json_output",
      "replay_user_messages_requires_stream_json",
      "fork_session_requires_resume",
    ]);
    const error = (() => {
      try {
        validateCliInvocation(inv);
      } catch (e) {
        return e as FlagRuleError;
      }
      throw new Error("expected a FlagRuleError");
    })();
    expect(error.rule).toBe("stream_json_input_requires_stream_json_output");
    expect(error.violations).toHaveLength(3);
    expect(error.message).toContain("[rule: fork_session_requires_resume]");
  });
});
