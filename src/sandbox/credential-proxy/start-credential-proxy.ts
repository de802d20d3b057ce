import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { CredentialProxy, type CredentialProxyOptions } from "./credential-proxy.js";

export interface RunningCredentialProxy {
  /** `http://127.0.0.1:<port>`: the agent's ANTHROPIC_BASE_URL. */
  readonly url: string;
  readonly proxy: CredentialProxy;
  /** Revokes the token, drops every connection and stops listening. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts a credential proxy for one job on an ephemeral loopback port. */
export async function startCredentialProxy(options: CredentialProxyOptions): Promise<RunningCredentialProxy> {
  const proxy = new CredentialProxy(options);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => proxy.handle(req, res));
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    proxy,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        proxy.revoke();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
