import { describe, expect, it } from "vitest";
import {
  costOf,
  priceOf,
  UNKNOWN_MODEL_PRICE,
  UsageMeter,
} from "../../src/sandbox/credential-proxy/index.js";
import { loadEventStreamCodec } from "../../src/sandbox/credential-proxy/usage-meter.js";

const sse = (event: string, data: unknown, eol = "\n") =>
  `event: ${event}${eol}data: ${JSON.stringify(data)}${eol}${eol}`;

const STREAM = [
  sse("message_start", {
    type: "message_start",
    message: {
      model: "claude-sonnet-4-5-20250929",
      usage: {
        input_tokens: 1000,
        cache_creation_input_tokens: 200,
        cache_read_input_tokens: 3000,
        output_tokens: 1,
      },
    },
  }),
  sse("content_block_delta", {
    type: "content_block_delta",
    delta: { type: "text_delta", text: 'a text that mentions "usage" and message_delta' },
  }),
  sse("message_delta", {
    type: "message_delta",
    delta: { stop_reason: "end_turn" },
    usage: { output_tokens: 500 },
  }),
  sse("message_stop", { type: "message_stop" }),
].join("");

// sonnet: (1000 + 200 × 1.25 + 3000 × 0.1) × $3/M + 500 × $15/M
const STREAM_COST = ((1000 + 250 + 300) * 3 + 500 * 15) / 1_000_000;

describe("UsageMeter", () => {
  it("reads input and cache tokens from message_start and the cumulative output from message_delta", () => {
    const meter = new UsageMeter("sse");
    meter.push(Buffer.from(STREAM));
    expect(meter.finish()).toBeCloseTo(STREAM_COST, 12);
    expect(meter.tokens).toEqual({
      input_tokens: 1000,
      cache_creation_input_tokens: 200,
      cache_read_input_tokens: 3000,
      output_tokens: 500,
    });
  });

  it("gives the same answer whatever the chunking, including multi-byte characters split across chunks", () => {
    const bytes = Buffer.from(STREAM.replace("a text", "un café ☕ text"));
    for (const size of [1, 2, 3, 7, 64]) {
      const meter = new UsageMeter("sse");
      for (let i = 0; i < bytes.length; i += size) meter.push(bytes.subarray(i, i + size));
      expect(meter.finish()).toBeCloseTo(STREAM_COST, 12);
    }
  });

  it("understands CRLF-separated events", () => {
    const meter = new UsageMeter("sse");
    meter.push(
      Buffer.from(
        sse(
          "message_start",
          { type: "message_start", message: { model: "claude-haiku-4-5", usage: { input_tokens: 10 } } },
          "\r\n",
        ) + sse("message_delta", { type: "message_delta", usage: { output_tokens: 20 } }, "\r\n"),
      ),
    );
    expect(meter.finish()).toBeCloseTo((10 * 1 + 20 * 5) / 1_000_000, 12);
  });

  it("meters a plain JSON answer from its top-level usage", () => {
    const meter = new UsageMeter("json");
    const body = JSON.stringify({
      model: "claude-opus-4-5",
      usage: { input_tokens: 100, output_tokens: 10 },
    });
    meter.push(Buffer.from(body.slice(0, 20)));
    meter.push(Buffer.from(body.slice(20)));
    expect(meter.finish()).toBeCloseTo((100 * 5 + 10 * 25) / 1_000_000, 12);
  });

  it("ignores malformed and negative counts instead of failing", () => {
    const meter = new UsageMeter("sse");
    meter.push(Buffer.from("event: message_start\ndata: {not json\n\n"));
    meter.push(Buffer.from(sse("message_delta", { type: "message_delta", usage: { output_tokens: -5 } })));
    expect(meter.finish()).toBe(0);
  });
});

describe("model prices", () => {
  it.each([
    ["claude-opus-4-5-20251101", 5, 25],
    ["claude-opus-4-6", 5, 25],
    ["claude-opus-4-1-20250805", 15, 75],
    ["claude-opus-4-20250514", 15, 75],
    ["claude-sonnet-4-5-20250929", 3, 15],
    ["claude-3-7-sonnet-latest", 3, 15],
    ["claude-haiku-4-5", 1, 5],
    ["claude-3-5-haiku-20241022", 0.8, 4],
    ["claude-3-haiku-20240307", 0.25, 1.25],
  ])("%s costs $%d/$%d per million input/output tokens", (model, input, output) => {
    expect(priceOf(model)).toEqual({ input, output });
  });

  it("prices an unknown model as the most expensive, so the cap trips early rather than late", () => {
    expect(priceOf("some-new-model")).toEqual(UNKNOWN_MODEL_PRICE);
    expect(priceOf(undefined)).toEqual(UNKNOWN_MODEL_PRICE);
    expect(costOf("some-new-model", { input_tokens: 1_000_000 })).toBe(15);
  });
});

describe("the AWS event-stream codec loads on demand", () => {
  it("a meter for an event stream needs the loaded codec; the codec is loaded once", async () => {
    expect(() => new UsageMeter("aws-eventstream")).toThrow(/load it first \(loadEventStreamCodec\)/);
    const codec = await loadEventStreamCodec();
    expect(await loadEventStreamCodec()).toBe(codec);
    expect(new UsageMeter("aws-eventstream", undefined, codec).finish()).toBe(0);
  });
});
