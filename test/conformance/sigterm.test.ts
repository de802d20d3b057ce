import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// probes: SIGTERM during a turn still yields a result frame (error_during_execution) before exit.
describe("SIGTERM during a model turn (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      {
        kind: "slow_stream",
        text: "one two three four five six seven eight nine ten eleven twelve",
        chunkDelayMs: 400,
      },
    ]);
    const proc = spawnClaude(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
      env: fixture.env,
      cwd: fixture.cwd,
      stdin: "",
      timeoutMs: 120_000,
    });
    await fixture.api.waitForMainRequests(1);
    await proc.waitForFrame((f) => f.type === "system" && f.subtype === "init");
    proc.kill("SIGTERM");
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("emits the interruption user frame and an error_during_execution result", () => {
    const types = run.frames.map((f) => (f as { type: string }).type);
    expect(types.at(-1)).toBe("result");
    const interrupted = run.frames.find(
      (f) =>
        (f as { type: string }).type === "user" &&
        JSON.stringify(f).includes("[Request interrupted by user]"),
    );
    expect(interrupted).toBeDefined();
    expect(run.frames.at(-1)).toMatchObject({
      type: "result",
      subtype: "error_during_execution",
      is_error: true,
      terminal_reason: "aborted_streaming",
    });
  });

  it("exits by itself with code 143 (128 + SIGTERM), not killed by the signal", () => {
    expect(run.signal).toBeNull();
    expect(run.code).toBe(143);
  });
});
