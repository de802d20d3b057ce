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
  runId: number;
}

/** A workflow run that uploads artifacts: whose repository it ran in, and whose code it ran. */
interface StoredRun {
  id: number;
  owner: string;
  repo: string;
  /** `owner/name` of the code the run checked out: another repository for a fork PR's run. */
  headRepository: string;
  event: string;
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
  readonly #runs = new Map<number, StoredRun>();
  readonly #repoIds = new Map<string, number>();
  #nextRunId = 900;
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

  /** A workflow run of `owner/repo`; by default a push run on the repository's own code. */
  addRun(owner: string, repo: string, options: { headRepository?: string; event?: string } = {}): number {
    const id = this.#nextRunId++;
    this.#runs.set(id, {
      id,
      owner,
      repo,
      headRepository: options.headRepository ?? `${owner}/${repo}`,
      event: options.event ?? "push",
    });
    return id;
  }

  #repoId(fullName: string): number {
    const key = fullName.toLowerCase();
    if (!this.#repoIds.has(key)) this.#repoIds.set(key, 100 + this.#repoIds.size);
    return this.#repoIds.get(key)!;
  }

  /** The run that uploads artifacts when a test names none: one trusted run per repository. */
  #defaultRun(owner: string, repo: string): number {
    for (const run of this.#runs.values()) {
      if (run.owner === owner && run.repo === repo && run.event === "push") return run.id;
    }
    return this.addRun(owner, repo);
  }

  /** Records an uploaded artifact (ids grow with upload order, as on GitHub), by `runId`'s run. */
  addArtifact(owner: string, repo: string, name: string, bytes: Uint8Array, runId?: number): number {
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
      runId: runId ?? this.#defaultRun(owner, repo),
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
      workflow_run: this.#workflowRunOf(a),
    };
  }

  #workflowRunOf(a: StoredArtifact) {
    const run = this.#runs.get(a.runId)!;
    return {
      id: run.id,
      repository_id: this.#repoId(`${run.owner}/${run.repo}`),
      head_repository_id: this.#repoId(run.headRepository),
      head_branch: "main",
      head_sha: "0".repeat(40),
    };
  }

  /** The fields of GET /repos/{owner}/{repo}/actions/runs/{id} the store reads, GitHub's shape. */
  #runPayload(run: StoredRun) {
    const repository = (fullName: string) => ({
      id: this.#repoId(fullName),
      name: fullName.split("/")[1],
      full_name: fullName,
      owner: { login: fullName.split("/")[0] },
    });
    return {
      id: run.id,
      name: "claude",
      event: run.event,
      status: "completed",
      conclusion: "success",
      head_branch: "main",
      head_sha: "0".repeat(40),
      repository: repository(`${run.owner}/${run.repo}`),
      head_repository: repository(run.headRepository),
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
    const runMatch = /^\/repos\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)$/.exec(url.pathname);
    if (runMatch && method === "GET") {
      const [, owner, repo, id] = runMatch;
      const run = this.#runs.get(Number(id));
      // A run id of another repository is not found under this one, as on GitHub.
      if (!run || run.owner !== owner || run.repo !== repo) {
        done(404);
        this.#json(res, 404, { message: "Not Found" });
        return;
      }
      done(200);
      this.#json(res, 200, this.#runPayload(run));
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
