import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, isolatedClaudeEnv, runClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import { CLI_TIMEOUT_MS } from "../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

const schema = {
  type: "object",
  properties: { verdict: { type: "string" }, findings: { type: "integer" } },
  required: ["verdict", "findings"],
  additionalProperties: false,
};
const value = { verdict: "approve", findings: 0 };

// docs/protocol.md#seed-references: structured output — the CLI injects a StructuredOutput tool and reports its input as
// result.structured_output after the tool_result round trip.
describe("--json-schema structured output (real 2.1.235)", () => {
  let api: ScriptedMessagesApi;
  let iso: ReturnType<typeof isolatedClaudeEnv>;
  let cwd: string;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start([{ kind: "structured_output", value }]);
    iso = isolatedClaudeEnv(api.url);
    cwd = await makeTempDir("conf-structured");
    run = await runClaude(
      ["-p", "review", "--output-format", "json", "--json-schema", JSON.stringify(schema)],
      {
        env: iso.env,
        cwd,
      },
    );
  });
  afterAll(async () => {
    await api.close();
    await iso.cleanup();
    await rm(cwd, { recursive: true, force: true });
  });

  it("offers a StructuredOutput tool whose input schema is ours", () => {
    const tools = (api.mainRequests[0]!.body as { tools: Array<{ name: string; input_schema: unknown }> })
      .tools;
    const tool = tools.find((t) => t.name === "StructuredOutput");
    expect(tool).toBeDefined();
    expect(tool!.input_schema).toMatchObject({ properties: schema.properties, required: schema.required });
  });

  it("ends the turn on the tool_result instead of asking the model again", async () => {
    // Observed: the StructuredOutput tool_result ends the turn (transcript flag toolEndsTurn), so only
    // one model request is made although num_turns is 2.
    expect(api.mainRequests).toHaveLength(1);
    const result = run.frames.at(-1) as { session_id: string };
    const slug = cwd.replace(/[^A-Za-z0-9]/g, "-");
    const transcript = await readFile(
      join(iso.configDir, "projects", slug, `${result.session_id}.jsonl`),
      "utf8",
    );
    const toolResultLine = transcript
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.type === "user" && JSON.stringify(l.message).includes("tool_result"));
    expect(toolResultLine).toMatchObject({ toolEndsTurn: true });
    expect(JSON.stringify(toolResultLine!.message)).toContain("Structured output provided successfully");
  });

  it("reports the object as result.structured_output with num_turns 2 and exits 0", () => {
    expect(run.code).toBe(0);
    const result = run.frames.at(-1) as Record<string, unknown>;
    expect(result).toMatchObject({ type: "result", subtype: "success", is_error: false, num_turns: 2 });
    expect(result.structured_output).toEqual(value);
    expect(JSON.parse(String(result.result))).toEqual(value);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
