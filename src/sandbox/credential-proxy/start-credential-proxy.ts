import type { AddressInfo } from "node:net";
import { CredentialProxy, type CredentialProxyOptions } from "./credential-proxy.js";
import { nodeHttp } from "./node-http.js";

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
  const server = nodeHttp.createServer((req, res) => {
    // Loopback only: a request naming any other host (DNS rebinding, a forwarded request) is refused.
    const host = req.headers.host ?? "";
    const port = req.socket.localPort;
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      proxy.refuseRequest(
        res,
        `a request for host ${JSON.stringify(host.slice(0, 100))}: only 127.0.0.1:${port} is served`,
      );
      return;
    }
    proxy.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    // Stryker disable next-line StringLiteral: an ephemeral loopback port has no listen error a test can provoke
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // The URL names the address the server really listens on, never a hope.
  const { address, port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${address}:${port}`,
    proxy,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        proxy.revoke();
        server.close(() => resolve());
        // A request still streaming would hold the job's port open; the job is over, so is it.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
