import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXTRA_STDOUT_FRAME_TYPES,
  parseStdoutFrame,
  RESULT_ERROR_SUBTYPES,
  type StdoutFrame,
  SYSTEM_SUBTYPES,
} from "../../src/protocol/index.js";

const fixture = readFileSync(new URL("./fixtures/stream-json-turn.ndjson", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.length > 0)
  .map((line) => JSON.parse(line) as unknown);

describe("parseStdoutFrame", () => {
  it("types every frame of a recorded stream-json turn and returns the same object", () => {
    const frames = fixture.map(parseStdoutFrame);
    expect(frames.map((f) => f.type)).not.toContain("unknown");
    frames.forEach((frame, i) => {
      expect(frame).toBe(fixture[i]);
    });
  });

  it("narrows system/init and system/api_retry to their fields", () => {
    const init = parseStdoutFrame(fixture[1]);
    if (init.type !== "system" || init.subtype !== "init") throw new Error("expected system/init");
    expect(init.session_id).toBe("5b0c7a3e-2f7d-4f3a-9d2b-7c1e8f9a0b1c");
    expect(init.tools).toContain("StructuredOutput");
    expect(init.cwd).toBe("/tmp/work/仓库");
    const retry = fixture.map(parseStdoutFrame).find((f) => f.type === "system" && f.subtype === "api_retry");
    if (retry?.type !== "system" || retry.subtype !== "api_retry") throw new Error("expected api_retry");
    expect([retry.attempt, retry.max_retries, retry.error_status, retry.error]).toEqual([
      1,
      10,
      529,
      "overloaded",
    ]);
  });

  it("accepts all 45 system subtypes and all five result subtypes as typed frames", () => {
    for (const subtype of SYSTEM_SUBTYPES) {
      expect(parseStdoutFrame({ type: "system", subtype }).type).toBe("system");
    }
    for (const subtype of ["success", ...RESULT_ERROR_SUBTYPES]) {
      expect(parseStdoutFrame({ type: "result", subtype, is_error: subtype !== "success" }).type).toBe(
        "result",
      );
    }
  });

  it("passes the extra stdout types and keep_alive / tool_progress through typed", () => {
    for (const type of [...EXTRA_STDOUT_FRAME_TYPES, "keep_alive", "tool_progress"]) {
      const raw = { type, some: "field" };
      expect(parseStdoutFrame(raw)).toBe(raw);
    }
  });

  it("keeps an unknown type whole as an unknown frame", () => {
    const raw = { type: "hologram", payload: { a: 1 } };
    expect(parseStdoutFrame(raw)).toEqual({
      type: "unknown",
      reason: "unknown_type",
      frameType: "hologram",
      raw,
    });
  });

  it("keeps unknown system and result subtypes as unknown frames with the raw object", () => {
    const sys = { type: "system", subtype: "quantum_state", x: 1 };
    expect(parseStdoutFrame(sys)).toEqual({
      type: "unknown",
      reason: "unknown_subtype",
      frameType: "system",
      subtype: "quantum_state",
      raw: sys,
    });
    const result = { type: "result", subtype: "error_new_kind", is_error: true };
    const parsed = parseStdoutFrame(result);
    expect(parsed.type === "unknown" && parsed.reason === "unknown_subtype" && parsed.raw === result).toBe(
      true,
    );
  });

  it("keeps a control_request with an unknown request subtype as a control_request (it needs an error reply)", () => {
    const raw = { type: "control_request", request_id: "r1", request: { subtype: "teleport" } };
    expect(parseStdoutFrame(raw)).toBe(raw);
  });

  it("marks control frames missing their correlation fields as malformed, keeping them", () => {
    const cases: unknown[] = [
      { type: "control_request", request: { subtype: "can_use_tool" } },
      { type: "control_request", request_id: "r", request: "nope" },
      { type: "control_response", response: { subtype: "success" } },
      { type: "control_response", response: { subtype: "maybe", request_id: "r" } },
      { type: "control_cancel_request" },
      { type: "assistant" },
      { type: "stream_event", event: {} },
      { type: "system" },
    ];
    for (const raw of cases) {
      const parsed = parseStdoutFrame(raw);
      expect(parsed.type).toBe("unknown");
      expect(parsed.type === "unknown" && parsed.reason === "malformed" && parsed.raw === raw).toBe(true);
    }
  });

  it("marks non-objects as not_an_object", () => {
    for (const raw of [42, "x", null, [1, 2], true]) {
      expect(parseStdoutFrame(raw)).toEqual({ type: "unknown", reason: "not_an_object", raw });
    }
  });

  it("never throws, whatever JSON value it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.record({ type: fc.string(), subtype: fc.string() })),
        (value) => {
          const frame: StdoutFrame = parseStdoutFrame(value);
          expect(typeof frame.type).toBe("string");
        },
      ),
    );
  });
});
