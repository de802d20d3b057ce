import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  CredentialProxy,
  type CredentialProxyOptions,
  OAUTH_BETA,
  type ProxyStopReason,
  type RunningCredentialProxy,
  startCredentialProxy,
} from "../../src/sandbox/credential-proxy/index.js";
import { type Script, ScriptedMessagesApi } from "../harness/scripted-messages-api.js";

const REAL_KEY = "sk-ant-api03-real-key-held-by-the-host-only";
const MESSAGES_BODY = JSON.stringify({
  model: "claude-opus-4-1",
  stream: true,
  max_tokens: 64,
  tools: [{ name: "Read", input_schema: { type: "object" } }],
  messages: [{ role: "user", content: "hi" }],
});

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scriptedApi(script: Script): Promise<ScriptedMessagesApi> {
  const api = await ScriptedMessagesApi.start(script, { keepCredentials: true });
  cleanups.push(() => api.close());
  return api;
}

async function proxyTo(
  upstreamUrl: string,
  options: Partial<CredentialProxyOptions> = {},
): Promise<{ running: RunningCredentialProxy; stops: ProxyStopReason[] }> {
  const stops: ProxyStopReason[] = [];
  const running = await startCredentialProxy({
    upstreamUrl,
    credential: { kind: "api-key", apiKey: REAL_KEY },
    onStop: (reason) => stops.push(reason),
    ...options,
  });
  cleanups.push(() => running.close());
  return { running, stops };
}

function post(url: string, key: string | undefined, body = MESSAGES_BODY): Promise<Response> {
  return fetch(`${url}/v1/messages?beta=true`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key === undefined ? {} : { "x-api-key": key }) },
    body,
  });
}

describe("credential proxy (against the scripted Messages API)", () => {
  it("forwards with the real key in place of the job token and streams the answer back", async () => {
    const api = await scriptedApi([{ kind: "text", text: "hello through the proxy" }]);
    const { running } = await proxyTo(api.url);
    const res = await post(running.url, running.proxy.token.value);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    expect(text).toContain("hello through the proxy");
    expect(text).toContain("message_stop");
    expect(api.requests.at(-1)?.credentials).toEqual({ xApiKey: REAL_KEY });
    expect(JSON.stringify(api.requests.at(-1)?.headers)).not.toContain(running.proxy.token.value);
    expect(running.proxy.stats).toMatchObject({ forwarded: 1, refused: 0 });
  });

  it("keeps the upstream URL's path prefix and the query string", async () => {
    const api = await scriptedApi([{ kind: "text", text: "ok" }]);
    const { running } = await proxyTo(`${api.url}/`);
    await (await post(running.url, running.proxy.token.value)).text();
    expect(api.requests.at(-1)?.path).toBe("/v1/messages?beta=true");
  });

  it("refuses an unknown token and a missing one with 401 and a clear body; nothing goes upstream", async () => {
    const api = await scriptedApi([{ kind: "text", text: "never" }]);
    const { running } = await proxyTo(api.url);
    for (const key of ["not-the-job-token", undefined, `${running.proxy.token.value}x`]) {
      const res = await post(running.url, key);
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe("authentication_error");
      expect(body.error.message).toMatch(/credential proxy: unknown token/);
    }
    expect(api.requests).toHaveLength(0);
    expect(running.proxy.stats.refused).toBe(3);
  });

  it("accepts the token as a bearer too (ANTHROPIC_AUTH_TOKEN style clients)", async () => {
    const api = await scriptedApi([{ kind: "text", text: "bearer ok" }]);
    const { running } = await proxyTo(api.url);
    const res = await fetch(`${running.url}/v1/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${running.proxy.token.value}`, "content-type": "application/json" },
      body: MESSAGES_BODY,
    });
    expect(await res.text()).toContain("bearer ok");
    expect(api.requests.at(-1)?.credentials).toEqual({ xApiKey: REAL_KEY });
  });

  it("refuses the job's own token once the job ended (revoked), and the port closes with the job", async () => {
    const api = await scriptedApi([{ kind: "text", text: "before" }]);
    const proxy = new CredentialProxy({
      upstreamUrl: api.url,
      credential: { kind: "api-key", apiKey: REAL_KEY },
    });
    const server = await listen((req, res) => proxy.handle(req, res));
    const token = proxy.token.value;
    expect((await post(server.url, token)).status).toBe(200);
    proxy.revoke();
    const res = await post(server.url, token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /the job this token belonged to has ended/,
    );
    expect(api.requests).toHaveLength(1);

    const { running } = await proxyTo(api.url);
    await running.close();
    await expect(post(running.url, running.proxy.token.value)).rejects.toThrow();
  });

  it("answers the CLI's keyless reachability probe locally", async () => {
    const api = await scriptedApi([]);
    const { running } = await proxyTo(api.url);
    const res = await fetch(`${running.url}/api/hello`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(api.requests).toHaveLength(0);
  });

  it("sends an OAuth token as a bearer with the OAuth beta, keeping the client's betas", async () => {
    const api = await scriptedApi([{ kind: "text", text: "oauth ok" }]);
    const { running } = await proxyTo(api.url, {
      credential: { kind: "oauth", token: "sk-ant-oat01-oauth" },
    });
    const res = await fetch(`${running.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": running.proxy.token.value, "anthropic-beta": "claude-code-20250219" },
      body: MESSAGES_BODY,
    });
    await res.text();
    const last = api.requests.at(-1);
    expect(last?.credentials).toEqual({ authorization: "Bearer sk-ant-oat01-oauth" });
    expect(last?.headers["anthropic-beta"]).toBe(`claude-code-20250219,${OAUTH_BETA}`);
  });

  it("fails fast on an upstream 401: a clear error, one stop, and no further request reaches upstream", async () => {
    const api = await scriptedApi(() => ({ kind: "http_error", status: 401, message: "invalid x-api-key" }));
    const { running, stops } = await proxyTo(api.url);
    const token = running.proxy.token.value;
    const first = await post(running.url, token);
    expect(first.status).toBe(401);
    const body = (await first.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("authentication_error");
    expect(body.error.message).toMatch(/rejected the credentials \(HTTP 401 invalid x-api-key\).*refused/);
    expect(body.error.message).not.toContain(REAL_KEY);
    const again = await post(running.url, token);
    expect(again.status).toBe(401);
    expect(api.requests).toHaveLength(1);
    expect(stops).toEqual([expect.objectContaining({ kind: "upstream_auth_failed", status: 401 })]);
  });

  it("fails fast on an upstream 403 the same way, and never echoes the real key", async () => {
    const api = await scriptedApi(() => ({
      kind: "http_error",
      status: 403,
      message: `key ${REAL_KEY} may not use this model`,
    }));
    const { running, stops } = await proxyTo(api.url);
    const res = await post(running.url, running.proxy.token.value);
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain("permission_error");
    expect(text).not.toContain(REAL_KEY);
    expect(running.proxy.stopReason?.message).not.toContain(REAL_KEY);
    expect((await post(running.url, running.proxy.token.value)).status).toBe(403);
    expect(api.requests).toHaveLength(1);
    expect(stops.map((s) => s.kind)).toEqual(["upstream_auth_failed"]);
  });

  it("passes other errors through untouched and keeps serving (a 529 is the CLI's to retry)", async () => {
    const api = await scriptedApi([
      { kind: "http_error", status: 529 },
      { kind: "text", text: "recovered" },
    ]);
    const { running, stops } = await proxyTo(api.url);
    const token = running.proxy.token.value;
    const first = await post(running.url, token);
    expect(first.status).toBe(529);
    expect(await first.text()).toContain("overloaded_error");
    expect(await (await post(running.url, token)).text()).toContain("recovered");
    expect(stops).toEqual([]);
  });

  it("meters the streamed usage and stops at the spend cap with a 402 and a clear message", async () => {
    const api = await scriptedApi(() => ({ kind: "text", text: "costly" }));
    // claude-opus-4-1: 10 input × $15/M + 5 output × $75/M = $0.000525 per scripted answer.
    const { running, stops } = await proxyTo(api.url, { maxCostUsd: 0.001 });
    const token = running.proxy.token.value;
    await (await post(running.url, token)).text();
    expect(running.proxy.stats.spentUsd).toBeCloseTo(0.000525, 9);
    expect(stops).toEqual([]);
    await (await post(running.url, token)).text();
    expect(running.proxy.stats.spentUsd).toBeCloseTo(0.00105, 9);
    expect(stops).toEqual([
      expect.objectContaining({
        kind: "budget_exceeded",
        capUsd: 0.001,
        spentUsd: expect.closeTo(0.00105, 9),
      }),
    ]);
    const refused = await post(running.url, token);
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: { type: string; message: string } };
    expect(body.error).toEqual({
      type: "billing_error",
      message: expect.stringMatching(/spend cap of \$0\.001 is reached \(\$0\.00105\d* metered\)/),
    });
    expect(api.requests).toHaveLength(2);
  });

  it("meters a non-streamed answer from its JSON usage", async () => {
    const api = await scriptedApi(() => ({ kind: "text", text: "plain" }));
    const { running } = await proxyTo(api.url);
    const res = await post(
      running.url,
      running.proxy.token.value,
      JSON.stringify({ ...JSON.parse(MESSAGES_BODY), stream: false, model: "claude-sonnet-4-5" }),
    );
    expect(((await res.json()) as { content: unknown[] }).content).toHaveLength(1);
    // claude-sonnet-4-5: 10 × $3/M + 5 × $15/M.
    expect(running.proxy.stats.spentUsd).toBeCloseTo(0.000105, 9);
  });

  it("streams without buffering: the first event reaches the client before upstream has finished", async () => {
    let releaseUpstream: () => void = () => {};
    const upstreamMayFinish = new Promise<void>((resolve) => {
      releaseUpstream = resolve;
    });
    let upstreamFinished = false;
    const upstream = await listen((_req, res: ServerResponse) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(
        'event: message_start\ndata: {"type":"message_start","message":{"model":"m","usage":{}}}\n\n',
      );
      // Upstream holds the rest back until the client has seen the first event: a buffering proxy
      // would deadlock here and the test would time out.
      void upstreamMayFinish.then(() => {
        res.end('event: message_stop\ndata: {"type":"message_stop"}\n\n');
        upstreamFinished = true;
      });
    });
    const { running } = await proxyTo(upstream.url);
    const res = await post(running.url, running.proxy.token.value);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("message_start");
    expect(upstreamFinished).toBe(false);
    releaseUpstream();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toContain("message_stop");
    expect(upstreamFinished).toBe(true);
  });

  it("answers 502 with a clear error when upstream cannot be reached", async () => {
    const gone = await listen(() => {});
    await gone.close();
    const { running } = await proxyTo(gone.url);
    const res = await post(running.url, running.proxy.token.value);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /could not reach the model API at 127\.0\.0\.1:\d+/,
    );
  });

  it("rejects a non-http upstream URL at construction", () => {
    expect(() => new CredentialProxy({ upstreamUrl: "file:///etc/passwd" })).toThrow(/must be http\(s\)/);
  });
});

async function listen(
  handler: Parameters<typeof createServer>[1] & {},
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  cleanups.push(close);
  return { url, server, close };
}
