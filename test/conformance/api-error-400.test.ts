import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isolatedClaudeEnv, runClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import { CLI_TIMEOUT_MS } from "../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

const badRequest = {
  kind: "http_error",
  status: 400,
  message: "scripted invalid request: messages.0 is malformed",
} as const;

// docs/protocol.md#result-rules: result terminal states — an API error is packed into a `success` result with is_error: true,
// and is_error alone decides exit code 1.
describe("HTTP 400 from the Messages API (real 2.1.235)", () => {
  let api: ScriptedMessagesApi;
  let iso: ReturnType<typeof isolatedClaudeEnv>;
  let cwd: string;

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start(() => badRequest);
    iso = isolatedClaudeEnv(api.url);
    cwd = await makeTempDir("conf-400");
  });
  afterAll(async () => {
    await api.close();
    await iso.cleanup();
    await rm(cwd, { recursive: true, force: true });
  });

  it("json output: subtype success, is_error true, api_error_status 400, exit 1", async () => {
    const run = await runClaude(["-p", "hi", "--output-format", "json"], { env: iso.env, cwd });
    expect(run.code).toBe(1);
    const result = run.frames.at(-1) as Record<string, unknown>;
    expect(result).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: true,
      api_error_status: 400,
    });
    expect(String(result.result)).toContain("scripted invalid request: messages.0 is malformed");
    // Observed (not in the probe notes): a 400 is retried exactly once, with the same body but a
    // shorter anthropic-beta list (one beta dropped), before the CLI gives up.
    expect(api.mainRequests).toHaveLength(2);
    const [first, second] = api.mainRequests.map((r) => (r.headers["anthropic-beta"] ?? "").split(","));
    expect(second!.length).toBeLessThan(first!.length);
    expect(first).toEqual(expect.arrayContaining(second!));
    expect(api.mainRequests[1]!.body).toEqual(api.mainRequests[0]!.body);
    // Our protocol layer reads `success` + is_error as a failure, exactly like the binary's exit code.
    expect(protocolAgreement(run)).toEqual({ unclassified: [], predictedExitCode: 1 });
  });

  it("text output: prints the error text and exits 1", async () => {
    const run = await runClaude(["-p", "hi"], { env: iso.env, cwd });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("scripted invalid request: messages.0 is malformed");
  });
});
