import { StringDecoder } from "node:string_decoder";
import { costOf, type TokenUsage } from "./model-prices.js";

/** How an answer is framed: Anthropic SSE, Bedrock's AWS event stream, or one JSON body. */
export type ResponseFormat = "sse" | "aws-eventstream" | "json";

/** What the meter needs of the AWS SDK's event-stream codec. */
export interface EventStreamDecoder {
  decode(frame: Uint8Array): { headers: Record<string, { value: unknown } | undefined>; body: Uint8Array };
}

let codecLoad: Promise<EventStreamDecoder> | undefined;

/**
 * The AWS SDK's event-stream codec, loaded with the first Bedrock answer: a session on another
 * provider never pays its import (about 30 ms of host CPU with @smithy/core, bench:overhead).
 */
export function loadEventStreamCodec(): Promise<EventStreamDecoder> {
  codecLoad ??= Promise.all([import("@smithy/eventstream-codec"), import("@smithy/util-utf8")]).then(
    ([{ EventStreamCodec }, { fromUtf8, toUtf8 }]) => new EventStreamCodec(toUtf8, fromUtf8),
  );
  return codecLoad;
}

/** The framing of an answer, from its content type. */
export function responseFormat(contentType: string): ResponseFormat {
  if (contentType.includes("text/event-stream")) return "sse";
  if (contentType.includes("application/vnd.amazon.eventstream")) return "aws-eventstream";
  return "json";
}

/** A meter for one answer, with the event-stream codec loaded first when the answer is one. */
export async function usageMeterFor(format: ResponseFormat, requestModel?: string): Promise<UsageMeter> {
  const codec = format === "aws-eventstream" ? await loadEventStreamCodec() : undefined;
  return new UsageMeter(format, requestModel, codec);
}

/**
 * Reads the usage out of one Messages API response as its bytes pass through, without holding the
 * response: a streamed (SSE) answer reports input and cache tokens in `message_start` and the
 * cumulative output tokens in `message_delta`; a plain JSON answer carries `usage` at the top level.
 * Only those events are parsed, so text deltas cost a substring scan and nothing more.
 */
export class UsageMeter {
  private readonly decoder = new StringDecoder("utf8");
  private pending = "";
  private binary: Buffer = Buffer.alloc(0);
  private jsonBody = "";
  private model: string | undefined;
  private usage: TokenUsage = {};

  constructor(
    private readonly format: ResponseFormat,
    requestModel?: string,
    /** Required for an AWS event stream (see loadEventStreamCodec). */
    private readonly codec?: EventStreamDecoder,
  ) {
    if (format === "aws-eventstream" && !codec)
      throw new Error(
        "an AWS event-stream answer is metered with the codec: load it first (loadEventStreamCodec)",
      );
    this.model = requestModel;
  }

  private get streamed(): boolean {
    return this.format === "sse";
  }

  push(chunk: Buffer): void {
    if (this.format === "aws-eventstream") {
      this.pushEventStream(chunk);
      return;
    }
    const text = this.decoder.write(chunk);
    if (!this.streamed) {
      // A non-streamed answer is small (one message); kept only to read its usage at the end.
      this.jsonBody += text;
      return;
    }
    this.pending += text;
    let end = this.eventEnd();
    while (end !== -1) {
      this.onEvent(this.pending.slice(0, end));
      this.pending = this.pending.slice(end + (this.pending.startsWith("\r\n\r\n", end) ? 4 : 2));
      end = this.eventEnd();
    }
  }

  /** Call when the response ended; returns its cost in USD. */
  finish(): number {
    if (this.format === "aws-eventstream") return this.costUsd;
    const rest = this.decoder.end();
    if (this.streamed) {
      if (this.pending + rest) this.onEvent(this.pending + rest);
      this.pending = "";
    } else {
      this.jsonBody += rest;
      const body = parseJson(this.jsonBody) as { model?: unknown; usage?: TokenUsage } | undefined;
      if (typeof body?.model === "string") this.model = body.model;
      if (body?.usage) this.usage = { ...body.usage };
      this.jsonBody = "";
    }
    return this.costUsd;
  }

  get costUsd(): number {
    return costOf(this.model, this.usage);
  }

  get tokens(): TokenUsage {
    return { ...this.usage };
  }

  /** AWS event-stream messages start with their total length (uint32, big-endian). */
  private pushEventStream(chunk: Buffer): void {
    this.binary = this.binary.length ? Buffer.concat([this.binary, chunk]) : chunk;
    while (this.binary.length >= 4) {
      const length = this.binary.readUInt32BE(0);
      if (length < 16 || this.binary.length < length) break;
      const frame = this.binary.subarray(0, length);
      this.binary = this.binary.subarray(length);
      try {
        const message = this.codec!.decode(frame);
        if (message.headers[":event-type"]?.value !== "chunk") continue;
        const payload = parseJson(Buffer.from(message.body).toString("utf8")) as
          | { bytes?: unknown }
          | undefined;
        if (typeof payload?.bytes === "string") {
          this.onEventObject(parseJson(Buffer.from(payload.bytes, "base64").toString("utf8")));
        }
      } catch {
        // A frame with a bad checksum is not ours to judge; the client sees the same bytes.
      }
    }
  }

  private eventEnd(): number {
    const lf = this.pending.indexOf("\n\n");
    const crlf = this.pending.indexOf("\r\n\r\n");
    if (lf === -1) return crlf;
    if (crlf === -1) return lf;
    return Math.min(lf, crlf);
  }

  private onEvent(event: string): void {
    if (!event.includes("message_start") && !event.includes("message_delta")) return;
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart())
      .join("\n");
    this.onEventObject(parseJson(data));
  }

  private onEventObject(event: unknown): void {
    const parsed = event as
      | { type?: string; message?: { model?: unknown; usage?: TokenUsage }; usage?: TokenUsage }
      | undefined;
    if (parsed?.type === "message_start") {
      if (typeof parsed.message?.model === "string") this.model = parsed.message.model;
      this.usage = { ...this.usage, ...definedCounts(parsed.message?.usage) };
    } else if (parsed?.type === "message_delta") {
      // message_delta counts are cumulative for the message: they replace, never add.
      this.usage = { ...this.usage, ...definedCounts(parsed.usage) };
    }
  }
}

function definedCounts(usage: TokenUsage | undefined): TokenUsage {
  const out: TokenUsage = {};
  if (!usage) return out;
  for (const key of [
    "input_tokens",
    "output_tokens",
    "cache_creation_input_tokens",
    "cache_read_input_tokens",
  ] as const) {
    const value = usage[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) out[key] = value;
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
