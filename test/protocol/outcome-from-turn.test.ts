import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { outcomeFromTurn, parseStdoutFrame, type StdoutFrame } from "../../src/protocol/index.js";

const recorded: StdoutFrame[] = readFileSync(
  new URL("./fixtures/stream-json-turn.ndjson", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((l) => l.length > 0)
  .map((l) => parseStdoutFrame(JSON.parse(l)));

const result = (fields: Record<string, unknown>): StdoutFrame =>
  parseStdoutFrame({
    type: "result",
    subtype: "success",
    is_error: false,
    session_id: "s-1",
    total_cost_usd: 0.5,
    usage: { input_tokens: 10, output_tokens: 2 },
    num_turns: 1,
    permission_denials: [],
    ...fields,
  });

describe("outcomeFromTurn", () => {
  it("a recorded successful turn exits 0 and carries cost, usage, turns and text", () => {
    const outcome = outcomeFromTurn(recorded, { transportClosed: true });
    expect(outcome).toMatchObject({
      subtype: "success",
      isError: false,
      exitCode: 0,
      resultText: "Looks good. 看起来不错 ✅",
      sessionId: "5b0c7a3e-2f7d-4f3a-9d2b-7c1e8f9a0b1c",
      totalCostUsd: 0.0123,
      numTurns: 2,
      permissionDenials: [],
      errors: [],
      usage: { input_tokens: 52, output_tokens: 38 },
      durationMs: 4210,
      stopReason: "end_turn",
      terminalReason: "completed",
    });
    expect(outcome.reason).toBeUndefined();
    expect(outcome.apiErrorStatus).toBeUndefined();
  });

  it("treats success with is_error true (API error text in result) as a failure with exit 1", () => {
    const outcome = outcomeFromTurn(
      [result({ is_error: true, api_error_status: 400, result: "API Error: 400 invalid_request_error" })],
      { transportClosed: true },
    );
    expect(outcome).toMatchObject({ subtype: "success", isError: true, exitCode: 1, apiErrorStatus: 400 });
    expect(outcome.reason).toBe(
      "the model API returned an error (HTTP 400): API Error: 400 invalid_request_error",
    );
  });

  it("fails each of the four error subtypes even if is_error were false, with the CLI's errors", () => {
    for (const subtype of [
      "error_during_execution",
      "error_max_turns",
      "error_max_budget_usd",
      "error_max_structured_output_retries",
    ]) {
      const outcome = outcomeFromTurn(
        [result({ subtype, is_error: false, errors: ["Reached maximum number of turns (1)"] })],
        {
          transportClosed: false,
        },
      );
      expect(outcome.isError).toBe(true);
      expect(outcome.exitCode).toBe(1);
      expect(outcome.subtype).toBe(subtype);
      expect(outcome.errors).toEqual(["Reached maximum number of turns (1)"]);
      expect(outcome.reason).toContain("Reached maximum number of turns (1)");
    }
  });

  it("names the failure of each error subtype in its own words, with or without the CLI's detail", () => {
    const expected: Record<string, string> = {
      error_during_execution: "the turn failed during execution (interrupted or crashed)",
      error_max_turns: "the turn hit the --max-turns limit",
      error_max_budget_usd: "the turn hit the --max-budget-usd limit",
      error_max_structured_output_retries:
        "the model did not produce valid structured output within the retry limit",
    };
    for (const [subtype, words] of Object.entries(expected)) {
      const bare = outcomeFromTurn([result({ subtype, is_error: true, errors: [], result: undefined })], {
        transportClosed: true,
      });
      expect(bare.reason).toBe(words);
      const detailed = outcomeFromTurn([result({ subtype, is_error: true, errors: ["a", 7, "b"] })], {
        transportClosed: true,
      });
      expect(detailed.reason).toBe(`${words}: a; b`);
      expect(detailed.errors).toEqual(["a", "b"]);
      const fromText = outcomeFromTurn([result({ subtype, is_error: true, result: "text detail" })], {
        transportClosed: true,
      });
      expect(fromText.reason).toBe(`${words}: text detail`);
    }
    const apiError = outcomeFromTurn([result({ is_error: true, result: undefined })], {
      transportClosed: true,
    });
    expect(apiError.reason).toBe("the model API returned an error");
  });

  it("predicts exit 143 after SIGTERM, with or without a result (the CLI exits 128 + 15)", () => {
    const interrupted = result({ subtype: "error_during_execution", is_error: true });
    expect(outcomeFromTurn([interrupted], { transportClosed: true, sigterm: true }).exitCode).toBe(143);
    expect(outcomeFromTurn([], { transportClosed: true, sigterm: true }).exitCode).toBe(143);
    expect(outcomeFromTurn([interrupted], { transportClosed: true }).exitCode).toBe(1);
    expect(outcomeFromTurn([result({})], { transportClosed: true, sigterm: false }).exitCode).toBe(0);
  });

  it("counts several API retries in the no-result reason and leaves the status out when it is null", () => {
    const retry = (error_status: number | null) =>
      parseStdoutFrame({
        type: "system",
        subtype: "api_retry",
        attempt: 1,
        max_retries: 10,
        retry_delay_ms: 500,
        error_status,
        error: "unknown",
      });
    const outcome = outcomeFromTurn([retry(500), retry(null)], { transportClosed: true });
    expect(outcome.reason).toBe(
      "the CLI closed its output without a result after 2 API retries (last: unknown, HTTP n/a)",
    );
    expect(outcome.apiErrorStatus).toBeUndefined();
    expect(outcome.sessionId).toBeUndefined();
  });

  it("leaves out every field the frames do not carry, and reads init and api_retry only from system frames", () => {
    const lookalikes = [
      parseStdoutFrame({
        type: "assistant",
        subtype: "init",
        session_id: "not-system",
        message: { content: [] },
      }),
      parseStdoutFrame({ type: "assistant", subtype: "api_retry", error: "x", message: { content: [] } }),
      parseStdoutFrame({ type: "system", subtype: "init", session_id: 7 }),
    ];
    expect(outcomeFromTurn(lookalikes, { transportClosed: true })).toStrictEqual({
      subtype: "no_result",
      isError: true,
      exitCode: 1,
      totalCostUsd: 0,
      numTurns: 0,
      permissionDenials: [],
      errors: [],
      reason: "the CLI closed its output without a result",
    });
    const bare = parseStdoutFrame({
      type: "result",
      subtype: "success",
      is_error: false,
      session_id: 5,
      result: 9,
      usage: "none",
    });
    const init = parseStdoutFrame({ type: "system", subtype: "init", session_id: "from-init" });
    expect(outcomeFromTurn([init, bare], { transportClosed: true })).toStrictEqual({
      subtype: "success",
      isError: false,
      exitCode: 0,
      totalCostUsd: 0,
      numTurns: 0,
      permissionDenials: [],
      errors: [],
      sessionId: "from-init",
    });
    expect(outcomeFromTurn([bare], { transportClosed: true })).not.toHaveProperty("sessionId");
    // The result's own session id wins over the init frame's.
    const own = parseStdoutFrame({
      type: "result",
      subtype: "success",
      is_error: false,
      session_id: "from-result",
    });
    expect(outcomeFromTurn([init, own], { transportClosed: true }).sessionId).toBe("from-result");
    const failedWithoutText = parseStdoutFrame({
      type: "result",
      subtype: "error_max_turns",
      is_error: true,
      result: 3,
    });
    expect(outcomeFromTurn([failedWithoutText], { transportClosed: true }).reason).toBe(
      "the turn hit the --max-turns limit",
    );
  });

  it("carries structured_output and permission denials", () => {
    const denial = { tool_name: "Bash", tool_use_id: "toolu_1", tool_input: { command: "rm -rf /" } };
    const outcome = outcomeFromTurn(
      [
        result({
          structured_output: { findings: [] },
          permission_denials: [denial],
          num_turns: 2,
          result: '{"findings":[]}',
        }),
      ],
      { transportClosed: true },
    );
    expect(outcome.structuredOutput).toEqual({ findings: [] });
    expect(outcome.permissionDenials).toEqual([denial]);
    expect(outcome.numTurns).toBe(2);
    expect(outcome.exitCode).toBe(0);
  });

  it("exits 1 when the transport closed without a result, naming the last API retry", () => {
    const frames = recorded.filter((f) => f.type !== "result");
    const outcome = outcomeFromTurn(frames, { transportClosed: true });
    expect(outcome).toMatchObject({
      subtype: "no_result",
      isError: true,
      exitCode: 1,
      totalCostUsd: 0,
      numTurns: 0,
    });
    expect(outcome.sessionId).toBe("5b0c7a3e-2f7d-4f3a-9d2b-7c1e8f9a0b1c");
    expect(outcome.reason).toBe(
      "the CLI closed its output without a result after 1 API retry (last: overloaded, HTTP 529)",
    );
    expect(outcome.apiErrorStatus).toBe(529);
  });

  it("says the turn is unfinished when there is no result and the transport is still open", () => {
    const outcome = outcomeFromTurn([], { transportClosed: false });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.reason).toBe("the turn has no result frame yet");
  });

  it("uses the last result of the list and ignores unknown frames", () => {
    const frames = [
      result({ is_error: true, result: "first" }),
      parseStdoutFrame({ type: "hologram" }),
      result({ result: "second" }),
    ];
    expect(outcomeFromTurn(frames, { transportClosed: true })).toMatchObject({
      exitCode: 0,
      resultText: "second",
    });
  });

  it("survives a result frame missing optional fields", () => {
    const bare = parseStdoutFrame({ type: "result", subtype: "success", is_error: false });
    expect(outcomeFromTurn([bare], { transportClosed: true })).toMatchObject({
      exitCode: 0,
      totalCostUsd: 0,
      numTurns: 0,
      permissionDenials: [],
      errors: [],
    });
  });
});
