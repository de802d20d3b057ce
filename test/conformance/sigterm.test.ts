import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
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
    // Partial messages let the test see the turn streaming, so SIGTERM lands mid-turn even on a
    // loaded machine (waiting only for the HTTP request raced with the CLI's start-up).
    const proc = spawnClaude(
      ["-p", "hi", "--output-format", "stream-json", "--verbose", "--include-partial-messages"],
      {
        env: fixture.env,
        cwd: fixture.cwd,
        stdin: "",
        timeoutMs: 120_000,
      },
    );
    await proc.waitForFrame(
      (f) => f.type === "stream_event" && (f.event as { type?: string }).type === "content_block_delta",
    );
    proc.kill("SIGTERM");
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("emits the interruption user frame and an error_during_execution result", () => {
    const frames = run.frames as Array<{ type: string }>;
    const resultAt = frames.findIndex((f) => f.type === "result");
    expect(resultAt, JSON.stringify(frames)).toBeGreaterThan(-1);
    const interruptedAt = frames.findIndex(
      (f) => f.type === "user" && JSON.stringify(f).includes("[Request interrupted by user]"),
    );
    expect(interruptedAt, JSON.stringify(frames)).toBeGreaterThan(-1);
    expect(interruptedAt).toBeLessThan(resultAt);
    // The rest of the slow stream is never delivered.
    expect(run.stdout).not.toContain("twelve");
    expect(frames[resultAt]).toMatchObject({
      type: "result",
      subtype: "error_during_execution",
      is_error: true,
      terminal_reason: "aborted_streaming",
    });
  });

  it("exits by itself with code 143 (128 + SIGTERM), not killed by the signal, as src/protocol predicts", () => {
    expect(run.signal).toBeNull();
    expect(run.code).toBe(143);
    const agreement = protocolAgreement(run, { sigterm: true });
    expect(agreement.predictedExitCode).toBe(run.code);
    expect(agreement.unclassified).toEqual([]);
  });
});
