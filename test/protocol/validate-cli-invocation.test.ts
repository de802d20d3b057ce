import { describe, expect, it } from "vitest";
import {
  type CliInvocation,
  checkCliInvocation,
  cliInvocationFromArgv,
  FlagRuleError,
  validateCliInvocation,
} from "../../src/protocol/index.js";

const sdk: CliInvocation = {
  print: true,
  inputFormat: "stream-json",
  outputFormat: "stream-json",
  verbose: true,
};

async function ruleOf(inv: CliInvocation): Promise<string | undefined> {
  try {
    await validateCliInvocation(inv);
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
      // Not a rule: outside print mode the CLI starts its interactive UI.
      "text -> stream-json outside print mode",
      { print: false, inputFormat: "text", outputFormat: "stream-json", verbose: false },
      undefined,
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
    ["stream-json input outside print mode", { ...sdk, print: false }, "stream_json_input_requires_print"],
    ["unknown output format", { ...sdk, outputFormat: "yaml" as never }, "output_format_choice"],
    ["unknown input format", { ...sdk, inputFormat: "xml" as never }, "input_format_choice"],
  ];
  for (const [name, inv, rule] of cases) {
    it(`${name}: ${rule ?? "accepted"}`, async () => {
      expect(await ruleOf(inv)).toBe(rule);
    });
  }

  it("uses the real CLI's wording for the two errors observed on 2.1.235", async () => {
    await expect(
      validateCliInvocation({
        print: true,
        inputFormat: "text",
        outputFormat: "stream-json",
        verbose: false,
      }),
    ).rejects.toThrow("When using --print, --output-format=stream-json requires --verbose");
    await expect(validateCliInvocation({ ...sdk, outputFormat: "json" })).rejects.toThrow(
      "--input-format=stream-json requires output-format=stream-json.",
    );
  });
});

describe("validateCliInvocation: further constraints", () => {
  it("--replay-user-messages needs stream-json in and out", async () => {
    expect(await ruleOf({ ...sdk, replayUserMessages: true })).toBeUndefined();
    expect(await ruleOf({ ...sdk, inputFormat: "text", replayUserMessages: true })).toBe(
      "replay_user_messages_requires_stream_json",
    );
  });

  it("--include-partial-messages, --forward-subagent-text and --prompt-suggestions need print + stream-json output", async () => {
    const textOut: CliInvocation = { print: true, inputFormat: "text", outputFormat: "json", verbose: true };
    expect(await ruleOf({ ...sdk, includePartialMessages: true })).toBeUndefined();
    expect(await ruleOf({ ...textOut, includePartialMessages: true })).toBe(
      "include_partial_messages_requires_print_stream_json",
    );
    expect(await ruleOf({ ...textOut, forwardSubagentText: true })).toBe(
      "forward_subagent_text_requires_print_stream_json",
    );
    expect(await ruleOf({ ...textOut, promptSuggestions: true })).toBe(
      "prompt_suggestions_requires_print_stream_json",
    );
    expect(
      await ruleOf({
        print: true,
        inputFormat: "text",
        outputFormat: "stream-json",
        verbose: true,
        includePartialMessages: true,
      }),
    ).toBe(undefined);
  });

  it("--sdk-url needs stream-json in and out", async () => {
    expect(await ruleOf({ ...sdk, sdkUrl: "wss://x" })).toBeUndefined();
    expect(
      await ruleOf({
        print: true,
        inputFormat: "text",
        outputFormat: "stream-json",
        verbose: true,
        sdkUrl: "wss://x",
      }),
    ).toBe("sdk_url_requires_stream_json");
  });

  it("--json-schema must be a JSON object: strings, arrays, invalid JSON and invalid schemas fail", async () => {
    const base: CliInvocation = { print: true, inputFormat: "text", outputFormat: "json", verbose: false };
    expect(
      await ruleOf({ ...base, jsonSchema: { type: "object", properties: { n: { type: "number" } } } }),
    ).toBeUndefined();
    expect(await ruleOf({ ...base, jsonSchema: '{"type":"object"}' })).toBeUndefined();
    expect(await ruleOf({ ...base, jsonSchema: '"a string"' })).toBe("json_schema_must_be_object");
    expect(await ruleOf({ ...base, jsonSchema: "[1,2]" })).toBe("json_schema_must_be_object");
    expect(await ruleOf({ ...base, jsonSchema: [{ type: "object" }] })).toBe("json_schema_must_be_object");
    expect(await ruleOf({ ...base, jsonSchema: null })).toBe("json_schema_must_be_object");
    expect(await ruleOf({ ...base, jsonSchema: "{type: object}" })).toBe("json_schema_invalid_json");
    expect(await ruleOf({ ...base, jsonSchema: { type: 5 } })).toBe("json_schema_invalid_schema");
    await expect(validateCliInvocation({ ...base, jsonSchema: [1] })).rejects.toThrow(
      "--json-schema must be a JSON object",
    );
    await expect(validateCliInvocation({ ...base, jsonSchema: { type: "nope" } })).rejects.toThrow(
      "--json-schema is not a valid JSON Schema: data/type must be equal to one of the allowed values",
    );
    // Interactive sessions never parse --json-schema.
    expect(await ruleOf({ ...base, print: false, jsonSchema: "[1]" })).toBeUndefined();
  });

  it("--fork-session alone is accepted (the binary has no such rule); --session-id with --resume needs it", async () => {
    expect(await ruleOf({ ...sdk, forkSession: true })).toBeUndefined();
    expect(await ruleOf({ ...sdk, sessionId: "s", resume: "5b0c7a3e" })).toBe(
      "session_id_with_resume_requires_fork_session",
    );
    expect(await ruleOf({ ...sdk, sessionId: "s", continue: true })).toBe(
      "session_id_with_resume_requires_fork_session",
    );
    expect(await ruleOf({ ...sdk, sessionId: "s", resume: "5b0c7a3e", forkSession: true })).toBeUndefined();
    expect(await ruleOf({ ...sdk, sessionId: "s" })).toBeUndefined();
  });

  it("--no-session-persistence only in print mode", async () => {
    expect(await ruleOf({ ...sdk, noSessionPersistence: true })).toBeUndefined();
    expect(
      await ruleOf({
        print: false,
        inputFormat: "text",
        outputFormat: "text",
        verbose: false,
        noSessionPersistence: true,
      }),
    ).toBe("no_session_persistence_requires_print");
  });

  it("reports every broken rule, the first one as .rule, all named in the message", async () => {
    const inv: CliInvocation = {
      print: true,
      inputFormat: "stream-json",
      outputFormat: "json",
      verbose: false,
      replayUserMessages: true,
      sessionId: "s",
      continue: true,
    };
    expect((await checkCliInvocation(inv)).map((v) => v.rule)).toEqual([
      "stream_json_input_requires_stream_json_output",
      "replay_user_messages_requires_stream_json",
      "session_id_with_resume_requires_fork_session",
    ]);
    const error = await (async () => {
      try {
        await validateCliInvocation(inv);
      } catch (e) {
        return e as FlagRuleError;
      }
      throw new Error("expected a FlagRuleError");
    })();
    expect(error.rule).toBe("stream_json_input_requires_stream_json_output");
    expect(error.violations).toHaveLength(3);
    expect(error.message).toContain("[rule: session_id_with_resume_requires_fork_session]");
  });
});

describe("cliInvocationFromArgv: the argv the runner really spawns", () => {
  it("reads the runner's argv (no -p, pipes) as print mode with stream-json in and out", async () => {
    const argv = [
      "--input-format",
      "stream-json",
      "--output-format",
      "stream-json",
      "--verbose",
      "--settings",
      "--verbose-looking value",
      "--json-schema",
      '{"type":"object"}',
      "--resume",
      "abc",
      "--fork-session",
      "--include-partial-messages",
    ];
    expect(cliInvocationFromArgv(argv, { terminal: false })).toEqual({
      print: true,
      inputFormat: "stream-json",
      outputFormat: "stream-json",
      verbose: true,
      includePartialMessages: true,
      jsonSchema: '{"type":"object"}',
      resume: "abc",
      forkSession: true,
    });
    expect(await checkCliInvocation(cliInvocationFromArgv(argv, { terminal: false }))).toEqual([]);
    expect(cliInvocationFromArgv(argv, { terminal: true }).print).toBe(false);
  });

  it("defaults to text in and out, honours -p, -r, -c, --sdk-url and --prompt-suggestions values", () => {
    expect(cliInvocationFromArgv(["-p", "hi"], { terminal: true })).toEqual({
      print: true,
      inputFormat: "text",
      outputFormat: "text",
      verbose: false,
    });
    expect(cliInvocationFromArgv(["-c", "-r", "x", "--session-id", "s"], { terminal: false })).toMatchObject({
      continue: true,
      resume: "x",
      sessionId: "s",
    });
    expect(cliInvocationFromArgv(["--sdk-url", "wss://h"], { terminal: false })).toMatchObject({
      inputFormat: "stream-json",
      sdkUrl: "wss://h",
    });
    expect(cliInvocationFromArgv(["--prompt-suggestions"], { terminal: false }).promptSuggestions).toBe(true);
    expect(cliInvocationFromArgv(["--prompt-suggestions=off"], { terminal: false }).promptSuggestions).toBe(
      undefined,
    );
    expect(
      cliInvocationFromArgv(
        ["--no-session-persistence", "--replay-user-messages", "--forward-subagent-text"],
        {
          terminal: false,
        },
      ),
    ).toMatchObject({ noSessionPersistence: true, replayUserMessages: true, forwardSubagentText: true });
  });
});
