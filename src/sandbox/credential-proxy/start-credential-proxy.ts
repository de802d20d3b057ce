import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CredentialProxy, type CredentialProxyOptions } from "./credential-proxy.js";
import { nodeHttp } from "./node-http.js";

export interface RunningCredentialProxy {
  /** `http://127.0.0.1:<port>`: the agent's ANTHROPIC_BASE_URL. */
  readonly url: string;
  /** The Unix socket it also serves, when asked for one (an agent in a network namespace of its own). */
  readonly socket?: string;
  readonly proxy: CredentialProxy;
  /** Revokes the token, drops every connection and stops listening. Safe to call twice. */
  close(): Promise<void>;
}

export interface CredentialProxyListeners {
  /**
   * Serve the same proxy on this Unix socket too, connectable by every local user (the agent's uid is
   * not the host's), as the loopback port is: the per-job token is what admits a request.
   */
  unixSocket?: string;
}

/** Starts a credential proxy for one job on an ephemeral loopback port (and a Unix socket, when asked). */
export async function startCredentialProxy(
  options: CredentialProxyOptions,
  listeners: CredentialProxyListeners = {},
): Promise<RunningCredentialProxy> {
  const proxy = new CredentialProxy(options);
  let port = 0;
  // Both listeners take the loopback URL's host only: through the socket the CLI still names the URL
  // it was given (ANTHROPIC_BASE_URL), and no other host is served (DNS rebinding, a forwarded request).
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host ?? "";
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      proxy.refuseRequest(
        res,
        `a request for host ${JSON.stringify(host.slice(0, 100))}: only 127.0.0.1:${port} is served`,
      );
      return;
    }
    proxy.handle(req, res);
  };
  const servers: Server[] = [];
  const listening = (server: Server, start: (done: () => void) => void) =>
    new Promise<void>((resolve, reject) => {
      servers.push(server);
      // Stryker disable next-line StringLiteral: an ephemeral loopback port has no listen error a test can provoke
      server.once("error", reject);
      start(resolve);
    });
  try {
    const loopback = nodeHttp.createServer(serve);
    await listening(loopback, (done) => loopback.listen(0, "127.0.0.1", done));
    // The URL names the address the server really listens on, never a hope.
    const address = loopback.address() as AddressInfo;
    port = address.port;
    const { unixSocket } = listeners;
    if (unixSocket) {
      const local = nodeHttp.createServer(serve);
      await listening(local, (done) => local.listen({ path: unixSocket, writableAll: true }, done));
    }
    let closing: Promise<void> | undefined;
    return {
      url: `http://${address.address}:${port}`,
      ...(unixSocket ? { socket: unixSocket } : {}),
      proxy,
      close: () => {
        closing ??= closeAll(proxy, servers);
        return closing;
      },
    };
  } catch (error) {
    await closeAll(proxy, servers);
    throw error;
  }
}

function closeAll(proxy: CredentialProxy, servers: Server[]): Promise<void> {
  proxy.revoke();
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          // Closing a Unix socket's server removes its file too; one that never listened calls back at once.
          server.close(() => resolve());
          // A request still streaming would hold the job's port open; the job is over, so is it.
          server.closeAllConnections();
        }),
    ),
  ).then(() => undefined);
}
