import { spawn } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, dirname } from "node:path";

/** `/{owner}/{repo}.git/info/refs` or `/{owner}/{repo}.git/git-upload-pack`: git's smart HTTP, read side. */
const SMART_HTTP = /^\/([^/]+)\/([^/]+?)\.git\/(info\/refs|git-upload-pack)$/;

export interface GitHttpRequest {
  owner: string;
  repo: string;
  /** `info/refs` (ref advertisement) or `git-upload-pack` (the pack negotiation). */
  service: string;
}

export function matchGitHttp(pathname: string): GitHttpRequest | undefined {
  const match = SMART_HTTP.exec(pathname);
  if (!match) return undefined;
  return { owner: match[1] as string, repo: match[2] as string, service: match[3] as string };
}

/** The token a git client sent the way actions/checkout does: `Authorization: basic x-access-token:<token>`. */
export function tokenFromBasicAuth(header: string | undefined): string | undefined {
  const match = /^basic\s+(\S+)$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/**
 * Serves a fetch from a bare repository through git's own CGI, `git http-backend`, so a client runs
 * the real protocol (v2 when it asks for it, shallow fetches, wants by SHA) against the same refs
 * GitHub keeps, `refs/pull/N/head` included. Push (`git-receive-pack`) is not served: the jobs write
 * through the Git database API.
 */
export async function serveGitHttp(
  req: IncomingMessage,
  res: ServerResponse,
  gitDir: string,
  service: string,
  query: string,
): Promise<number> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const child = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: dirname(gitDir),
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: `/${basename(gitDir)}/${service}`,
      REQUEST_METHOD: req.method ?? "GET",
      QUERY_STRING: query,
      CONTENT_TYPE: String(req.headers["content-type"] ?? ""),
      CONTENT_LENGTH: String(body.length),
      ...(req.headers["content-encoding"]
        ? { HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"]) }
        : {}),
      ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
      REMOTE_ADDR: "127.0.0.1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  // http-backend may answer (or fail) before it reads the whole body: a closed stdin is its answer
  // to give, not an error of the double's.
  child.stdin.on("error", () => {});
  child.stdin.end(body);
  const out: Buffer[] = [];
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stderr.resume();
  await new Promise<void>((done) => child.on("close", () => done()));
  const output = Buffer.concat(out);
  // CGI output: header lines, a blank line, then the body.
  let split = output.indexOf("\r\n\r\n");
  let gap = 4;
  if (split < 0) {
    split = output.indexOf("\n\n");
    gap = 2;
  }
  if (split < 0) {
    res.statusCode = 500;
    res.end("git http-backend gave no CGI headers");
    return 500;
  }
  let status = 200;
  for (const line of output.subarray(0, split).toString("latin1").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
    else res.setHeader(name, value);
  }
  res.statusCode = status;
  res.end(output.subarray(split + gap));
  return status;
}
