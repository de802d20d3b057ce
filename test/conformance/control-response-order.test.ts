import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ControlChannel, parseStdoutFrame, type StdoutFrame } from "../../src/protocol/index.js";
import { CLAUDE_VERSION, type ClaudeProcess, spawnClaude } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// 2.1.235 answers control requests one at a time in request order; 2.1.332 answers them
// concurrently, in completion order. The host must be right under both. The real 2.1.235 session
// gives the sequential order; a shim between its stdout and the channel holds the responses and
// releases them in reverse, which is the order a concurrent CLI produces when the first request is
// the slowest. Both runs must settle every request with its own answer.
const REQUESTS = [
  ["get_context_usage", {}],
  ["get_binary_version", {}],
  ["get_settings", {}],
  ["mcp_status", {}],
  ["get_plan", {}],
  ["bogus_subtype", {}],
] as const;

type Settled = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

async function askAll(channel: ControlChannel): Promise<Settled[]> {
  return Promise.all(
    REQUESTS.map(([subtype, fields]) =>
      channel.request(subtype, { ...fields }).then(
        (value): Settled => ({ ok: true, value }),
        (error: unknown): Settled => ({ ok: false, message: (error as Error).message }),
      ),
    ),
  );
}

describe("control responses in either order (real 2.1.235 + a reordering shim)", () => {
  let fixture: ScriptedClaude;
  let proc: ClaudeProcess;
  let inOrder: Settled[];
  let reversed: Settled[];
  const arrivalOrder: string[] = [];
  const shimArrived: string[] = [];
  const shimDelivered: string[] = [];

  beforeAll(async () => {
    fixture = await startScriptedClaude([]);
    proc = spawnClaude([...STREAM_JSON_ARGS], { env: fixture.env, cwd: fixture.cwd, timeoutMs: 150_000 });
    let held: StdoutFrame[] | undefined;
    let release: () => void = () => {};
    const direct = new ControlChannel({ send: (f) => proc.write(f), newRequestId: seq("a") });
    const shimmed = new ControlChannel({ send: (f) => proc.write(f), newRequestId: seq("b") });
    void proc
      .waitForFrame((raw) => {
        const frame = parseStdoutFrame(raw);
        if (frame.type !== "control_response") return false;
        const id = frame.response.request_id;
        if (id.startsWith("a")) {
          arrivalOrder.push(id);
          direct.receive(frame);
        } else if (held) {
          shimArrived.push(id);
          held.push(frame);
          if (held.length === REQUESTS.length) release();
        }
        return false;
      }, 140_000)
      .catch(() => {});

    inOrder = await askAll(direct);
    held = [];
    const allHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = askAll(shimmed);
    await allHeld;
    for (const frame of [...held].reverse()) {
      if (frame.type === "control_response") shimDelivered.push(frame.response.request_id);
      shimmed.receive(frame);
    }
    reversed = await pending;
    proc.endStdin();
    await proc.exited;
  });
  afterAll(() => fixture.close());

  it("2.1.235 answered in request order", () => {
    expect(arrivalOrder).toEqual(["a1", "a2", "a3", "a4", "a5", "a6"]);
  });

  it("the shim delivered the same answers in reverse", () => {
    expect([...shimArrived].sort()).toEqual(["b1", "b2", "b3", "b4", "b5", "b6"]);
    expect(shimDelivered).toEqual([...shimArrived].reverse());
  });

  it("every request settles with its own answer in both orders", () => {
    for (const settled of [inOrder, reversed]) {
      expect(settled[0]).toMatchObject({ ok: true, value: { totalTokens: expect.any(Number) } });
      expect(settled[1]).toMatchObject({ ok: true, value: { version: CLAUDE_VERSION } });
      expect(settled[2]).toMatchObject({ ok: true, value: { effective: expect.any(Object) } });
      expect(settled[3]).toEqual({ ok: true, value: { mcpServers: [] } });
      expect(settled[4]).toEqual({ ok: true, value: { exists: false } });
      expect(settled[5]).toMatchObject({
        ok: false,
        message: expect.stringContaining("Unsupported control request subtype: bogus_subtype"),
      });
    }
  });
});

function seq(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}
