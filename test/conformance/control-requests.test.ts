import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAUDE_VERSION, type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
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

type ControlResponse = {
  type: "control_response";
  response: {
    subtype: "success" | "error";
    request_id: string;
    response?: Record<string, unknown>;
    error?: string;
  };
};
const responses = (frames: unknown[]) =>
  frames.filter((f): f is ControlResponse => (f as { type?: string }).type === "control_response");

// docs/protocol.md#control-channel: control request lifecycle — host -> CLI requests are answered with the same request_id;
// unknown subtypes get an error response instead of killing the session.
describe("host -> CLI control requests (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;
  const byId = (id: string) => responses(run.frames).filter((f) => f.response.request_id === id);

  beforeAll(async () => {
    // count_tokens is slow so get_context_usage (which calls it) is the slowest request in the batch.
    fixture = await startScriptedClaude([{ kind: "text", text: "Hello after control traffic." }], {
      countTokensDelayMs: 100,
    });
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--permission-prompt-tool", "stdio"], {
      env: fixture.env,
      cwd: fixture.cwd,
      timeoutMs: 120_000,
    });
    proc.write(controlRequest("init-1", "initialize"));
    await proc.waitForFrame((f) => f.type === "control_response");
    // Several requests written at once, before the user turn.
    proc.write(controlRequest("ctx-2", "get_context_usage"));
    proc.write(controlRequest("ver-3", "get_binary_version"));
    proc.write(controlRequest("bogus-4", "bogus_subtype"));
    await proc.waitForFrame((f) => (f as ControlResponse).response?.request_id === "bogus-4");
    proc.write(userFrame("hi"));
    await proc.waitForFrame((f) => f.type === "result");
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("initialize answers success with the worker's commands and models, before system/init", () => {
    const [init] = byId("init-1");
    expect(init?.response.subtype).toBe("success");
    expect(Array.isArray(init?.response.response?.commands)).toBe(true);
    expect(init?.response.response).toHaveProperty("models");
    const types = run.frames.map(
      (f) => `${(f as { type: string }).type}:${(f as { subtype?: string }).subtype ?? ""}`,
    );
    expect(types.indexOf("control_response:")).toBeLessThan(types.indexOf("system:init"));
  });

  it("get_binary_version answers the binary's own version (2.1.235 pinned)", () => {
    const [version] = byId("ver-3");
    expect(version?.response).toMatchObject({ subtype: "success", response: { version: CLAUDE_VERSION } });
    expect(version?.response.response?.buildTime).toEqual(expect.any(String));
  });

  it("an unsupported subtype gets an error response naming it", () => {
    // 2.1.332 adds error_code: "unsupported_request" (kept by ControlRequestError.peerCode).
    expect(byId("bogus-4")).toEqual([
      {
        type: "control_response",
        response: expect.objectContaining({
          subtype: "error",
          request_id: "bogus-4",
          error: "Unsupported control request subtype: bogus_subtype",
        }),
      },
    ]);
  });

  it("requests written at once are each answered exactly once under their own request_id", () => {
    expect(
      responses(run.frames)
        .map((f) => f.response.request_id)
        .sort(),
    ).toEqual(["bogus-4", "ctx-2", "init-1", "ver-3"].sort());
    const [ctx] = byId("ctx-2");
    expect(ctx?.response.subtype).toBe("success");
    expect(ctx?.response.response).toHaveProperty("categories");
    expect(ctx?.response.response).toHaveProperty("totalTokens");
    // get_context_usage counted tokens through side requests that consumed no script step.
    expect(fixture.api.requests.some((r) => r.path.startsWith("/v1/messages/count_tokens"))).toBe(true);
  });

  it("2.1.235 handles them one at a time: answers come back in request order even when the first is slowest", () => {
    // Differs from the probe notes ("completion order"); a host must still match on request_id.
    const order = responses(run.frames).map((f) => f.response.request_id);
    expect(order.slice(1)).toEqual(["ctx-2", "ver-3", "bogus-4"]);
  });

  it("the user turn after the control traffic completes and the process exits 0", () => {
    expect(run.frames.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "Hello after control traffic.",
    });
    expect(run.code).toBe(0);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
