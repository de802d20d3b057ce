import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAUDE_VERSION, type ClaudeRunResult, isolatedClaudeEnv, runClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import { CLI_TIMEOUT_MS } from "../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One `-p --output-format json` session proves the result shape, the main-request shape and where the
// transcript lands (probes: json output, CLAUDE_CONFIG_DIR transcript location).
describe("claude -p --output-format json (real 2.1.235)", () => {
  let api: ScriptedMessagesApi;
  let iso: ReturnType<typeof isolatedClaudeEnv>;
  let cwd: string;
  let run: ClaudeRunResult;
  let result: Record<string, unknown>;

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start([{ kind: "text", text: "Hello from the script" }]);
    iso = isolatedClaudeEnv(api.url);
    cwd = await makeTempDir("conf-json");
    run = await runClaude(["-p", "say hello", "--output-format", "json"], { env: iso.env, cwd });
    result = JSON.parse(run.stdout) as Record<string, unknown>;
  });
  afterAll(async () => {
    await api.close();
    await iso.cleanup();
    await rm(cwd, { recursive: true, force: true });
  });

  it("prints exactly one result object and exits 0", () => {
    expect(run.code).toBe(0);
    expect(run.frames).toHaveLength(1);
    expect(result).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "Hello from the script",
      num_turns: 1,
      permission_denials: [],
      terminal_reason: "completed",
      api_error_status: null,
    });
    expect(result.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof result.total_cost_usd).toBe("number");
    expect(result.usage).toMatchObject({ input_tokens: 10, output_tokens: 5 });
    expect(typeof result.modelUsage).toBe("object");
  });

  it("sends one streaming main-loop request carrying tools, system prompt and the prompt", () => {
    expect(api.mainRequests).toHaveLength(1);
    const request = api.mainRequests[0]!;
    expect(request.path).toBe("/v1/messages?beta=true");
    const body = request.body as {
      stream: boolean;
      tools: Array<{ name: string }>;
      system: unknown;
      model: string;
    };
    expect(body.stream).toBe(true);
    expect(body.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["Bash", "Read", "Write", "Edit"]));
    expect(JSON.stringify(request.body)).toContain("say hello");
    expect(request.headers["x-api-key"]).toBe("[redacted]");
    expect(JSON.stringify(api.requests)).not.toContain("test-key");
  });

  it("writes the transcript to CLAUDE_CONFIG_DIR/projects/<cwd slug>/<session_id>.jsonl", async () => {
    const slug = cwd.replace(/[^A-Za-z0-9]/g, "-");
    const dir = join(iso.configDir, "projects", slug);
    expect(await readdir(dir)).toContain(`${result.session_id}.jsonl`);
    const lines = (await readFile(join(dir, `${result.session_id}.jsonl`), "utf8"))
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // Besides user/assistant the file holds bookkeeping lines (queue-operation, attachment,
    // last-prompt, ...); every line carries the sessionId, conversation lines also cwd/uuid/version.
    for (const line of lines) expect(line.sessionId).toBe(result.session_id);
    const messages = lines.filter((l) => l.type === "user" || l.type === "assistant");
    expect(messages.map((l) => l.type)).toEqual(["user", "assistant"]);
    for (const line of messages) {
      expect(line).toMatchObject({ cwd, version: CLAUDE_VERSION });
      expect(line.uuid).toEqual(expect.any(String));
      expect(line).toHaveProperty("parentUuid");
    }
    // parentUuid links form a chain from the assistant line back to the user prompt (attachment lines
    // may sit in between).
    const byUuid = new Map(lines.filter((l) => typeof l.uuid === "string").map((l) => [l.uuid, l]));
    let cursor: Record<string, unknown> | undefined = messages[1];
    const chain: unknown[] = [];
    while (cursor) {
      chain.push(cursor.type);
      cursor = cursor.parentUuid ? byUuid.get(cursor.parentUuid) : undefined;
    }
    expect(chain.at(0)).toBe("assistant");
    expect(chain.at(-1)).toBe("user");
    expect(messages[0]!.parentUuid).toBeNull();
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
