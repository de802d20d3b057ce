import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RunnerConfigError, runSession } from "../../src/runner/index.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

const schema = {
  type: "object",
  properties: {
    verdict: { enum: ["approve", "request_changes"] },
    contact: { type: "string", format: "email" },
  },
  required: ["verdict", "contact"],
  additionalProperties: false,
};

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("structured output (real CLI)", () => {
  it("succeeds with a schema-valid object and streams typed frames", async () => {
    s = await scriptedSession([
      { kind: "structured_output", value: { verdict: "approve", contact: "dev@example.com" } },
    ]);
    const logPath = path.join(s.workspace, "..", `${path.basename(s.workspace)}.log.ndjson`);
    const session = runSession(s.options({ jsonSchema: schema, executionLogPath: logPath }));
    const types: string[] = [];
    for await (const frame of session.frames) types.push(frame.type);
    const outcome = await session.outcome;
    expect(outcome).toMatchObject({
      exitCode: 0,
      isError: false,
      subtype: "success",
      structuredOutput: { verdict: "approve", contact: "dev@example.com" },
      structuredOutputCheck: "schema_valid",
      failureReasons: [],
      claudeVersion: "2.1.235",
    });
    expect(outcome.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The StructuredOutput call went through the policy like every other tool call.
    expect(outcome.policyDecisions).toEqual([
      expect.objectContaining({
        toolName: "StructuredOutput",
        behavior: "allow",
        ruleId: "runner:structured-output",
      }),
    ]);
    expect(types).toEqual(
      expect.arrayContaining(["control_response", "system", "assistant", "control_request", "result"]),
    );
    expect(types.at(-1)).toBe("result");
    // The schema reached the model as the StructuredOutput tool's input schema.
    const firstRequest = s.api.mainRequests[0]!;
    const tools = (firstRequest.body as { tools: Array<{ name: string; input_schema: unknown }> }).tools;
    expect(tools.find((t) => t.name === "StructuredOutput")?.input_schema).toMatchObject({
      required: ["verdict", "contact"],
    });
    const log = (await readFile(logPath, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(log.some((e) => e.dir === "send" && e.frame.type === "user")).toBe(true);
    expect(log.some((e) => e.dir === "recv" && e.frame.type === "result")).toBe(true);
    expect(log.some((e) => e.dir === "host" && e.event.kind === "policy_decision")).toBe(true);
    await rm(logPath, { force: true });
  });

  it("fails an object the CLI accepted but local validation rejects, and says which check failed", async () => {
    // The CLI's validator ignores `format`; ours does not. Schema-valid for the CLI is not valid here.
    s = await scriptedSession([
      { kind: "structured_output", value: { verdict: "approve", contact: "not an email" } },
    ]);
    const outcome = await runSession(s.options({ jsonSchema: schema })).outcome;
    expect(outcome.isError).toBe(false);
    expect(outcome.structuredOutputCheck).toBe("invalid");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons.join("\n")).toMatch(
      /structured output invalid: \/contact must match format "email"/,
    );
  });

  it("rejects an invalid schema before spawning anything", async () => {
    s = await scriptedSession([]);
    const session = runSession(s.options({ jsonSchema: ["not", "an", "object"] }));
    await expect(session.outcome).rejects.toThrowError(RunnerConfigError);
    await expect(session.outcome).rejects.toThrowError("--json-schema must be a JSON object; got an array");
    const frames = [];
    for await (const frame of session.frames) frames.push(frame);
    expect(frames).toEqual([]);
    expect(s.api.requests).toEqual([]);
  });
});
