import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  checkCliInvocation,
  cliInvocationFromArgv,
  type FlagRule,
  type FlagRuleViolation,
} from "../../src/protocol/index.js";
import { type ClaudeRunResult, runClaude, runClaudeInTerminal } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

interface RuleCase {
  rule: FlagRule;
  argv: string[];
  /** Run on a pseudo-terminal: outside print mode (with pipes the CLI is always in print mode). */
  terminal?: boolean;
  stdin?: string;
}

const streamIn = `${JSON.stringify(userFrame("hi"))}\n`;
const anthropicSdkUrl = "https://api.anthropic.com/v1/sessions/cse_conformance";

// Every flag rule of src/protocol, each broken alone. The binary's own message must be the one
// checkCliInvocation predicts for the same argv, so the validator cannot drift from the binary.
const RULE_CASES: RuleCase[] = [
  { rule: "input_format_choice", argv: ["-p", "hi", "--input-format", "xml"] },
  { rule: "output_format_choice", argv: ["-p", "hi", "--output-format", "xml"] },
  {
    rule: "stream_json_input_requires_stream_json_output",
    argv: ["-p", "--input-format", "stream-json", "--output-format", "json"],
    stdin: streamIn,
  },
  {
    rule: "stream_json_input_requires_print",
    argv: ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
    terminal: true,
  },
  {
    rule: "sdk_url_requires_stream_json",
    argv: [
      "-p",
      "--sdk-url",
      anthropicSdkUrl,
      "--input-format",
      "text",
      "--output-format",
      "stream-json",
      "--verbose",
    ],
  },
  {
    rule: "replay_user_messages_requires_stream_json",
    argv: ["-p", "hi", "--replay-user-messages", "--output-format", "stream-json", "--verbose"],
  },
  {
    rule: "prompt_suggestions_requires_print_stream_json",
    argv: ["-p", "hi", "--prompt-suggestions", "--output-format", "json"],
  },
  {
    rule: "include_partial_messages_requires_print_stream_json",
    argv: ["-p", "hi", "--include-partial-messages", "--output-format", "json"],
  },
  {
    rule: "forward_subagent_text_requires_print_stream_json",
    argv: ["-p", "hi", "--forward-subagent-text", "--output-format", "json"],
  },
  { rule: "no_session_persistence_requires_print", argv: ["--no-session-persistence"], terminal: true },
  { rule: "json_schema_invalid_json", argv: ["-p", "hi", "--output-format", "json", "--json-schema", "{"] },
  {
    rule: "json_schema_must_be_object",
    argv: ["-p", "hi", "--output-format", "json", "--json-schema", "[1]"],
  },
  {
    rule: "json_schema_invalid_schema",
    argv: ["-p", "hi", "--output-format", "json", "--json-schema", '{"type":"nope"}'],
  },
  {
    rule: "session_id_with_resume_requires_fork_session",
    argv: ["-p", "hi", "--output-format", "json", "--session-id", randomUUID(), "--resume", randomUUID()],
  },
  { rule: "stream_json_output_requires_verbose", argv: ["-p", "hi", "--output-format", "stream-json"] },
];

/** The part of a message both sides word the same (the JSON parser's own text differs by engine). */
function portableMessage(violation: FlagRuleViolation): string {
  return violation.rule === "json_schema_invalid_json"
    ? "--json-schema is not valid JSON: "
    : violation.message;
}

describe("flag rules: each one the binary's own start-up error (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  const runs = new Map<FlagRule, ClaudeRunResult>();
  beforeAll(async () => {
    fixture = await startScriptedClaude([]);
    // One at a time: start-up rejections are cheap, but each is still a 350 MB process.
    for (const c of RULE_CASES) {
      const options = { env: fixture.env, cwd: fixture.cwd, ...(c.stdin ? { stdin: c.stdin } : {}) };
      runs.set(
        c.rule,
        c.terminal ? await runClaudeInTerminal(c.argv, options) : await runClaude(c.argv, options),
      );
    }
  });
  afterAll(() => fixture.close());

  it("covers every rule the validator knows", () => {
    const every: FlagRule[] = [
      "input_format_choice",
      "output_format_choice",
      "stream_json_input_requires_stream_json_output",
      "stream_json_input_requires_print",
      "sdk_url_requires_stream_json",
      "replay_user_messages_requires_stream_json",
      "prompt_suggestions_requires_print_stream_json",
      "include_partial_messages_requires_print_stream_json",
      "forward_subagent_text_requires_print_stream_json",
      "no_session_persistence_requires_print",
      "json_schema_invalid_json",
      "json_schema_must_be_object",
      "json_schema_invalid_schema",
      "session_id_with_resume_requires_fork_session",
      "stream_json_output_requires_verbose",
    ];
    expect(RULE_CASES.map((c) => c.rule).sort()).toEqual([...every].sort());
  });

  for (const c of RULE_CASES) {
    it(`${c.rule}: the validator names it first and the CLI exits 1 with the same message`, async () => {
      const violations = await checkCliInvocation(
        cliInvocationFromArgv(c.argv, { terminal: c.terminal === true }),
      );
      expect(violations[0]?.rule).toBe(c.rule);
      const run = runs.get(c.rule);
      expect(run?.code).toBe(1);
      const output = `${run?.stdout ?? ""}${run?.stderr ?? ""}`;
      expect(output).toContain(portableMessage(violations[0] as FlagRuleViolation));
    });
  }

  it("none of the rejected invocations reached the model", () => {
    expect(fixture.api.mainRequests).toHaveLength(0);
  });
});

describe("flags the binary accepts, although an earlier validator refused them (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  beforeAll(async () => {
    fixture = await startScriptedClaude([{ kind: "text", text: "forked nothing" }]);
  });
  afterAll(() => fixture.close());

  it("--fork-session without --resume or --continue runs a normal session", async () => {
    const argv = ["-p", "hi", "--output-format", "json", "--fork-session"];
    expect(await checkCliInvocation(cliInvocationFromArgv(argv, { terminal: false }))).toEqual([]);
    const run = await runClaude(argv, { env: fixture.env, cwd: fixture.cwd });
    expect(run.code).toBe(0);
    expect(run.frames[0]).toMatchObject({ type: "result", subtype: "success", result: "forked nothing" });
  });

  it("--resume with an unknown session id fails after start-up, naming the id", async () => {
    const id = randomUUID();
    const run = await runClaude(["-p", "hi", "--output-format", "json", "--resume", id], {
      env: fixture.env,
      cwd: fixture.cwd,
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(`No conversation found with session ID: ${id}`);
  });
});
