import { randomUUID } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the scripted model answers to one main-loop request (see CONTRACTS.md, test/harness).
 * - `text`: one text block, stop_reason end_turn.
 * - `tool_use`: optional text block, then one tool_use block, stop_reason tool_use.
 * - `structured_output`: a tool_use of the `StructuredOutput` tool the CLI injects for --json-schema.
 * - `http_error`: Anthropic's error JSON with the given status (429/529 may carry retry-after).
 * - `slow_stream`: text streamed one word per delta with `chunkDelayMs` between deltas.
 * - `broken_stream`: message_start and part of the text, then the socket is destroyed.
 * - `thinking`: a thinking block (thinking_delta, signature_delta), then a text block.
 * - `refusal`: a text block, stop_reason `refusal` with `stop_details` (category, explanation).
 */
export type ScriptedReply =
  | { kind: "text"; text: string }
  | { kind: "tool_use"; name: string; input: Record<string, unknown>; id?: string; text?: string }
  | { kind: "structured_output"; value: unknown }
  | { kind: "http_error"; status: number; errorType?: string; message?: string; retryAfterSeconds?: number }
  | { kind: "slow_stream"; text: string; chunkDelayMs: number }
  | { kind: "broken_stream"; text: string }
  | { kind: "thinking"; thinking: string; text: string }
  | { kind: "refusal"; text: string; category?: string; explanation?: string };

export interface RecordedRequest {
  /** Position among all recorded requests (0-based). */
  readonly index: number;
  readonly method: string;
  /** Path including the query string, e.g. `/v1/messages?beta=true`. */
  readonly path: string;
  /** Request headers; `x-api-key` and `authorization` are replaced by `[redacted]`. */
  readonly headers: Record<string, string>;
  /** Parsed JSON body, or `undefined` for bodiless requests (HEAD) and bodies that are not JSON. */
  readonly body: unknown;
  /** True when this request consumed a script step (see `isMainLoopRequest`). */
  readonly main: boolean;
  /** The reply sent (script step for main requests, the default for side requests). */
  readonly reply?: ScriptedReply;
  /**
   * The raw `x-api-key` and `authorization` values, only with `keepCredentials` (tests that prove
   * which credential reached the API, e.g. through the credential proxy).
   */
  readonly credentials?: { xApiKey?: string; authorization?: string };
}

export interface ScriptedApiOptions {
  /** Delay before answering `POST /v1/messages/count_tokens` (to make a control request slow). */
  countTokensDelayMs?: number;
  /** Extra headers on every successful Messages API answer (e.g. the unified rate-limit headers). */
  responseHeaders?: Record<string, string>;
  /** Record the raw credential headers in `RecordedRequest.credentials`. */
  keepCredentials?: boolean;
  /**
   * The text of a side request's answer (default "Scripted side reply"); return undefined to keep
   * the default. For the CLI's own one-shot calls whose answer it parses (e.g. memory selection).
   */
  sideReplyText?: (request: RecordedRequest) => string | undefined;
  /**
   * Report each main reply's input tokens from its request's size (JSON characters / 3.5) instead of
   * a fixed 10, and its output tokens from its content's size the same way instead of a fixed 5, so
   * what the CLI records as a conversation's size, and as its last reply's, grows as a real one would.
   */
  measuredUsage?: boolean;
}

export type ScriptFunction = (request: RecordedRequest, mainIndex: number) => ScriptedReply;
export type Script = readonly ScriptedReply[] | ScriptFunction;

/** A message of the Messages API request body, as the CLI sent it. */
export interface RequestMessage {
  role: string;
  content: string | Array<{ type: string; [key: string]: unknown }>;
}

const REDACTED_HEADERS = new Set(["x-api-key", "authorization", "proxy-authorization"]);

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

/**
 * The side-request rule: a `POST /v1/messages` consumes a script step only when its body carries a
 * non-empty `tools` array. The agent loop always offers its tools (built-ins, or at least
 * `StructuredOutput`), whereas the CLI's own helper calls (title/topic generation, quota probes with a
 * small model, compaction summaries) are tool-less one-shots. Those get a harmless default reply.
 */
export function isMainLoopRequest(method: string, path: string, body: unknown): boolean {
  if (method !== "POST" || pathname(path) !== "/v1/messages") return false;
  if (typeof body !== "object" || body === null) return false;
  const tools = (body as { tools?: unknown }).tools;
  return Array.isArray(tools) && tools.length > 0;
}

/** Text of every message of a recorded request, flattened (text, tool_use input, tool_result content). */
export function messagesOf(request: RecordedRequest): RequestMessage[] {
  const body = request.body as { messages?: unknown } | undefined;
  return Array.isArray(body?.messages) ? (body.messages as RequestMessage[]) : [];
}

/** All text a request's messages carry, one string, for "the model saw X" assertions. */
export function conversationText(request: RecordedRequest): string {
  return JSON.stringify(messagesOf(request));
}

/** The `tool_result` blocks of a recorded request's messages. */
export function toolResultsOf(
  request: RecordedRequest,
): Array<{ tool_use_id: string; content: unknown; is_error?: boolean }> {
  const out: Array<{ tool_use_id: string; content: unknown; is_error?: boolean }> = [];
  for (const message of messagesOf(request)) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_result") {
        out.push(block as unknown as { tool_use_id: string; content: unknown; is_error?: boolean });
      }
    }
  }
  return out;
}

function pathname(path: string): string {
  const q = path.indexOf("?");
  return q === -1 ? path : path.slice(0, q);
}

function redact(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = REDACTED_HEADERS.has(name) ? "[redacted]" : Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function rawCredentials(headers: IncomingHttpHeaders): { xApiKey?: string; authorization?: string } {
  const xApiKey = headers["x-api-key"];
  const authorization = headers.authorization;
  return {
    ...(typeof xApiKey === "string" ? { xApiKey } : {}),
    ...(typeof authorization === "string" ? { authorization } : {}),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

interface Waiter {
  count: number;
  resolve: (request: RecordedRequest) => void;
}

/** Scripted stand-in for the Anthropic Messages API, for the real claude binary (test-only). */
export class ScriptedMessagesApi {
  readonly requests: RecordedRequest[] = [];
  private readonly server: Server;
  private readonly script: Script;
  private readonly sockets = new Set<import("node:net").Socket>();
  private readonly waiters: Waiter[] = [];
  private mainCount = 0;
  readonly url: string;

  private constructor(
    server: Server,
    script: Script,
    url: string,
    private readonly options: ScriptedApiOptions,
  ) {
    this.server = server;
    this.script = script;
    this.url = url;
  }

  static async start(script: Script, options: ScriptedApiOptions = {}): Promise<ScriptedMessagesApi> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const api = new ScriptedMessagesApi(server, script, `http://127.0.0.1:${port}`, options);
    server.on("connection", (socket) => {
      api.sockets.add(socket);
      socket.on("close", () => api.sockets.delete(socket));
    });
    server.on("request", (req, res) => {
      api.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify(errorBody("api_error", `scripted API failure: ${String(error)}`)));
      });
    });
    return api;
  }

  /** Requests that consumed a script step, in order. */
  get mainRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.main);
  }

  /** Resolves with the `count`-th main-loop request (1-based) as soon as it has arrived. */
  waitForMainRequests(count: number): Promise<RecordedRequest> {
    const existing = this.mainRequests[count - 1];
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const raw = method === "GET" || method === "HEAD" ? "" : await readBody(req);
    const body = parseJson(raw);
    const main = isMainLoopRequest(method, path, body);
    const base = {
      index: this.requests.length,
      method,
      path,
      headers: redact(req.headers),
      body,
      main,
      ...(this.options.keepCredentials ? { credentials: rawCredentials(req.headers) } : {}),
    };

    if (!main) {
      const recorded: RecordedRequest = { ...base };
      this.requests.push(recorded);
      return this.answerSideRequest(recorded, res);
    }

    const mainIndex = this.mainCount++;
    const pending: RecordedRequest = { ...base };
    const reply = this.nextReply(pending, mainIndex);
    const recorded: RecordedRequest = { ...base, reply };
    this.requests.push(recorded);
    for (const waiter of this.waiters.splice(0)) {
      if (this.mainCount >= waiter.count) waiter.resolve(this.mainRequests[waiter.count - 1]!);
      else this.waiters.push(waiter);
    }
    const stream = (body as { stream?: unknown }).stream === true;
    const model = String((body as { model?: unknown }).model ?? "claude-scripted");
    const inputTokens = this.options.measuredUsage ? Math.ceil(JSON.stringify(body).length / 3.5) : undefined;
    return this.answer(reply, stream, model, res, inputTokens);
  }

  private nextReply(request: RecordedRequest, mainIndex: number): ScriptedReply {
    if (typeof this.script === "function") return this.script(request, mainIndex);
    const step = this.script[mainIndex];
    if (step) return step;
    // Running off the end of the script is a test bug: answer loudly so the CLI's result shows it.
    return {
      kind: "http_error",
      status: 400,
      message: `scripted API: no script step left for main request #${mainIndex + 1} (script has ${this.script.length})`,
    };
  }

  private async answerSideRequest(request: RecordedRequest, res: ServerResponse): Promise<void> {
    const path = pathname(request.path);
    if (request.method === "HEAD" || request.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(request.method === "HEAD" ? undefined : "{}");
      return;
    }
    if (path === "/v1/messages/count_tokens") {
      if (this.options.countTokensDelayMs) await sleep(this.options.countTokensDelayMs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ input_tokens: Math.ceil(JSON.stringify(request.body ?? "").length / 4) }));
      return;
    }
    if (path === "/v1/messages") {
      const body = (request.body ?? {}) as { stream?: unknown; model?: unknown };
      return this.answer(
        { kind: "text", text: this.options.sideReplyText?.(request) ?? "Scripted side reply" },
        body.stream === true,
        String(body.model ?? "claude-scripted"),
        res,
      );
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(
      JSON.stringify(errorBody("not_found_error", `scripted API: no route for ${request.method} ${path}`)),
    );
  }

  private async answer(
    reply: ScriptedReply,
    stream: boolean,
    model: string,
    res: ServerResponse,
    inputTokens = 10,
  ): Promise<void> {
    if (reply.kind === "http_error") {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "request-id": `req_${randomUUID()}`,
      };
      if (reply.retryAfterSeconds !== undefined) headers["retry-after"] = String(reply.retryAfterSeconds);
      res.writeHead(reply.status, headers);
      res.end(
        JSON.stringify(
          errorBody(
            reply.errorType ?? ERROR_TYPES[reply.status] ?? "api_error",
            reply.message ?? `scripted HTTP ${reply.status}`,
          ),
        ),
      );
      return;
    }
    const blocks = contentOf(reply);
    const stopReason =
      reply.kind === "refusal"
        ? "refusal"
        : blocks.some((b) => b.type === "tool_use")
          ? "tool_use"
          : "end_turn";
    const stopDetails =
      reply.kind === "refusal"
        ? { type: "refusal", category: reply.category ?? null, explanation: reply.explanation ?? null }
        : null;
    const id = `msg_${randomUUID().replaceAll("-", "")}`;
    const usage = {
      input_tokens: inputTokens,
      output_tokens: this.options.measuredUsage
        ? Math.max(1, Math.ceil(JSON.stringify(blocks).length / 3.5))
        : 5,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    if (!stream) {
      res.writeHead(200, { "content-type": "application/json", "request-id": `req_${randomUUID()}` });
      res.end(
        JSON.stringify({
          id,
          type: "message",
          role: "assistant",
          model,
          content: blocks,
          stop_reason: stopReason,
          stop_sequence: null,
          ...(stopDetails ? { stop_details: stopDetails } : {}),
          usage,
        }),
      );
      return;
    }

    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "request-id": `req_${randomUUID()}`,
      ...this.options.responseHeaders,
    });
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send("message_start", {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    const delay = reply.kind === "slow_stream" ? reply.chunkDelayMs : 0;
    for (const [index, block] of blocks.entries()) {
      if (block.type === "text") {
        send("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "text", text: "" },
        });
        const pieces = delay > 0 || reply.kind === "broken_stream" ? splitWords(block.text) : [block.text];
        // A broken stream sends the first half of its words, then the connection dies without
        // content_block_stop/message_stop (a transport failure mid-turn).
        const cut =
          reply.kind === "broken_stream" ? Math.max(1, Math.floor(pieces.length / 2)) : pieces.length;
        for (const piece of pieces.slice(0, cut)) {
          if (delay > 0) await sleep(delay);
          if (res.destroyed) return;
          send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "text_delta", text: piece },
          });
        }
        if (reply.kind === "broken_stream") {
          // Wait until the partial events are on the wire (an SSE comment's write callback), so the
          // client really sees a stream that starts and then dies, not a refused request.
          await new Promise<void>((resolve) => res.write(": flush\n\n", () => resolve()));
          res.socket?.destroy();
          return;
        }
      } else if (block.type === "thinking") {
        send("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        });
        for (const piece of splitWords(block.thinking)) {
          send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "thinking_delta", thinking: piece },
          });
        }
        send("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "signature_delta", signature: block.signature },
        });
      } else {
        send("content_block_start", {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        const json = JSON.stringify(block.input);
        const half = Math.floor(json.length / 2);
        for (const part of [json.slice(0, half), json.slice(half)]) {
          send("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: part },
          });
        }
      }
      send("content_block_stop", { type: "content_block_stop", index });
    }
    send("message_delta", {
      type: "message_delta",
      delta: {
        stop_reason: stopReason,
        stop_sequence: null,
        ...(stopDetails ? { stop_details: stopDetails } : {}),
      },
      usage,
    });
    send("message_stop", { type: "message_stop" });
    res.end();
  }
}

function errorBody(type: string, message: string) {
  return { type: "error", error: { type, message }, request_id: `req_${randomUUID()}` };
}

function splitWords(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [text];
  return words.length > 0 ? words : [text];
}

function contentOf(reply: Exclude<ScriptedReply, { kind: "http_error" }>): ContentBlock[] {
  switch (reply.kind) {
    case "text":
    case "slow_stream":
    case "broken_stream":
    case "refusal":
      return [{ type: "text", text: reply.text }];
    case "thinking":
      return [
        { type: "thinking", thinking: reply.thinking, signature: "scripted-signature" },
        { type: "text", text: reply.text },
      ];
    case "tool_use": {
      const blocks: ContentBlock[] = reply.text ? [{ type: "text", text: reply.text }] : [];
      blocks.push({ type: "tool_use", id: reply.id ?? toolUseId(), name: reply.name, input: reply.input });
      return blocks;
    }
    case "structured_output":
      return [
        {
          type: "tool_use",
          id: toolUseId(),
          name: "StructuredOutput",
          input: reply.value as Record<string, unknown>,
        },
      ];
  }
}

function toolUseId(): string {
  return `toolu_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
}
