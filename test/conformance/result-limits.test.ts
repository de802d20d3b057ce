import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The two result error subtypes that need a limit to trip: the CLI's own cost check against
// --max-budget-usd (the scripted usage of 10 input + 5 output tokens costs $0.000175 on the default
// model), and a model that keeps calling StructuredOutput with input that fails the schema.
describe("error_max_budget_usd (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  beforeAll(async () => {
    fixture = await startScriptedClaude([
      { kind: "tool_use", name: "Glob", input: { pattern: "*.md" } },
      { kind: "text", text: "never asked" },
    ]);
  });
  afterAll(() => fixture.close());

  it("stops after the first model answer that crosses the budget, exit 1", async () => {
    const run = await runClaude(["-p", "hi", "--output-format", "json", "--max-budget-usd", "0.0001"], {
      env: fixture.env,
      cwd: fixture.cwd,
    });
    expect(run.frames[0]).toMatchObject({ type: "result", subtype: "error_max_budget_usd", is_error: true });
    expect(run.code).toBe(1);
    expect(protocolAgreement(run).predictedExitCode).toBe(run.code);
    expect(fixture.api.mainRequests).toHaveLength(1);
  });
});

describe("error_max_structured_output_retries (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  beforeAll(async () => {
    fixture = await startScriptedClaude(() => ({ kind: "structured_output", value: { verdict: 42 } }));
  });
  afterAll(() => fixture.close());

  it("gives up after MAX_STRUCTURED_OUTPUT_RETRIES invalid StructuredOutput calls, exit 1", async () => {
    const schema = JSON.stringify({
      type: "object",
      properties: { verdict: { type: "string" } },
      required: ["verdict"],
    });
    const run = await runClaude(["-p", "judge", "--output-format", "json", "--json-schema", schema], {
      env: { ...fixture.env, MAX_STRUCTURED_OUTPUT_RETRIES: "2" },
      cwd: fixture.cwd,
    });
    expect(run.frames[0]).toMatchObject({
      type: "result",
      subtype: "error_max_structured_output_retries",
      is_error: true,
    });
    expect(run.code).toBe(1);
    expect(protocolAgreement(run).predictedExitCode).toBe(run.code);
    expect(fixture.api.mainRequests.length).toBeGreaterThanOrEqual(2);
  });
});
