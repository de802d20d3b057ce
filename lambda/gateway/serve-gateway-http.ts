import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { createModelGateway } from "./model-gateway.js";

/**
 * The gateway on a plain node http server (127.0.0.1, ephemeral port): for local runs and the tests;
 * on AWS the same core runs behind a streaming Function URL (handler.ts).
 */
export async function serveGatewayHttp(
  gateway: ReturnType<typeof createModelGateway>,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    try {
      await gateway(
        {
          method: req.method ?? "GET",
          path: req.url ?? "/",
          headers: flatten(req),
          body: await readBody(req),
        },
        {
          start: (status, headers) => res.writeHead(status, headers),
          write: (chunk) => {
            res.write(chunk);
          },
          end: () => res.end(),
        },
      );
    } catch {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ type: "error", error: { type: "api_error", message: "model gateway failed" } }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function flatten(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
