import { describe, expect, it } from "vitest";
import { MAX_AGENT_OUTCOME_BYTES, readAgentOutcome } from "../../lambda/worker/agent-outcome.js";
import { REVIEW_SCHEMA } from "../../src/jobs/review/review-schema.js";
import { compileOutputSchema } from "../../src/runner/compile-output-schema.js";
import { builtInPolicy } from "../../src/runner/policy/built-in-policy.js";
import { AGENT_FUNCTION_CONFINEMENT, policyDigest } from "../../src/runner/run-attestation.js";

// The orchestrator's reading of what the agent function uploads (lambda/worker/agent-outcome.ts):
// a hostile file is refused as a failed session; a well-formed one keeps the session's own facts and
// gets the orchestrator's attestation, structured-output check and metered cost.

const policy = builtInPolicy("review", { workspace: "/work/checkout" });

function reported(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    subtype: "success",
    isError: false,
    exitCode: 0,
    resultText: "done",
    sessionId: "9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
    totalCostUsd: 0.25,
    usage: { input_tokens: 10, output_tokens: 5 },
    numTurns: 2,
    permissionDenials: [],
    errors: [],
    durationMs: 1200,
    stopReason: null,
    policyDecisions: [
      {
        toolName: "Bash",
        behavior: "deny",
        ruleId: "default-deny",
        reason: "not allowed",
        subject: "curl x",
        at: "2026-12-07T00:00:00.000Z",
      },
    ],
    failureReasons: [],
    structuredOutputCheck: "not_requested",
    claudeVersion: "2.1.235",
    model: "claude-opus-5[1m]",
    apiRetries: 1,
    toolUses: [{ id: "t1", name: "Read", input: { file_path: "a.ts" } }],
    credentialProxy: { forwarded: 2, refused: 0, spentUsd: 0.25 },
    notes: ["a note"],
    confinement: "user claude-agent (uid 998) · Bash sandbox: on",
    attestation: { engine: "cli", confinement: "forged", credentialProxy: true, agentCredentials: [] },
    editsLeftOut: [".gitattributes"],
    ...overrides,
  };
}

const bytes = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value));
const read = (value: unknown, facts: Partial<Parameters<typeof readAgentOutcome>[1]> = {}) =>
  readAgentOutcome(bytes(value), { policy, durationMs: 5000, ...facts });

describe("readAgentOutcome: a well-formed outcome", () => {
  it("keeps the session's own facts", () => {
    const { accepted, outcome } = read(reported());
    expect(accepted).toBe(true);
    expect(outcome.exitCode).toBe(0);
    expect(outcome.sessionId).toBe("9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f");
    expect(outcome.totalCostUsd).toBe(0.25);
    expect(outcome.numTurns).toBe(2);
    expect(outcome.policyDecisions).toHaveLength(1);
    expect(outcome.toolUses).toEqual([{ id: "t1", name: "Read", input: { file_path: "a.ts" } }]);
    expect(outcome.notes).toEqual(["a note"]);
    expect(outcome.failureReasons).toEqual([]);
  });

  it("replaces the agent function's attestation and confinement with the orchestrator's, naming the policy it sent", () => {
    const { outcome } = read(reported());
    expect(outcome.confinement).toBe(AGENT_FUNCTION_CONFINEMENT);
    expect(outcome.attestation).toEqual({
      engine: "cli",
      claudeVersion: "2.1.235",
      policy: { name: policy.name, sha256: policyDigest(policy) },
      confinement: AGENT_FUNCTION_CONFINEMENT,
      credentialProxy: true,
      agentCredentials: [],
    });
  });

  it("drops the edits it says it left out: the orchestrator checks the returned files itself", () => {
    expect(read(reported()).outcome.editsLeftOut).toBeUndefined();
  });

  it("books the gateway's metered cost when it is more than the reported one, and says so", () => {
    const { outcome } = read(reported({ totalCostUsd: 0 }), { meteredCostUsd: 0.4 });
    expect(outcome.totalCostUsd).toBe(0.4);
    expect(outcome.credentialProxy?.spentUsd).toBe(0.4);
    expect(outcome.notes.at(-1)).toBe(
      "the agent function reported a cost of $0.000000; the model gateway metered $0.400000 for this session, which is what counts",
    );
  });

  it("keeps a reported cost above the meter (the meter may miss nothing, but the CLI may count more)", () => {
    const { outcome } = read(reported({ totalCostUsd: 0.5 }), { meteredCostUsd: 0.4 });
    expect(outcome.totalCostUsd).toBe(0.5);
    expect(outcome.notes).toEqual(["a note"]);
  });

  it("checks the structured output against the schema the orchestrator sent, whatever the file claims", async () => {
    const outputSchema = await compileOutputSchema(REVIEW_SCHEMA);
    const bad = read(
      reported({ structuredOutput: { verdict: "approve" }, structuredOutputCheck: "schema_valid" }),
      { outputSchema },
    ).outcome;
    expect(bad.structuredOutputCheck).toBe("invalid");
    expect(bad.exitCode).toBe(1);
    expect(bad.failureReasons[0]).toMatch(/^structured output invalid: /);

    const missing = read(reported({ structuredOutputCheck: "schema_valid" }), { outputSchema }).outcome;
    expect(missing.structuredOutputCheck).toBe("missing");
    expect(missing.exitCode).toBe(1);

    const good = read(
      reported({
        structuredOutput: { verdict: "pass", summary: "ok", findings: [] },
        structuredOutputCheck: "invalid",
      }),
      { outputSchema },
    ).outcome;
    expect(good.structuredOutputCheck).toBe("schema_valid");
    expect(good.exitCode).toBe(0);

    const unasked = read(reported({ structuredOutputCheck: "schema_valid" })).outcome;
    expect(unasked.structuredOutputCheck).toBe("not_requested");
  });

  it("counts an error result or a failure reason as a failed session, whatever exit code it reports", () => {
    expect(read(reported({ isError: true })).outcome.exitCode).toBe(1);
    expect(read(reported({ failureReasons: ["watchdog"] })).outcome.exitCode).toBe(1);
    expect(read(reported({ isError: true, exitCode: 143 })).outcome.exitCode).toBe(143);
  });
});

describe("readAgentOutcome: a file that is not an outcome", () => {
  it.each([
    ["not JSON", "{", /it is not JSON/],
    ["a JSON array", "[]", /`\(top level\)` must be a mapping/],
    [
      "a patch to apply",
      reported({ workspacePatch: "diff --git a/x b/x\n" }),
      /`workspacePatch` is not a known key/,
    ],
    [
      "an execution log path",
      reported({ executionLogPath: "/proc/self/environ" }),
      /`executionLogPath` is not a known key/,
    ],
    ["a session id naming a path", reported({ sessionId: "../x" }), /sessionId/],
    ["an exit code as text", reported({ exitCode: "0" }), /exitCode/],
    ["a negative cost", reported({ totalCostUsd: -5 }), /totalCostUsd/],
    ["notes that are not a list", reported({ notes: "x" }), /notes/],
    ["no failure reasons", reported({ failureReasons: undefined }), /failureReasons/],
    [
      "a policy decision with another shape",
      reported({ policyDecisions: [{ toolName: "Bash" }] }),
      /policyDecisions/,
    ],
    [
      "a tool result over the kept length",
      reported({ toolUses: [{ id: "t", name: "Grep", input: {}, result: "x".repeat(64_001) }] }),
      /toolUses/,
    ],
  ])("refuses %s as a failed session that says why", (_what, value, reason) => {
    const { accepted, outcome } = read(value, { meteredCostUsd: 0.3 });
    expect(accepted).toBe(false);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.isError).toBe(true);
    expect(outcome.failureReasons).toHaveLength(1);
    expect(outcome.failureReasons[0]).toMatch(/^the agent function's outcome was refused: /);
    expect(outcome.failureReasons[0]).toMatch(reason);
    // Nothing of the file is taken, but what was metered still counts, and the run is still attested.
    expect(outcome.sessionId).toBeUndefined();
    expect(outcome.structuredOutput).toBeUndefined();
    expect(outcome.totalCostUsd).toBe(0.3);
    expect(outcome.durationMs).toBe(5000);
    expect(outcome.confinement).toBe(AGENT_FUNCTION_CONFINEMENT);
  });

  it("refuses a file over the bound without parsing it", () => {
    const huge = Buffer.alloc(MAX_AGENT_OUTCOME_BYTES + 1, 0x20);
    const { accepted, outcome } = readAgentOutcome(huge, { policy, durationMs: 1 });
    expect(accepted).toBe(false);
    expect(outcome.failureReasons[0]).toContain(`over the ${MAX_AGENT_OUTCOME_BYTES}`);
    expect(outcome.totalCostUsd).toBe(0);
  });

  it("says the structured output is missing on a refused outcome of a session that had a schema", async () => {
    const outputSchema = await compileOutputSchema(REVIEW_SCHEMA);
    expect(read("nope", { outputSchema }).outcome.structuredOutputCheck).toBe("missing");
    expect(read("nope").outcome.structuredOutputCheck).toBe("not_requested");
  });
});
