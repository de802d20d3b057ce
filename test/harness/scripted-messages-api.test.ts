import { afterEach, describe, expect, it } from "vitest";
import { isMainLoopRequest, ScriptedMessagesApi, type ScriptedReply } from "./scripted-messages-api.js";

// The harness itself, without the CLI: what the scripted API puts on the wire.
let api: ScriptedMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const mainBody = (stream: boolean) => ({
  model: "claude-test",
  stream,
  tools: [{ name: "Bash" }],
  messages: [{ role: "user", content: "hi" }],
});

async function post(path: string, body: unknown, key = "secret-key-123") {
  return fetch(`${api!.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify(body),
  });
}

function sseEvents(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text
    .split("\n\n")
    .filter((chunk) => chunk.trim() !== "")
    .map((chunk) => {
      const [eventLine, dataLine] = chunk.split("\n");
      return {
        event: eventLine!.slice("event: ".length),
        data: JSON.parse(dataLine!.slice("data: ".length)),
      };
    });
}

describe("ScriptedMessagesApi", () => {
  it("streams a tool_use reply as Anthropic SSE with input_json_delta pieces that rebuild the input", async () => {
    const input = { command: "echo hi", description: "say hi" };
    api = await ScriptedMessagesApi.start([
      { kind: "tool_use", name: "Bash", input, id: "toolu_1", text: "Running" },
    ]);
    const res = await post("/v1/messages?beta=true", mainBody(true));
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const events = sseEvents(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    for (const e of events) expect(e.data.type).toBe(e.event);
    const json = events
      .filter((e) => (e.data.delta as { type?: string } | undefined)?.type === "input_json_delta")
      .map((e) => (e.data.delta as { partial_json: string }).partial_json)
      .join("");
    expect(JSON.parse(json)).toEqual(input);
    expect(events.at(-2)!.data).toMatchObject({
      delta: { stop_reason: "tool_use" },
      usage: { output_tokens: 5 },
    });
  });

  it("answers non-streaming requests with a complete message", async () => {
    api = await ScriptedMessagesApi.start([{ kind: "structured_output", value: { ok: true } }]);
    const body = (await (await post("/v1/messages", mainBody(false))).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: "message",
      role: "assistant",
      stop_reason: "tool_use",
      content: [{ type: "tool_use", name: "StructuredOutput", input: { ok: true } }],
    });
  });

  it("sends Anthropic's error JSON with retry-after", async () => {
    api = await ScriptedMessagesApi.start([{ kind: "http_error", status: 429, retryAfterSeconds: 7 }]);
    const res = await post("/v1/messages?beta=true", mainBody(true));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });

  it("cuts a broken stream without message_stop", async () => {
    api = await ScriptedMessagesApi.start([{ kind: "broken_stream", text: "one two three four" }]);
    const res = await post("/v1/messages?beta=true", mainBody(true));
    expect(res.status).toBe(200);
    let text = "";
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
        }
      })(),
    ).rejects.toThrow();
    expect(text).toContain("message_start");
    expect(text).toContain("one ");
    expect(text).not.toContain("message_stop");
    expect(text).not.toContain("three");
  });

  it("side requests (no tools, count_tokens, HEAD) do not consume script steps", async () => {
    const script: ScriptedReply[] = [{ kind: "text", text: "main answer" }];
    api = await ScriptedMessagesApi.start(script);
    expect((await fetch(`${api.url}/api/hello`, { method: "HEAD" })).status).toBe(200);
    const title = await post("/v1/messages", { model: "small", stream: false, messages: [] });
    expect(await title.json()).toMatchObject({ content: [{ type: "text", text: "Scripted side reply" }] });
    expect(await (await post("/v1/messages/count_tokens?beta=true", mainBody(false))).json()).toHaveProperty(
      "input_tokens",
    );
    const main = await (await post("/v1/messages", mainBody(false))).json();
    expect(main).toMatchObject({ content: [{ type: "text", text: "main answer" }] });
    expect(api.requests).toHaveLength(4);
    expect(api.mainRequests.map((r) => r.index)).toEqual([3]);
    expect(isMainLoopRequest("POST", "/v1/messages?beta=true", mainBody(true))).toBe(true);
    expect(isMainLoopRequest("POST", "/v1/messages/count_tokens", mainBody(true))).toBe(false);
  });

  it("answers a loud 400 naming the step when the script runs out", async () => {
    api = await ScriptedMessagesApi.start([]);
    const res = await post("/v1/messages", mainBody(false));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("no script step left for main request #1");
  });

  it("redacts the API key from recorded headers", async () => {
    api = await ScriptedMessagesApi.start([{ kind: "text", text: "ok" }]);
    await (await post("/v1/messages", mainBody(false), "sk-ant-very-secret")).text();
    expect(api.requests[0]!.headers["x-api-key"]).toBe("[redacted]");
    expect(JSON.stringify(api.requests)).not.toContain("sk-ant-very-secret");
  });
});
