// What `--bare` really does in 2.1.235, proved on the real binary (docs/protocol.md#flag-rules: the flag table, "--bare: minimal
// mode ... a sensible mode for untrusted repositories"). The runner passes --bare for fork PRs so the
// PR cannot steer the agent through files it adds to the checkout. Each CLI run gets a freshly
// planted checkout (CLAUDE.md, .claude/settings.json with hooks / env / apiKeyHelper,
// .claude/settings.local.json with a model, and .mcp.json) and a decoy API that the planted settings point ANTHROPIC_BASE_URL at.
// CLI spawns in this file: 5.
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { builtInPolicy, runSession, type SessionOptions } from "../../src/runner/index.js";
import { CLAUDE_BIN, runClaude } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";
import {
  conversationText,
  type RecordedRequest,
  ScriptedMessagesApi,
  toolResultsOf,
} from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { plantUntrustedCheckout, type UntrustedCheckout } from "../harness/untrusted-checkout.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

let fixture: ScriptedClaude;
let decoy: ScriptedMessagesApi;
const dirs: string[] = [];

beforeAll(async () => {
  fixture = await startScriptedClaude(() => ({ kind: "text", text: "real API answer" }));
  decoy = await ScriptedMessagesApi.start(() => ({ kind: "text", text: "decoy answer" }));
});
afterAll(async () => {
  await fixture?.close();
  await decoy?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh planted checkout, so every run's traces are its own. */
async function plantedCheckout(): Promise<{ cwd: string; checkout: UntrustedCheckout }> {
  const cwd = await makeTempDir("bare-checkout");
  dirs.push(cwd);
  return { cwd, checkout: await plantUntrustedCheckout(cwd, { decoyApiUrl: decoy.url }) };
}

/** The main-loop requests both APIs received since `mark` (which API got them is the point). */
function requestsSince(mark: { real: number; decoy: number }) {
  return {
    real: fixture.api.requests.slice(mark.real),
    decoy: decoy.requests.slice(mark.decoy),
  };
}
const markNow = () => ({ real: fixture.api.requests.length, decoy: decoy.requests.length });
const bodyOf = (request: RecordedRequest | undefined) =>
  (request?.body ?? {}) as { model?: string; tools?: Array<{ name: string }>; system?: unknown };
const toolNames = (request: RecordedRequest | undefined) =>
  (bodyOf(request).tools ?? []).map((tool) => tool.name).sort();

describe("claude -p in a planted checkout (real 2.1.235)", () => {
  it("without --bare every planted piece applies: CLAUDE.md, hooks, MCP server, apiKeyHelper, env, model", async () => {
    const { cwd, checkout } = await plantedCheckout();
    const mark = markNow();
    const run = await runClaude(["-p", "hello", "--output-format", "json"], { env: fixture.env, cwd });
    expect(run.code, run.stderr).toBe(0);
    const { real, decoy: decoyed } = requestsSince(mark);
    // The planted env moved the whole session to the decoy, authenticated by the planted helper.
    expect(real.filter((r) => r.main)).toEqual([]);
    const main = decoyed.find((r) => r.main);
    expect(main?.headers.authorization).toBe("[redacted]");
    expect(checkout.apiKeyHelperRuns().length).toBeGreaterThan(0);
    expect(bodyOf(main).model).toBe(checkout.projectModel);
    expect(JSON.stringify(main?.body)).toContain(checkout.claudeMdSentence);
    expect(checkout.hookRuns()).toEqual(expect.arrayContaining(["SessionStart", "UserPromptSubmit", "Stop"]));
    expect(checkout.mcpServerLog()).toEqual(expect.arrayContaining(["spawned", "initialize", "tools/list"]));
    expect(toolNames(main)).toContain("mcp__marker__probe_tool");
  });

  it("--bare drops CLAUDE.md, hooks, the MCP server and apiKeyHelper, but NOT the project and local settings (env, model)", async () => {
    const { cwd, checkout } = await plantedCheckout();
    const mark = markNow();
    const run = await runClaude(["-p", "hello", "--output-format", "json", "--bare"], {
      env: fixture.env,
      cwd,
    });
    expect(run.code, run.stderr).toBe(0);
    const { real, decoy: decoyed } = requestsSince(mark);
    const main = decoyed.find((r) => r.main);
    expect(JSON.stringify(main?.body)).not.toContain(checkout.claudeMdSentence);
    expect(checkout.hookRuns()).toEqual([]);
    expect(checkout.mcpServerLog()).toEqual([]);
    expect(checkout.apiKeyHelperRuns()).toEqual([]);
    // The finding: .claude/settings.json and settings.local.json are still read. The env sent the
    // request, with our ANTHROPIC_API_KEY as x-api-key, to the host the checkout chose; the local
    // settings' model was used.
    expect(real.filter((r) => r.main)).toEqual([]);
    expect(main?.headers["x-api-key"]).toBe("[redacted]");
    expect(bodyOf(main).model).toBe(checkout.projectModel);
    // Minimal mode also means a fixed, minimal tool set and system prompt (CLAUDE_CODE_SIMPLE=1).
    expect(toolNames(main)).toEqual(["Bash", "Edit", "Read"]);
    expect(JSON.stringify(bodyOf(main).system).length).toBeLessThan(1000);
  });

  it.each([
    ["user", "user"],
    ["an empty list", ""],
  ])(
    "--bare --setting-sources %s ignores project and local settings; --tools cannot widen the bare tool set",
    async (_name, sources) => {
      const { cwd, checkout } = await plantedCheckout();
      const mark = markNow();
      const run = await runClaude(
        [
          "-p",
          "hello",
          "--output-format",
          "json",
          "--bare",
          "--setting-sources",
          sources,
          "--tools",
          "Read,Glob,Grep,Write",
        ],
        { env: fixture.env, cwd },
      );
      expect(run.code, run.stderr).toBe(0);
      const { real, decoy: decoyed } = requestsSince(mark);
      expect(decoyed).toEqual([]);
      const main = real.find((r) => r.main);
      expect(bodyOf(main).model).not.toBe(checkout.projectModel);
      // Glob, Grep and Write exist without --bare (`--tools Read,Glob,Grep,Write` offers all four).
      expect(toolNames(main)).toEqual(["Read"]);
    },
  );
});

describe("the runner with bare: true in a planted checkout (real 2.1.235)", () => {
  const schema = {
    type: "object",
    properties: { verdict: { type: "string" } },
    required: ["verdict"],
    additionalProperties: false,
  };
  let api: ScriptedMessagesApi;
  let workspace: string;
  let configDir: string;
  let checkout: UntrustedCheckout;
  let firstSessionId: string | undefined;
  const options = (extra: Partial<SessionOptions>): SessionOptions => ({
    prompt: "Review the notes.",
    cwd: workspace,
    claudePath: CLAUDE_BIN,
    policy: builtInPolicy("review", { workspace }),
    sourceEnv: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
    configDir,
    bare: true,
    lifecycle: { reapGraceMs: 3000, interruptGraceMs: 3000, termGraceMs: 2000 },
    ...extra,
  });

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start([
      { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" }, id: "toolu_bare_read" },
      { kind: "structured_output", value: { verdict: "clean" } },
      { kind: "text", text: "Resumed under --bare." },
    ]);
    workspace = await makeTempDir("bare-runner-ws");
    configDir = await makeTempDir("bare-runner-config");
    dirs.push(workspace, configDir);
    checkout = await plantUntrustedCheckout(workspace, { decoyApiUrl: decoy.url });
    await writeFile(path.join(workspace, "notes.txt"), "the reviewed word is tangerine\n");
  });
  afterAll(() => api?.close());
  afterEach(() => {
    // Nothing planted may have run in any runner session.
    expect(checkout.hookRuns()).toEqual([]);
    expect(checkout.mcpServerLog()).toEqual([]);
    expect(checkout.apiKeyHelperRuns()).toEqual([]);
  });

  it("can_use_tool still reaches the policy, --settings' ask rule and --json-schema still apply, and the planted settings do not", async () => {
    const decoyBefore = decoy.requests.length;
    const outcome = await runSession(options({ jsonSchema: schema })).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("; ")).toBe(0);
    expect(outcome.structuredOutput).toEqual({ verdict: "clean" });
    // Read is auto-approved by the CLI unless our --settings ask rule routes it to can_use_tool.
    expect(outcome.policyDecisions).toEqual([
      expect.objectContaining({ toolName: "Read", behavior: "allow", ruleId: "read-workspace" }),
      expect.objectContaining({
        toolName: "StructuredOutput",
        behavior: "allow",
        ruleId: "runner:structured-output",
      }),
    ]);
    expect(decoy.requests.length).toBe(decoyBefore); // the planted ANTHROPIC_BASE_URL was not used
    const [first, second] = api.mainRequests;
    expect(bodyOf(first).model).not.toBe(checkout.projectModel);
    expect(toolNames(first)).toEqual(["Bash", "Edit", "Read", "StructuredOutput"]);
    expect(JSON.stringify(first?.body)).not.toContain(checkout.claudeMdSentence);
    const read = toolResultsOf(second as RecordedRequest).find((r) => r.tool_use_id === "toolu_bare_read");
    expect(JSON.stringify(read?.content)).toContain("tangerine");
    firstSessionId = outcome.sessionId;
  });

  it("--resume works under --bare: the resumed session sees the earlier turn", async () => {
    expect(firstSessionId).toBeDefined();
    const outcome = await runSession(
      options({ prompt: "Anything else?", resume: { sessionId: firstSessionId as string, fork: false } }),
    ).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("; ")).toBe(0);
    expect(outcome.resultText).toBe("Resumed under --bare.");
    expect(outcome.sessionId).toBe(firstSessionId);
    const resumed = api.mainRequests[2] as RecordedRequest;
    expect(conversationText(resumed)).toContain("tangerine");
    expect(conversationText(resumed)).toContain("Anything else?");
  });
});
