import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OpenApiRouter } from "../github-double/openapi-router.js";
import { loadGitHubOpenApi } from "../github-double/openapi-spec.js";
import { RequestValidator, type SpecViolation } from "../github-double/request-validator.js";

interface StoredArtifact {
  id: number;
  owner: string;
  repo: string;
  name: string;
  bytes: Uint8Array;
  createdAt: string;
  expired: boolean;
}

export interface ArtifactCall {
  /** GitHub's operation id from its OpenAPI description, e.g. `actions/list-artifacts-for-repo`. */
  operationId: string;
  method: string;
  path: string;
  status: number;
}

/**
 * The artifacts part of GitHub's REST API on 127.0.0.1: list (`GET /repos/{o}/{r}/actions/artifacts`,
 * `name` filter, pagination, newest first), download (`GET .../artifacts/{id}/zip` answering 302 to a
 * blob URL, like GitHub) and delete. Every API request is matched and validated against GitHub's
 * OpenAPI description with the GitHub double's router and validator (test/github-double), and a
 * departure is recorded in `violations`. `addArtifact` is what a finished @actions/artifact upload
 * would leave behind; the runtime upload service itself cannot run here.
 */
export class ActionsArtifactsDouble {
  readonly calls: ArtifactCall[] = [];
  readonly violations: SpecViolation[] = [];
  static #spec: { router: OpenApiRouter; validator: RequestValidator } | undefined;
  readonly token = "artifact-test-token";
  readonly #artifacts = new Map<number, StoredArtifact>();
  #nextId = 5000;
  #clock = Date.parse("2026-01-01T00:00:00Z");

  private constructor(private readonly server: Server) {}

  static async start(): Promise<ActionsArtifactsDouble> {
    const server = createServer();
    const double = new ActionsArtifactsDouble(server);
    server.on("request", (req, res) => double.#handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return double;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Records an uploaded artifact (ids grow with upload order, as on GitHub). */
  addArtifact(owner: string, repo: string, name: string, bytes: Uint8Array): number {
    if (/["<>|*?\r\n\\/:]/.test(name)) throw new Error(`invalid artifact name ${JSON.stringify(name)}`);
    const id = this.#nextId++;
    this.#clock += 1000;
    this.#artifacts.set(id, {
      id,
      owner,
      repo,
      name,
      bytes,
      createdAt: new Date(this.#clock).toISOString(),
      expired: false,
    });
    return id;
  }

  removeAll(owner: string, repo: string): void {
    for (const a of [...this.#artifacts.values()]) {
      if (a.owner === owner && a.repo === repo) this.#artifacts.delete(a.id);
    }
  }

  expire(id: number): void {
    const a = this.#artifacts.get(id);
    if (a) a.expired = true;
  }

  /** Live artifacts of a repo (test inspection). */
  artifacts(owner: string, repo: string): { id: number; name: string }[] {
    return [...this.#artifacts.values()]
      .filter((a) => a.owner === owner && a.repo === repo)
      .map((a) => ({ id: a.id, name: a.name }));
  }

  #json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  #row(a: StoredArtifact) {
    const api = `${this.url}/repos/${a.owner}/${a.repo}/actions/artifacts/${a.id}`;
    return {
      id: a.id,
      node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
      name: a.name,
      size_in_bytes: a.bytes.byteLength,
      url: api,
      archive_download_url: `${api}/zip`,
      expired: a.expired,
      created_at: a.createdAt,
      updated_at: a.createdAt,
      expires_at: new Date(Date.parse(a.createdAt) + 90 * 86_400_000).toISOString(),
      digest: null,
      workflow_run: {
        id: 1,
        repository_id: 1,
        head_repository_id: 1,
        head_branch: "main",
        head_sha: "0".repeat(40),
      },
    };
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", this.url);
    const method = req.method ?? "GET";
    let operationId = "blob";
    const done = (status: number) =>
      this.calls.push({ operationId, method, path: url.pathname + url.search, status });
    const blob = /^\/blob\/(\d+)$/.exec(url.pathname);
    if (blob && method === "GET") {
      // The blob URL is pre-signed: no Authorization needed (and GitHub's redirect target ignores it).
      const a = this.#artifacts.get(Number(blob[1]));
      if (!a) {
        done(404);
        this.#json(res, 404, { message: "BlobNotFound" });
        return;
      }
      done(200);
      res.writeHead(200, {
        "content-type": "application/octet-stream",
        "content-length": a.bytes.byteLength,
      });
      res.end(a.bytes);
      return;
    }
    const doc = loadGitHubOpenApi();
    ActionsArtifactsDouble.#spec ??= { router: new OpenApiRouter(doc), validator: new RequestValidator(doc) };
    const { router, validator } = ActionsArtifactsDouble.#spec;
    const match = router.match(method, url.pathname);
    if (!match || !("operationId" in match)) {
      operationId = "unknown";
      done(404);
      this.#json(res, 404, { message: "Not Found" });
      return;
    }
    operationId = match.operationId;
    this.violations.push(...validator.validate(match, url.searchParams, undefined, false, url.pathname));
    if (
      req.headers.authorization !== `token ${this.token}` &&
      req.headers.authorization !== `Bearer ${this.token}`
    ) {
      done(401);
      this.#json(res, 401, {
        message: "Bad credentials",
        documentation_url: "https://docs.github.com/rest",
      });
      return;
    }
    const list = /^\/repos\/([^/]+)\/([^/]+)\/actions\/artifacts$/.exec(url.pathname);
    if (list && method === "GET") {
      const [, owner, repo] = list;
      const name = url.searchParams.get("name");
      const perPage = Math.min(100, Number(url.searchParams.get("per_page") ?? 30));
      const page = Number(url.searchParams.get("page") ?? 1);
      const all = [...this.#artifacts.values()]
        .filter((a) => a.owner === owner && a.repo === repo && (name === null || a.name === name))
        .sort((a, b) => b.id - a.id);
      const slice = all.slice((page - 1) * perPage, page * perPage);
      const headers: Record<string, string> = {};
      if (page * perPage < all.length) {
        const next = new URL(url);
        next.searchParams.set("page", String(page + 1));
        headers.link = `<${next.toString()}>; rel="next"`;
      }
      done(200);
      this.#json(res, 200, { total_count: all.length, artifacts: slice.map((a) => this.#row(a)) }, headers);
      return;
    }
    const one = /^\/repos\/([^/]+)\/([^/]+)\/actions\/artifacts\/(\d+)(?:\/(zip))?$/.exec(url.pathname);
    if (one) {
      const [, owner, repo, id, format] = one;
      const a = this.#artifacts.get(Number(id));
      if (!a || a.owner !== owner || a.repo !== repo) {
        done(404);
        this.#json(res, 404, { message: "Not Found" });
        return;
      }
      if (method === "GET" && format === "zip") {
        if (a.expired) {
          done(410);
          this.#json(res, 410, { message: "Artifact has expired" });
          return;
        }
        done(302);
        res.writeHead(302, { location: `${this.url}/blob/${a.id}` });
        res.end();
        return;
      }
      if (method === "DELETE" && !format) {
        this.#artifacts.delete(a.id);
        done(204);
        res.writeHead(204);
        res.end();
        return;
      }
    }
    done(404);
    this.#json(res, 404, { message: "Not Found" });
  }
}
