import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, runClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// docs/protocol.md#result-rules: result error subtypes — error_max_turns when the loop wants another model turn past the limit.
describe("--max-turns 1 with a tool call (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      { kind: "tool_use", name: "Glob", input: { pattern: "*" } },
      { kind: "text", text: "this second turn must never be requested" },
    ]);
    run = await runClaude(["-p", "list files", "--output-format", "json", "--max-turns", "1"], {
      env: fixture.env,
      cwd: fixture.cwd,
    });
  });
  afterAll(() => fixture.close());

  it("ends with error_max_turns, is_error true and the limit message; exit 1", () => {
    expect(run.code).toBe(1);
    expect(run.frames.at(-1)).toMatchObject({
      type: "result",
      subtype: "error_max_turns",
      is_error: true,
      errors: ["Reached maximum number of turns (1)"],
      terminal_reason: "max_turns",
    });
  });

  it("never asks the model for the second turn", () => {
    expect(fixture.api.mainRequests).toHaveLength(1);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
