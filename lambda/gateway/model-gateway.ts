import type { OutgoingHttpHeaders } from "node:http";
import {
  forwardableRequest,
  responseFormat,
  type UpstreamAuth,
  usageMeterFor,
} from "../../src/sandbox/credential-proxy/index.js";
import type { GatewayTokens } from "../shared/gateway-tokens.js";

export interface GatewayRequest {
  method: string;
  /** Path and query, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** Where the answer is streamed: a Lambda response stream, or a node http response in tests. */
export interface GatewayResponseSink {
  start(status: number, headers: Record<string, string>): void;
  write(chunk: Uint8Array): void | Promise<void>;
  end(): void;
}

/** Where the gateway sends requests and how it authenticates them (providerUpstream of the runner). */
export interface GatewayUpstream {
  /** e.g. https://api.anthropic.com or https://bedrock-runtime.us-east-1.amazonaws.com (a path prefix is kept). */
  upstreamUrl: string;
  auth: UpstreamAuth;
}

export type ModelGatewayOptions = {
  tokens: Pick<GatewayTokens, "grant" | "addSpend">;
  fetch?: typeof fetch;
  log?: (message: string, extra: Record<string, unknown>) => void;
} & (
  | {
      /** The provider's upstream, resolved on first use (credentials from Secrets Manager, the role, ADC). */
      upstream: () => Promise<GatewayUpstream>;
    }
  | {
      /** The Anthropic API (or a gateway in front of it), with an API key. */
      upstreamUrl: string;
      /** The real API key, read from Secrets Manager; never leaves the gateway except toward upstream. */
      apiKey: () => Promise<string>;
    }
);

const FORWARDED_REQUEST_HEADERS = [
  "content-type",
  "anthropic-version",
  "anthropic-beta",
  "accept",
  "user-agent",
];
const DROPPED_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
]);

/**
 * The model gateway: the only place the real model key lives while an agent works. It accepts a
 * request only with a live per-job token (minted by the orchestrator, deleted when the job ends, TTL
 * as backstop), refuses once the job's metered spend reached its cap, swaps the token for the key and
 * streams the answer back chunk by chunk while reading its usage. Nothing here logs a header or a body.
 */
export function createModelGateway(options: ModelGatewayOptions) {
  const http = options.fetch ?? fetch;
  let resolved: Promise<{ url: URL; auth: UpstreamAuth }> | undefined;
  const upstream = () => {
    resolved ??= (
      "upstream" in options
        ? options.upstream()
        : Promise.resolve({ upstreamUrl: options.upstreamUrl, auth: apiKeyAuth(options.apiKey) })
    ).then((plan) => ({ url: new URL(plan.upstreamUrl), auth: plan.auth }));
    // A failed resolution (a missing secret, no role credentials) is retried on the next request.
    resolved.catch(() => {
      resolved = undefined;
    });
    return resolved;
  };

  return async (request: GatewayRequest, sink: GatewayResponseSink): Promise<void> => {
    const pathOnly = request.path.split("?")[0];
    // The CLI's reachability probe carries no credential; answering it here leaks nothing.
    if ((request.method === "GET" || request.method === "HEAD") && pathOnly === "/api/hello") {
      sink.start(200, { "content-type": "application/json" });
      sink.end();
      return;
    }
    const token = presentedToken(request.headers);
    const grant = token ? await options.tokens.grant(token) : undefined;
    if (!token || !grant)
      return refuse(
        sink,
        401,
        "authentication_error",
        "unknown or expired job token; this gateway serves live jobs only",
      );
    if (grant.spentUsd >= grant.capUsd)
      return refuse(
        sink,
        429,
        "rate_limit_error",
        `job ${grant.jobId} reached its $${grant.capUsd} model budget; no further requests are forwarded`,
      );

    // Only the model endpoints the CLI calls, by method and normalised path: the key reaches nothing else.
    const route = forwardableRequest(request.method, request.path);
    if (!route.ok) {
      options.log?.("request refused", { jobId: grant.jobId, method: request.method, reason: route.reason });
      return refuse(sink, 403, "permission_error", `refused ${request.method}: ${route.reason}`);
    }

    const { url: base, auth } = await upstream();
    const headers: OutgoingHttpHeaders = { "accept-encoding": "identity" };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (value) headers[name] = value;
    }
    const target = new URL(base.pathname.replace(/\/+$/, "") + request.path, base.origin);
    const bodiless = request.method === "GET" || request.method === "HEAD";
    // The same authenticators as the Action's proxy: a key, a SigV4 signature over the body, a bearer.
    await auth.authorize({
      method: request.method,
      url: target,
      headers,
      ...(auth.needsBody && !bodiless ? { body: request.body } : {}),
    });
    const outgoing: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      // fetch sets Host from the URL itself (the same value the signature covers).
      if (value !== undefined && name !== "host") outgoing[name] = String(value);
    }
    const response = await http(target, {
      method: request.method,
      headers: outgoing,
      ...(bodiless ? {} : { body: request.body }),
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) out[name] = value;
    });
    sink.start(response.status, out);
    // The host-side credential proxy's meter: the same prices and the same SSE reading, in one place.
    const meter = await usageMeterFor(
      responseFormat(response.headers.get("content-type") ?? ""),
      modelOf(request.body),
    );
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        meter.push(Buffer.from(chunk));
        await sink.write(chunk);
      }
    }
    sink.end();
    const cost = meter.finish();
    await options.tokens.addSpend(token, cost);
    options.log?.("model request forwarded", { jobId: grant.jobId, status: response.status, costUsd: cost });
  };
}

function apiKeyAuth(apiKey: () => Promise<string>): UpstreamAuth {
  return {
    needsBody: false,
    secretValues: [],
    authorize: async (request) => {
      request.headers["x-api-key"] = await apiKey();
    },
  };
}

function presentedToken(headers: Record<string, string | undefined>): string | undefined {
  const key = headers["x-api-key"];
  if (key) return key;
  const auth = headers.authorization;
  return auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() : undefined;
}

function modelOf(body: Buffer): string | undefined {
  try {
    return (JSON.parse(body.toString("utf8")) as { model?: string }).model;
  } catch {
    return undefined;
  }
}

function refuse(sink: GatewayResponseSink, status: number, type: string, message: string): void {
  sink.start(status, { "content-type": "application/json" });
  void sink.write(
    Buffer.from(
      JSON.stringify({
        type: "error",
        error: { type, message: `claude-pr-runner model gateway: ${message}` },
      }),
    ),
  );
  sink.end();
}
