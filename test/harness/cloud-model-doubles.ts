import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Sha256 } from "@aws-crypto/sha256-js";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import { SignatureV4 } from "@smithy/signature-v4";
import { fromUtf8, toUtf8 } from "@smithy/util-utf8";
import { type Script, ScriptedMessagesApi } from "./scripted-messages-api.js";

/**
 * Local stand-ins for Amazon Bedrock Runtime and Google Vertex AI in front of the scripted Messages
 * API (test-only). They check what the real services check first (the Bedrock double verifies the
 * SigV4 signature of every request with the AWS SDK's own signer and the credentials it knows; the
 * Vertex double the bearer token and the path format), then answer in the provider's own framing:
 * Bedrock streams AWS event-stream `chunk` messages, Vertex streams SSE.
 */
export interface CloudInvocation {
  path: string;
  modelId?: string;
  stream?: boolean;
  /** Why the request was refused, if it was. */
  refused?: string;
  /** Bedrock: the access key id the request was signed with. */
  accessKeyId?: string;
}

abstract class CloudModelDouble {
  readonly invocations: CloudInvocation[] = [];
  url = "";
  private server?: Server;

  protected constructor(readonly api: ScriptedMessagesApi) {}

  protected async listen(): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: `double failure: ${String(error)}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.api.close();
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  protected refuse(res: ServerResponse, status: number, invocation: CloudInvocation, message: string): void {
    this.invocations.push({ ...invocation, refused: message });
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message }));
  }

  /** Asks the scripted model; returns its response (SSE when `stream`). */
  protected ask(body: Record<string, unknown>, model: string, stream: boolean): Promise<Response> {
    const { anthropic_version: _version, ...rest } = body;
    return fetch(`${this.api.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "double" },
      body: JSON.stringify({ ...rest, model, stream }),
    });
  }
}

export interface BedrockDoubleOptions {
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export class BedrockDouble extends CloudModelDouble {
  private readonly codec = new EventStreamCodec(toUtf8, fromUtf8);

  private constructor(
    api: ScriptedMessagesApi,
    private readonly options: BedrockDoubleOptions,
  ) {
    super(api);
  }

  static async start(script: Script, options: BedrockDoubleOptions): Promise<BedrockDouble> {
    const double = new BedrockDouble(await ScriptedMessagesApi.start(script), options);
    await double.listen();
    return double;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const url = new URL(req.url ?? "/", "http://double");
    const invocation: CloudInvocation = { path: url.pathname };
    const problem = await this.verifySignature(req, url, body, invocation);
    if (problem) return this.refuse(res, 403, invocation, problem);
    const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/.exec(url.pathname);
    if (req.method !== "POST" || !route) {
      return this.refuse(res, 404, invocation, `no Bedrock Runtime route for ${req.method} ${url.pathname}`);
    }
    const modelId = decodeURIComponent(route[1] as string);
    const stream = route[2] === "invoke-with-response-stream";
    Object.assign(invocation, { modelId, stream });
    if (!/^(?:[a-z-]+\.)?anthropic\.claude-[a-z0-9-]+(?:-v\d+(?::\d+)?)?$/.test(modelId)) {
      return this.refuse(res, 400, invocation, "The provided model identifier is invalid.");
    }
    this.invocations.push(invocation);
    const answer = await this.ask(
      JSON.parse(body.toString("utf8")) as Record<string, unknown>,
      modelId,
      stream,
    );
    if (!answer.ok || !stream) {
      const text = await answer.text();
      const message = answer.ok ? text : JSON.stringify({ message: errorMessage(text) });
      res.writeHead(answer.status, { "content-type": "application/json" }).end(message);
      return;
    }
    res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream" });
    for await (const data of sseData(answer)) {
      const chunk = { bytes: Buffer.from(data, "utf8").toString("base64") };
      res.write(
        this.codec.encode({
          headers: {
            ":event-type": { type: "string", value: "chunk" },
            ":content-type": { type: "string", value: "application/json" },
            ":message-type": { type: "string", value: "event" },
          },
          body: fromUtf8(JSON.stringify(chunk)),
        }),
      );
    }
    res.end();
  }

  /** Re-signs the request as received, with the same signer and the credentials the double knows. */
  private async verifySignature(
    req: IncomingMessage,
    url: URL,
    body: Buffer,
    invocation: CloudInvocation,
  ): Promise<string | undefined> {
    const authorization = req.headers.authorization;
    const match =
      typeof authorization === "string"
        ? /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
            authorization,
          )
        : null;
    if (!match) return "Missing Authentication Token";
    const [, accessKeyId, , region, service, signedHeaders] = match as unknown as string[];
    invocation.accessKeyId = accessKeyId;
    if (accessKeyId !== this.options.credentials.accessKeyId)
      return "The security token included in the request is invalid.";
    if (region !== this.options.region || service !== "bedrock")
      return `Credential should be scoped to a valid region and service (got ${region}/${service})`;
    const contentHash = req.headers["x-amz-content-sha256"];
    if (contentHash !== undefined && contentHash !== createHash("sha256").update(body).digest("hex")) {
      return "The provided x-amz-content-sha256 header does not match what was computed.";
    }
    const headers: Record<string, string> = {};
    for (const name of (signedHeaders as string).split(";")) {
      const value = req.headers[name];
      if (value === undefined) return `signed header ${name} is missing`;
      headers[name] = Array.isArray(value) ? value.join(",") : value;
    }
    const amzDate = headers["x-amz-date"];
    if (!amzDate) return "x-amz-date must be signed";
    const signingDate = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const signer = new SignatureV4({
      credentials: this.options.credentials,
      region: this.options.region,
      service: "bedrock",
      sha256: Sha256,
    });
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = value;
    const [hostname, port] = (headers.host ?? "").split(":");
    const expected = await signer.sign(
      {
        method: req.method ?? "GET",
        protocol: "http:",
        hostname: hostname ?? "",
        ...(port ? { port: Number(port) } : {}),
        path: url.pathname,
        query,
        headers,
        body,
      },
      { signingDate },
    );
    if (expected.headers.authorization !== authorization) {
      return "The request signature we calculated does not match the signature you provided.";
    }
    return undefined;
  }
}

export interface VertexDoubleOptions {
  /** The bearer token the double accepts. */
  accessToken: string;
  project: string;
  region: string;
}

export class VertexDouble extends CloudModelDouble {
  private constructor(
    api: ScriptedMessagesApi,
    private readonly options: VertexDoubleOptions,
  ) {
    super(api);
  }

  static async start(script: Script, options: VertexDoubleOptions): Promise<VertexDouble> {
    const double = new VertexDouble(await ScriptedMessagesApi.start(script), options);
    await double.listen();
    return double;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const url = new URL(req.url ?? "/", "http://double");
    const invocation: CloudInvocation = { path: url.pathname };
    if (req.headers.authorization !== `Bearer ${this.options.accessToken}`) {
      return this.refuse(res, 401, invocation, "Request had invalid authentication credentials.");
    }
    const route =
      /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(rawPredict|streamRawPredict)$/.exec(
        url.pathname,
      );
    if (req.method !== "POST" || !route) {
      return this.refuse(res, 404, invocation, `no Vertex AI route for ${req.method} ${url.pathname}`);
    }
    const [, project, region, modelId, verb] = route as unknown as string[];
    const stream = verb === "streamRawPredict";
    Object.assign(invocation, { modelId, stream });
    if (project !== this.options.project || region !== this.options.region) {
      return this.refuse(
        res,
        403,
        invocation,
        `Permission denied on projects/${project}/locations/${region}`,
      );
    }
    this.invocations.push(invocation);
    const answer = await this.ask(
      JSON.parse(body.toString("utf8")) as Record<string, unknown>,
      modelId as string,
      stream,
    );
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    for await (const chunk of answer.body ?? []) res.write(chunk);
    res.end();
  }
}

export interface FoundryDoubleOptions {
  /** The Foundry resource key the double accepts as `x-api-key`. */
  apiKey?: string;
  /** The Entra ID token the double accepts as `Authorization: Bearer`. */
  entraToken?: string;
}

/**
 * Microsoft Foundry's Anthropic endpoint (`https://<resource>.services.ai.azure.com/anthropic`): the
 * Messages API under `/anthropic`, authenticated by the resource key or an Entra ID bearer. It
 * records the credential headers each request arrived with, so a test can prove what reached it.
 */
export class FoundryDouble extends CloudModelDouble {
  readonly received: Array<{ path: string; xApiKey?: string; authorization?: string }> = [];

  private constructor(
    api: ScriptedMessagesApi,
    private readonly options: FoundryDoubleOptions,
  ) {
    super(api);
  }

  static async start(script: Script, options: FoundryDoubleOptions): Promise<FoundryDouble> {
    const double = new FoundryDouble(await ScriptedMessagesApi.start(script), options);
    await double.listen();
    return double;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const url = new URL(req.url ?? "/", "http://double");
    const xApiKey = req.headers["x-api-key"] as string | undefined;
    const authorization = req.headers.authorization;
    this.received.push({
      path: url.pathname,
      ...(xApiKey ? { xApiKey } : {}),
      ...(authorization ? { authorization } : {}),
    });
    const invocation: CloudInvocation = { path: url.pathname };
    const keyOk = this.options.apiKey !== undefined && xApiKey === this.options.apiKey;
    const entraOk =
      this.options.entraToken !== undefined && authorization === `Bearer ${this.options.entraToken}`;
    if (!keyOk && !entraOk) {
      return this.refuse(
        res,
        401,
        invocation,
        "Access denied due to invalid subscription key or Entra token.",
      );
    }
    if (!url.pathname.startsWith("/anthropic/v1/")) {
      return this.refuse(res, 404, invocation, `no Foundry route for ${req.method} ${url.pathname}`);
    }
    const parsed = body.length ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {};
    Object.assign(invocation, { modelId: parsed.model, stream: parsed.stream === true });
    this.invocations.push(invocation);
    const answer = await fetch(`${this.api.url}${url.pathname.slice("/anthropic".length)}${url.search}`, {
      method: req.method ?? "POST",
      headers: { "content-type": "application/json", "x-api-key": "double" },
      ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
    });
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    for await (const chunk of answer.body ?? []) res.write(chunk);
    res.end();
  }
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The `data:` payload of each SSE event of a response, as it streams. */
async function* sseData(response: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of response.body ?? []) {
    pending += decoder.decode(chunk, { stream: true });
    let end = pending.indexOf("\n\n");
    while (end !== -1) {
      const data = pending
        .slice(0, end)
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (data) yield data;
      pending = pending.slice(end + 2);
      end = pending.indexOf("\n\n");
    }
  }
}

function errorMessage(text: string): string {
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    return text;
  }
}
