import { afterEach, describe, expect, it, vi } from "vitest";
import { runClaude, spawnClaude } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

type RetryFrame = {
  type: "system";
  subtype: "api_retry";
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: string;
};
const PRINT_STREAM = ["-p", "hi", "--output-format", "stream-json", "--verbose"];
const isRetry = (f: unknown): f is RetryFrame =>
  (f as { type?: string }).type === "system" && (f as { subtype?: string }).subtype === "api_retry";

// docs/protocol.md#seed-references (46 个观察型 subtype): system/api_retry — retryable API failures are announced frame by frame while the CLI backs off.
describe("API retries (real 2.1.235)", () => {
  let fixture: ScriptedClaude | undefined;
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });

  it("HTTP 401 is retried with api_retry frames (attempt, max_retries 10, growing delay)", async () => {
    fixture = await startScriptedClaude(() => ({
      kind: "http_error",
      status: 401,
      message: "invalid x-api-key",
    }));
    const proc = spawnClaude(PRINT_STREAM, {
      env: fixture.env,
      cwd: fixture.cwd,
      stdin: "",
      timeoutMs: 120_000,
    });
    // Delays grow towards ~40 s, so a bad key would keep the run alive for minutes: stop after two.
    await proc.waitForFrame((f) => isRetry(f) && f.attempt === 2);
    proc.kill("SIGKILL");
    await proc.exited;
    const retries = proc.frames.filter(isRetry);
    expect(retries.slice(0, 2)).toEqual([
      expect.objectContaining({
        attempt: 1,
        max_retries: 10,
        error_status: 401,
        error: "authentication_failed",
      }),
      expect.objectContaining({
        attempt: 2,
        max_retries: 10,
        error_status: 401,
        error: "authentication_failed",
      }),
    ]);
    expect(retries[0]!.retry_delay_ms).toBeGreaterThan(0);
    expect(retries[1]!.retry_delay_ms).toBeGreaterThan(retries[0]!.retry_delay_ms);
    expect(fixture.api.mainRequests.length).toBeGreaterThanOrEqual(2);
  });

  it("429 honours retry-after, 529 is retried, then a good answer ends in a normal success", async () => {
    fixture = await startScriptedClaude([
      { kind: "http_error", status: 429, retryAfterSeconds: 1 },
      { kind: "http_error", status: 529 },
      { kind: "text", text: "recovered" },
    ]);
    const run = await runClaude(PRINT_STREAM, { env: fixture.env, cwd: fixture.cwd });
    expect(run.code).toBe(0);
    const retries = run.frames.filter(isRetry);
    expect(retries).toEqual([
      expect.objectContaining({ attempt: 1, error_status: 429, error: "rate_limit", retry_delay_ms: 1000 }),
      expect.objectContaining({ attempt: 2, error_status: 529, error: "overloaded" }),
    ]);
    expect(run.frames.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "recovered",
    });
    expect(fixture.api.mainRequests).toHaveLength(3);
  });

  it("a stream cut mid-message and a 500 are both retried, then the turn succeeds", async () => {
    fixture = await startScriptedClaude([
      { kind: "broken_stream", text: "this answer never finishes" },
      { kind: "http_error", status: 500 },
      { kind: "text", text: "third time lucky" },
    ]);
    const run = await runClaude(PRINT_STREAM, { env: fixture.env, cwd: fixture.cwd });
    expect(run.code).toBe(0);
    const retries = run.frames.filter(isRetry);
    // A connection dropped after message_start has no HTTP status (error_status null, "unknown"), and
    // it restarts the retry counter: the following 500 is announced as attempt 1 again.
    expect(retries).toEqual([
      expect.objectContaining({ attempt: 1, error_status: null, error: "unknown" }),
      expect.objectContaining({ attempt: 1, error_status: 500, error: "server_error" }),
    ]);
    expect(run.frames.at(-1)).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "third time lucky",
    });
    // The broken attempt's message_start usage (10 input tokens) is counted on top of the good one.
    expect(run.frames.at(-1)).toMatchObject({ usage: { input_tokens: 20 } });
    // The half-streamed text never surfaces as an assistant message.
    expect(run.stdout).not.toContain("never finishes");
  });
});
