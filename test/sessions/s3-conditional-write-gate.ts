import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A front door for s3rver that enforces S3's conditional writes on PutObject.
 *
 * Why it exists: no S3 server on npm we could find enforces `If-Match` / `If-None-Match` on PUT
 * (checked: s3rver 3.7.1, @20minutes/s3rver 5.0.0, fauxqs 2.4.1, @push.rocks/smarts3 2.2.7 — they
 * honour the headers on GET only). Real S3 does (since 2024): a failed precondition is HTTP 412
 * `PreconditionFailed`. This gate serialises conditional PUTs per object key, asks s3rver for the
 * current ETag with HEAD, answers 412 itself when the precondition fails and otherwise forwards the
 * signed request unchanged. Everything else passes through untouched. It also records the headers of
 * every request so tests can check what went over the wire (e.g. server-side encryption).
 */
export class S3ConditionalWriteGate {
  readonly requests: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  /** Conditional PUTs the gate refused with 412. */
  refused = 0;
  readonly #locks = new Map<string, Promise<void>>();

  private constructor(
    private readonly server: Server,
    private readonly upstreamPort: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  static async start(upstreamPort: number): Promise<S3ConditionalWriteGate> {
    const server = createServer();
    const gate = new S3ConditionalWriteGate(server, upstreamPort);
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        gate
          .#handle(req.method ?? "GET", req.url ?? "/", req.headers, Buffer.concat(chunks))
          .then(({ status, headers, body }) => {
            res.writeHead(status, headers);
            res.end(body);
          })
          .catch((error: Error) => {
            res.writeHead(502);
            res.end(error.message);
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return gate;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  #forward(method: string, path: string, headers: IncomingHttpHeaders, body?: Buffer) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const upstream = request(
        { host: "127.0.0.1", port: this.upstreamPort, method, path, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      upstream.on("error", reject);
      upstream.end(body);
    });
  }

  async #handle(method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) {
    this.requests.push({ method, path, headers });
    const ifMatch = headers["if-match"];
    const ifNoneMatch = headers["if-none-match"];
    const conditional = method === "PUT" && (ifMatch !== undefined || ifNoneMatch !== undefined);
    if (!conditional) return this.#forward(method, path, headers, body);

    const objectPath = path.split("?")[0] ?? path;
    const previous = this.#locks.get(objectPath) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chained = previous.then(() => mine);
    this.#locks.set(objectPath, chained);
    await previous;
    try {
      const head = await this.#forward("HEAD", objectPath, { host: headers.host });
      const current = head.status === 200 ? String(head.headers.etag ?? "") : undefined;
      const failed =
        (ifNoneMatch === "*" && current !== undefined) || (ifMatch !== undefined && ifMatch !== current);
      if (failed) {
        this.refused++;
        return {
          status: 412,
          headers: { "content-type": "application/xml" },
          body: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
              "<Message>At least one of the pre-conditions you specified did not hold</Message>" +
              `<Condition>${ifMatch !== undefined ? "If-Match" : "If-None-Match"}</Condition></Error>`,
          ),
        };
      }
      return await this.#forward(method, path, headers, body);
    } finally {
      release();
      if (this.#locks.get(objectPath) === chained) this.#locks.delete(objectPath);
    }
  }
}
