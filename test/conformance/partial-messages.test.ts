import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, runClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

type Frame = {
  type: string;
  subtype?: string;
  status?: string;
  event?: { type: string; delta?: { text?: string } };
};
const label = (f: Frame) =>
  f.type === "stream_event" ? `stream_event:${f.event?.type}` : `${f.type}:${f.subtype ?? ""}`;

// docs/protocol.md#partial-messages: — stream_event previews wrap the raw SSE events; the complete assistant
// message is authoritative. The stdin side is a user frame followed at once by EOF
// (docs/protocol.md#seed-references: closing stdin lets the current turn finish).
describe("--include-partial-messages with stdin closed after the user frame (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;
  let labels: string[];

  beforeAll(async () => {
    fixture = await startScriptedClaude([{ kind: "text", text: "Partial previews are fun." }]);
    run = await runClaude([...STREAM_JSON_ARGS, "--include-partial-messages"], {
      env: fixture.env,
      cwd: fixture.cwd,
      stdin: `${JSON.stringify(userFrame("hi"))}\n`,
    });
    labels = (run.frames as Frame[]).map(label);
  });
  afterAll(() => fixture.close());

  it("stdin closed right after the user frame: the turn completes and the process exits 0", () => {
    expect(run.code).toBe(0);
    expect(run.frames.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "Partial previews are fun.",
    });
  });

  it("announces the request with system/status requesting, then wraps every SSE event in stream_event", () => {
    expect(run.frames).toContainEqual(
      expect.objectContaining({ type: "system", subtype: "status", status: "requesting" }),
    );
    expect(labels.filter((l) => l.startsWith("stream_event:"))).toEqual([
      "stream_event:message_start",
      "stream_event:content_block_start",
      "stream_event:content_block_delta",
      "stream_event:content_block_stop",
      "stream_event:message_delta",
      "stream_event:message_stop",
    ]);
    const delta = (run.frames as Frame[]).find((f) => f.event?.type === "content_block_delta");
    expect(delta?.event?.delta?.text).toBe("Partial previews are fun.");
  });

  it("emits the complete assistant frame before that block's content_block_stop", () => {
    const assistant = labels.indexOf("assistant:");
    expect(assistant).toBeGreaterThan(labels.indexOf("stream_event:content_block_delta"));
    expect(assistant).toBeLessThan(labels.indexOf("stream_event:content_block_stop"));
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
