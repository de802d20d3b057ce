import type { Agent as HttpAgent, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { forwardableRequest } from "./forwardable-request.js";
import { JobToken } from "./job-token.js";
import { nodeHttp } from "./node-http.js";
import { PROXY_MESSAGE_PREFIX as PREFIX, ProxyGate } from "./proxy-gate.js";
import type { ProxyStopReason } from "./proxy-stop-reason.js";
import { staticCredentialAuth, type UpstreamAuth } from "./upstream-auth.js";
import type { UpstreamCredential } from "./upstream-credential.js";
import { responseFormat, UsageMeter, usageMeterFor } from "./usage-meter.js";

export interface CredentialProxyOptions {
  /** Where model traffic goes, e.g. `https://api.anthropic.com` (a path prefix is kept). */
  upstreamUrl: string;
  /** The real credential; absent means requests go upstream without one (a keyless gateway). */
  credential?: UpstreamCredential;
  /** How to authenticate upstream when it is more than a static credential (SigV4, token sources). */
  auth?: UpstreamAuth;
  /** The job's spend cap in USD, metered from the usage in the responses. */
  maxCostUsd?: number;
  /** Called once when the proxy stops serving the job (cap reached, credential rejected). */
  onStop?: (reason: ProxyStopReason) => void;
  /** The per-job token (default: a fresh random one). */
  token?: JobToken;
  /** Told each refusal's reason (never a header or a body), for the job's log. */
  onRefusal?: (reason: string) => void;
}

export interface CredentialProxyStats {
  forwarded: number;
  refused: number;
  spentUsd: number;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the proxy replaces. */
const DROPPED_REQUEST_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "x-api-key",
  "authorization",
  "accept-encoding",
]);
const DROPPED_RESPONSE_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
const AUTH_FAILURE_STATUSES = new Set([401, 403]);

/**
 * The request handler of the loopback credential proxy, independent of any listening server (the
 * CLI's host wraps it in a 127.0.0.1 server; another host can mount it elsewhere). The agent presents
 * a per-job token; the proxy checks it in constant time, swaps in the real credential and streams the
 * answer back chunk by chunk while metering its cost. It stops serving the job for good when the
 * spend cap is reached, when upstream rejects the credential (401/403: retrying cannot fix that), or
 * when the host revokes the token at the end of the job. Nothing here logs a header or a body.
 */
export class CredentialProxy {
  readonly token: JobToken;
  readonly upstream: URL;
  private readonly auth: UpstreamAuth;
  private readonly agent: HttpAgent;
  private readonly send: typeof nodeHttp.request;
  private readonly gate: ProxyGate;
  private readonly counters = { forwarded: 0, refused: 0 };
  private readonly onRefusal: ((reason: string) => void) | undefined;

  constructor(options: CredentialProxyOptions) {
    this.onRefusal = options.onRefusal;
    this.upstream = new URL(options.upstreamUrl);
    if (this.upstream.protocol !== "http:" && this.upstream.protocol !== "https:") {
      throw new TypeError(`${PREFIX}: the upstream URL must be http(s); got ${this.upstream.protocol}`);
    }
    this.token = options.token ?? new JobToken();
    this.gate = new ProxyGate({
      token: this.token,
      ...(options.maxCostUsd === undefined ? {} : { maxCostUsd: options.maxCostUsd }),
      ...(options.onStop ? { onStop: options.onStop } : {}),
    });
    this.auth = options.auth ?? staticCredentialAuth(options.credential);
    // https (with tls) only for an https upstream: it is about 3 MB and 10 ms of a host's start, and a
    // model gateway on loopback is plain http. A built-in module, so nothing is read from disk late.
    const transport = this.upstream.protocol === "https:" ? process.getBuiltinModule("node:https") : nodeHttp;
    this.agent = new transport.Agent({ keepAlive: true });
    this.send = transport.request;
  }

  get stopReason(): ProxyStopReason | undefined {
    return this.gate.stopReason;
  }

  get stats(): CredentialProxyStats {
    return { ...this.counters, spentUsd: this.gate.spentUsd };
  }

  /** Ends the job: the token is refused from now on and idle upstream connections are closed. */
  revoke(): void {
    this.gate.revoke();
    this.agent.destroy();
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    // The CLI's reachability probe carries no credential; answering it locally leaks nothing.
    if ((method === "HEAD" || method === "GET") && pathOnly(path) === "/api/hello") {
      res.writeHead(200, { "content-type": "application/json" }).end(method === "HEAD" ? undefined : "{}");
      return;
    }
    const refusal = this.gate.refusalFor(req.headers);
    if (refusal) {
      this.refuse(res, refusal.status, refusal.type, refusal.message);
      return;
    }
    const route = forwardableRequest(method, path);
    if (!route.ok) {
      this.refuseRequest(res, `${method} ${describeTarget(path)}: ${route.reason}`);
      return;
    }
    this.forward(req, res, method, route.path);
  }

  /** Refuses a request the proxy does not forward (403), and says why to the job's log. */
  refuseRequest(res: ServerResponse, reason: string): void {
    this.refuse(res, 403, "permission_error", `${PREFIX}: refused ${reason}`);
  }

  private forward(req: IncomingMessage, res: ServerResponse, method: string, path: string): void {
    this.counters.forwarded++;
    this.sendUpstream(req, res, method, path).catch((error: unknown) => {
      // The credential could not be obtained or applied (e.g. the token source failed): no retry helps.
      this.refuse(
        res,
        502,
        "api_error",
        `${PREFIX}: could not authenticate upstream: ${(error as Error).message}`,
      );
    });
  }

  private async sendUpstream(req: IncomingMessage, res: ServerResponse, method: string, path: string) {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name)) headers[name] = value;
    }
    // Identity encoding: the meter reads usage from the bytes as they pass.
    headers["accept-encoding"] = "identity";
    const base = this.upstream.pathname.replace(/\/+$/, "");
    const url = new URL(`${this.upstream.origin}${base}${path}`);
    const body = this.auth.needsBody ? await readBody(req) : undefined;
    if (body) headers["content-length"] = String(body.length);
    await this.auth.authorize({ method, url, headers, ...(body ? { body } : {}) });
    const upstreamReq = this.send(
      {
        protocol: this.upstream.protocol,
        hostname: this.upstream.hostname,
        port: this.upstream.port || undefined,
        method,
        path: `${url.pathname}${url.search}`,
        headers,
        agent: this.agent,
      },
      (upstreamRes) => this.relay(upstreamRes, res),
    );
    upstreamReq.on("error", (error) => {
      if (!res.headersSent) {
        this.refuse(
          res,
          502,
          "api_error",
          `${PREFIX}: could not reach the model API at ${this.upstream.host}: ${error.message}`,
        );
      } else res.destroy();
    });
    // The client went away (the CLI was interrupted): stop the upstream request too.
    res.on("close", () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    if (body) upstreamReq.end(body);
    else req.pipe(upstreamReq);
  }

  private relay(upstreamRes: IncomingMessage, res: ServerResponse): void {
    const status = upstreamRes.statusCode ?? 502;
    if (AUTH_FAILURE_STATUSES.has(status)) {
      this.onAuthFailure(upstreamRes, res, status);
      return;
    }
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(upstreamRes.headers)) {
      if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) headers[name] = value;
    }
    res.writeHead(status, headers);
    res.flushHeaders();
    // Every forwarded path is a model endpoint (forwardableRequest), so every answer is metered.
    const format = responseFormat(String(upstreamRes.headers["content-type"] ?? ""));
    if (status < 300 && format === "aws-eventstream") {
      // Bedrock's event stream: held (paused) until the codec has loaded, then metered like the rest.
      upstreamRes.pause();
      usageMeterFor(format).then(
        (meter) => {
          this.relayMetered(upstreamRes, res, meter);
          upstreamRes.resume();
        },
        () => {
          upstreamRes.destroy();
          res.destroy();
        },
      );
      return;
    }
    this.relayMetered(upstreamRes, res, status < 300 ? new UsageMeter(format) : undefined);
  }

  /** Each chunk goes out as it arrives (SSE must not be buffered); the meter only looks at it. */
  private relayMetered(
    upstreamRes: IncomingMessage,
    res: ServerResponse,
    meter: UsageMeter | undefined,
  ): void {
    upstreamRes.on("data", (chunk: Buffer) => {
      meter?.push(chunk);
      if (!res.write(chunk)) {
        upstreamRes.pause();
        res.once("drain", () => upstreamRes.resume());
      }
    });
    upstreamRes.on("end", () => {
      if (meter) this.gate.charge(meter.finish());
      res.end();
    });
    upstreamRes.on("error", () => {
      if (meter) this.gate.charge(meter.finish());
      res.destroy();
    });
  }

  private onAuthFailure(upstreamRes: IncomingMessage, res: ServerResponse, status: number): void {
    const chunks: Buffer[] = [];
    let size = 0;
    upstreamRes.on("data", (chunk: Buffer) => {
      // Error bodies are small; a hostile or broken upstream cannot make the proxy hold more.
      if (size < 16_384) chunks.push(chunk);
      size += chunk.length;
    });
    upstreamRes.on("end", () => {
      let detail = upstreamMessage(Buffer.concat(chunks).toString("utf8"));
      for (const secret of this.auth.secretValues)
        if (secret) detail = detail.replaceAll(secret, "[redacted]");
      const refusal = this.gate.upstreamRejected(status, detail);
      this.refuse(res, refusal.status, refusal.type, refusal.message);
    });
    upstreamRes.on("error", () => res.destroy());
  }

  private refuse(res: ServerResponse, status: number, type: string, message: string): void {
    this.counters.refused++;
    try {
      this.onRefusal?.(message);
    } catch {
      // A faulty listener must not keep the refusal from being sent.
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .writeHead(status, { "content-type": "application/json" })
      .end(JSON.stringify({ type: "error", error: { type, message } }));
  }
}

/** Request bodies are read whole only for signing; a conversation is far below this. */
const MAX_SIGNED_BODY_BYTES = 64 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_SIGNED_BODY_BYTES)
      throw new Error(`the request body is larger than ${MAX_SIGNED_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The human part of an upstream error body, bounded (never headers: they are not echoed). */
function upstreamMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown }; message?: unknown };
    const message = parsed.error?.message ?? parsed.message;
    if (typeof message === "string") return message.slice(0, 300);
  } catch {
    // not JSON: fall through
  }
  return body.trim().slice(0, 300);
}

/** A request target for a log line: bounded, control characters shown escaped. */
function describeTarget(target: string): string {
  return JSON.stringify(target.slice(0, 200));
}

function pathOnly(path: string): string {
  const q = path.indexOf("?");
  return q === -1 ? path : path.slice(0, q);
}
