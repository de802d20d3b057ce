import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  controlRequest,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// docs/protocol.md#control-channel: interrupt — a host-initiated interrupt aborts the in-flight model request; the control
// response reports what was still queued, and the turn ends with error_during_execution.
describe("interrupt control request during an in-flight model request (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      { kind: "slow_stream", text: "a b c d e f g h i j k l m n o p q r s t u v w x y z", chunkDelayMs: 300 },
    ]);
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--include-partial-messages"], {
      env: fixture.env,
      cwd: fixture.cwd,
      timeoutMs: 120_000,
    });
    proc.write(userFrame("tell me the alphabet slowly"));
    // Wait until the answer is streaming, so the interrupt lands while the model request is in flight.
    await proc.waitForFrame(
      (f) => f.type === "stream_event" && (f.event as { type?: string }).type === "content_block_delta",
    );
    proc.write(controlRequest("int-1", "interrupt"));
    await proc.waitForFrame((f) => f.type === "result");
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("answers the interrupt with success and still_queued: []", () => {
    expect(run.frames).toContainEqual({
      type: "control_response",
      response: { subtype: "success", request_id: "int-1", response: { still_queued: [] } },
    });
  });

  it("emits the interruption user frame and an error_during_execution result; exit 1", () => {
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
    });
    expect(run.code).toBe(1);
  });

  it("does not deliver the rest of the slow stream", () => {
    expect(run.stdout).not.toContain("x y z");
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
