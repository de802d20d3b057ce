// The seed's tables, transcribed a second time here, must match the constants one-to-one.
import { describe, expect, it } from "vitest";
import {
  CONTROL_REQUEST_SUBTYPES,
  CONTROL_RESPONSE_VERDICTS,
  CORE_STDOUT_FRAME_TYPES,
  EXTRA_STDOUT_FRAME_TYPES,
  isControlRequestSubtype,
  OBSERVED_SUBTYPES,
  RESULT_ERROR_SUBTYPES,
  STDIN_FRAME_TYPES,
  SYSTEM_SUBTYPES,
  WORKER_ONLY_CONTROL_SUBTYPES,
} from "../../src/protocol/index.js";

const SEED_LOOP_TO_CLIENT = [
  "can_use_tool",
  "hook_callback",
  "oauth_token_refresh",
  "host_auth_token_refresh",
  "elicitation",
  "request_user_dialog",
];
const SEED_BOTH = ["mcp_message"];

describe("seed: 42 schema'd control request subtypes", () => {
  const entries = Object.entries(CONTROL_REQUEST_SUBTYPES);
  const by = (direction: string) => entries.filter(([, d]) => d === direction).map(([s]) => s);

  it("has exactly 42 entries split 35 client -> loop, 6 loop -> client, 1 both", () => {
    expect(entries).toHaveLength(42);
    expect(by("client_to_loop")).toHaveLength(35);
    expect(by("loop_to_client")).toHaveLength(6);
    expect(by("both")).toHaveLength(1);
  });

  it("assigns the seed's direction to each loop -> client and both subtype", () => {
    expect(by("loop_to_client").sort()).toEqual([...SEED_LOOP_TO_CLIENT].sort());
    expect(by("both")).toEqual(SEED_BOTH);
  });

  it("lists the client -> loop subtypes of the seed's table", () => {
    for (const subtype of [
      "initialize",
      "interrupt",
      "set_color",
      "get_binary_version",
      "mcp_call",
      "submit_feedback",
    ]) {
      expect(CONTROL_REQUEST_SUBTYPES[subtype as keyof typeof CONTROL_REQUEST_SUBTYPES]).toBe(
        "client_to_loop",
      );
    }
  });

  it("keeps the 16 string-only worker branches out of the schema'd 42 (union is 58)", () => {
    expect(WORKER_ONLY_CONTROL_SUBTYPES).toHaveLength(16);
    for (const subtype of WORKER_ONLY_CONTROL_SUBTYPES) expect(isControlRequestSubtype(subtype)).toBe(false);
    expect(new Set([...Object.keys(CONTROL_REQUEST_SUBTYPES), ...WORKER_ONLY_CONTROL_SUBTYPES]).size).toBe(
      58,
    );
  });

  it("does not treat prototype keys as subtypes", () => {
    expect(isControlRequestSubtype("toString")).toBe(false);
    expect(isControlRequestSubtype("constructor")).toBe(false);
  });
});

describe("seed: 46 observed subtypes and the result enum", () => {
  it("has 45 unique system subtypes, plus result success makes 46", () => {
    expect(new Set(SYSTEM_SUBTYPES).size).toBe(45);
    expect(SYSTEM_SUBTYPES).not.toContain("success");
    expect(OBSERVED_SUBTYPES).toHaveLength(46);
    expect(OBSERVED_SUBTYPES.at(-1)).toBe("success");
  });

  it("has the four result error subtypes", () => {
    expect([...RESULT_ERROR_SUBTYPES].sort()).toEqual(
      [
        "error_during_execution",
        "error_max_budget_usd",
        "error_max_structured_output_retries",
        "error_max_turns",
      ].sort(),
    );
  });

  it("reproduces the 89-subtype inventory arithmetic: 42 + 2 + 46 - 1 (success overlap) = 89", () => {
    const union = new Set<string>([
      ...Object.keys(CONTROL_REQUEST_SUBTYPES),
      ...CONTROL_RESPONSE_VERDICTS,
      ...OBSERVED_SUBTYPES,
    ]);
    expect(union.size).toBe(89);
  });

  it("contains the subtypes the probes observed on the real CLI", () => {
    for (const subtype of [
      "init",
      "status",
      "api_retry",
      "control_request_progress",
      "model_refusal_fallback",
    ]) {
      expect(SYSTEM_SUBTYPES).toContain(subtype);
    }
  });
});

describe("seed: stdout and stdin envelopes", () => {
  it("has the ten stdout table types and the nine extra types", () => {
    expect(CORE_STDOUT_FRAME_TYPES).toEqual([
      "assistant",
      "user",
      "stream_event",
      "system",
      "tool_progress",
      "result",
      "control_request",
      "control_response",
      "control_cancel_request",
      "keep_alive",
    ]);
    expect([...EXTRA_STDOUT_FRAME_TYPES].sort()).toEqual(
      [
        "auth_status",
        "tool_use_summary",
        "rate_limit_event",
        "prompt_suggestion",
        "conversation_reset",
        "command_lifecycle",
        "transcript_mirror",
        "active_goal",
        "autocompact_state",
      ].sort(),
    );
  });

  it("lists the stdin frame types the seed allows", () => {
    expect([...STDIN_FRAME_TYPES].sort()).toEqual(
      [
        "user",
        "bash_command",
        "control_request",
        "control_response",
        "control_cancel_request",
        "update_environment_variables",
        "queued_notification",
        "session_notice",
      ].sort(),
    );
  });
});
