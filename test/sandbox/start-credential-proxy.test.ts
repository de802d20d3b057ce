import { mkdtemp, rm, stat } from "node:fs/promises";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type RunningCredentialProxy,
  startCredentialProxy,
} from "../../src/sandbox/credential-proxy/index.js";

// The job's proxy server: where it listens, and what ending the job does to its port, its token and
// a request still in flight. (credential-proxy.test.ts covers what it forwards.)
const REAL_KEY = "sk-ant-api03-host-only";
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyTo(upstreamUrl: string): Promise<RunningCredentialProxy> {
  const running = await startCredentialProxy({
    upstreamUrl,
    credential: { kind: "api-key", apiKey: REAL_KEY },
  });
  cleanups.push(() => running.close());
  return running;
}

const post = (url: string, key: string) =>
  fetch(`${url}/v1/messages`, { method: "POST", headers: { "x-api-key": key }, body: "{}" });

describe("startCredentialProxy", () => {
  it("listens on loopback only, and forwards the job's token with the real key in its place", async () => {
    const seen: Array<string | undefined> = [];
    const upstream = await serve((req, res) => {
      seen.push(req.headers["x-api-key"] as string | undefined);
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
    const running = await proxyTo(upstream);
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await post(running.url, running.proxy.token.value)).json()).toEqual({ ok: true });
    expect((await post(running.url, "someone-else")).status).toBe(401);
    expect(seen).toEqual([REAL_KEY]);
  });

  it("close() ends the job: the port is gone, and the proxy itself refuses the token from then on", async () => {
    const upstream = await serve((_req, res) => res.writeHead(200).end("{}"));
    const running = await proxyTo(upstream);
    await running.close();
    await expect(post(running.url, running.proxy.token.value)).rejects.toThrow();
    // Mounted elsewhere (as a gateway would), the revoked proxy still refuses the job's token.
    const remounted = await serve((req, res) => running.proxy.handle(req, res));
    const res = await post(remounted, running.proxy.token.value);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("the job this token belonged to has ended");
  });

  it("close() cuts a request that is still streaming, instead of waiting for it", async () => {
    const upstream = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: ping\ndata: {}\n\n"); // and never ends
    });
    const running = await proxyTo(upstream);
    const res = await post(running.url, running.proxy.token.value);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: ping");
    await running.close();
    await expect(reader.read()).rejects.toThrow();
  });

  it("close() twice is one close", async () => {
    const running = await proxyTo(await serve((_req, res) => res.end()));
    const first = running.close();
    expect(running.close()).toBe(first);
    await first;
  });
});

describe("the proxy serves its own loopback address only", () => {
  /** One request with a chosen Host header (fetch will not send a foreign one). */
  function withHost(
    url: string,
    host: string,
    key: string,
    socketPath?: string,
  ): Promise<{ status: number; body: string }> {
    const { port } = new URL(url);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          ...(socketPath ? { socketPath } : { hostname: "127.0.0.1", port }),
          method: "POST",
          path: "/v1/messages",
          headers: { host, "x-api-key": key },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end("{}");
    });
  }

  it("answers 127.0.0.1:<port> and localhost:<port>; refuses any other Host with 403 and never calls upstream", async () => {
    let upstreamCalls = 0;
    const upstream = await serve((_req, res) => {
      upstreamCalls++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    const running = await proxyTo(upstream);
    const token = running.proxy.token.value;
    const { port } = new URL(running.url);
    for (const host of [
      "evil.example",
      `evil.example:${port}`,
      "127.0.0.1",
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      const res = await withHost(running.url, host, token);
      expect(res.status, JSON.stringify(host)).toBe(403);
      expect(res.body).toContain("only 127.0.0.1:");
    }
    expect(upstreamCalls).toBe(0);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await withHost(running.url, host, token)).status, host).toBe(200);
    }
    expect(upstreamCalls).toBe(2);
  });

  it("serves a Unix socket too when asked, any uid may connect to it, it takes the loopback URL's host only, and close() removes it", async () => {
    let upstreamCalls = 0;
    const upstream = await serve((_req, res) => {
      upstreamCalls++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    const dir = await mkdtemp(path.join(tmpdir(), "proxy-socket-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const socket = path.join(dir, "model-api.sock");
    const running = await startCredentialProxy(
      { upstreamUrl: upstream, credential: { kind: "api-key", apiKey: REAL_KEY } },
      { unixSocket: socket },
    );
    cleanups.push(() => running.close());
    expect(running.socket).toBe(socket);
    const info = await stat(socket);
    expect(info.isSocket()).toBe(true);
    // The agent's uid is not the host's: connecting needs write permission on the socket.
    expect(info.mode & 0o002).toBe(0o002);
    const token = running.proxy.token.value;
    const { port } = new URL(running.url);
    expect((await withHost(running.url, `127.0.0.1:${port}`, token, socket)).status).toBe(200);
    expect((await withHost(running.url, `127.0.0.1:${port}`, "someone-else", socket)).status).toBe(401);
    const foreign = await withHost(running.url, "evil.example", token, socket);
    expect(foreign.status).toBe(403);
    expect(upstreamCalls).toBe(1);
    await running.close();
    await expect(stat(socket)).rejects.toThrow(/ENOENT/);
    await expect(withHost(running.url, `127.0.0.1:${port}`, token, socket)).rejects.toThrow();
  });

  it("fails to start, and leaves no port open, when the socket cannot be made", async () => {
    const upstream = await serve((_req, res) => res.end());
    // A closed server's handle goes in the loop's close phase, after that turn's immediates.
    const listeners = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 0));
      return process.getActiveResourcesInfo().filter((r) => r === "TCPServerWrap").length;
    };
    const before = await listeners();
    await expect(
      startCredentialProxy(
        { upstreamUrl: upstream, credential: { kind: "api-key", apiKey: REAL_KEY } },
        { unixSocket: "/nonexistent-dir/model-api.sock" },
      ),
    ).rejects.toThrow(/EACCES|ENOENT/);
    expect(await listeners()).toBe(before);
  });
});
