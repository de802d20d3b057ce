import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface InjectedResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * An HTTP proxy on loopback in front of a real local server (s3rver, dynalite): it forwards every
 * request unchanged, except that the next `times` requests matching a predicate get an injected
 * answer instead (throttling, 5xx). What a service outage looks like to the AWS SDK, without mocking
 * the SDK or the server.
 */
export class FaultProxy {
  private readonly faults: { response: InjectedResponse; matches: (req: IncomingMessage) => boolean }[] = [];
  injected = 0;
  forwarded = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<FaultProxy> {
    const upstream = new URL(target);
    let proxy: FaultProxy | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const p = proxy as FaultProxy;
        const i = p.faults.findIndex((f) => f.matches(req));
        if (i >= 0) {
          const [fault] = p.faults.splice(i, 1);
          p.injected++;
          res.writeHead(fault!.response.status, fault!.response.headers ?? {});
          res.end(fault!.response.body);
          return;
        }
        p.forwarded++;
        const out = httpRequest(
          {
            hostname: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        out.on("error", () => {
          res.writeHead(502);
          res.end();
        });
        out.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    proxy = new FaultProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  /** The next `times` requests for which `matches` holds get `response` instead of the server's. */
  failNext(
    times: number,
    response: InjectedResponse,
    matches: (req: IncomingMessage) => boolean = () => true,
  ) {
    for (let i = 0; i < times; i++) this.faults.push({ response, matches });
  }

  /** Faults not used yet. */
  get pending(): number {
    return this.faults.length;
  }

  clear(): void {
    this.faults.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** S3's throttling answer (503 SlowDown), which the SDK retries. */
export const S3_SLOW_DOWN: InjectedResponse = {
  status: 503,
  headers: { "content-type": "application/xml" },
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
};

/** DynamoDB's throttling answer, which the SDK retries. */
export const DYNAMODB_THROTTLED: InjectedResponse = {
  status: 400,
  headers: { "content-type": "application/x-amz-json-1.0" },
  body: JSON.stringify({
    __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
    message: "The level of configured provisioned throughput for the table was exceeded.",
  }),
};
