import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterWrite, type Fault, faultResponse } from "./double-faults.js";
import { type DoubleResponse, githubError } from "./double-response.js";
import {
  type DoubleState,
  emptyState,
  filesFromDiff,
  hunkAt,
  type IssueState,
  itemKey,
  type PullRequestState,
  type RepoState,
  type ReviewCommentState,
  type SarifUploadState,
  type UserRef,
} from "./double-state.js";
import { matchGitHttp, serveGitHttp, tokenFromBasicAuth } from "./git-smart-http.js";
import { GraphqlRouter } from "./graphql-router.js";
import { OpenApiRouter } from "./openapi-router.js";
import { loadGitHubOpenApi } from "./openapi-spec.js";
import { RequestValidator, type SpecViolation } from "./request-validator.js";
import { appsRoutes } from "./routes/apps-routes.js";
import { checksRoutes } from "./routes/checks-routes.js";
import { codeScanningRoutes } from "./routes/code-scanning-routes.js";
import { gitRoutes } from "./routes/git-routes.js";
import { issuesRoutes } from "./routes/issues-routes.js";
import { pullsRoutes } from "./routes/pulls-routes.js";
import { reactionsRoutes } from "./routes/reactions-routes.js";
import { reposRoutes } from "./routes/repos-routes.js";
import type { RouteContext, RouteTable } from "./routes/route-context.js";

/** One request as the double saw it. */
export interface CallRecord {
  /** Spec operation id such as `pulls/create-review`, or `unknown` when no route matched. */
  operationId: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
  accept: string;
}

export interface StartOptions {
  /** Token that authenticates as `defaultUser` (default `test-token`). */
  token?: string;
  /** Who the default token is (default `github-actions[bot]`, type Bot, like GITHUB_TOKEN). */
  defaultUser?: UserRef;
  /** Serve the API under a path, like GitHub Enterprise Server's `/api/v3` (default: root). */
  pathPrefix?: string;
  /**
   * Serve GitHub's GraphQL endpoint (`POST /graphql`; `/api/graphql` next to a `/api/v3` prefix, as on
   * GHES). Default true; false answers 404 like a server without GraphQL.
   */
  graphql?: boolean;
}

export interface AddPullRequestOptions {
  owner: string;
  repo: string;
  number?: number;
  title?: string;
  body?: string;
  /** Unified diff (`git diff` / PR diff format); files and commentable lines are derived from it. */
  diff: string;
  headSha?: string;
  baseSha?: string;
  headRef?: string;
  baseRef?: string;
  /** `full_name` of the head repository; differs from the base repo for forks, `null` for a deleted fork. */
  headRepoFullName?: string | null;
  author?: UserRef;
  /** Answer the diff media type with 406 "diff too large" (files API keeps working). */
  diffTooLarge?: boolean;
  /** Labels already on the PR (e.g. the `autofix` trigger label). */
  labels?: string[];
  draft?: boolean;
}

let shared: { router: OpenApiRouter; validator: RequestValidator } | undefined;
/** Built on the first GraphQL request only: GitHub's schema takes most of a second to build. */
let sharedGraphql: GraphqlRouter | undefined;

const ROUTES: RouteTable = {
  ...pullsRoutes,
  ...gitRoutes,
  ...issuesRoutes,
  ...reactionsRoutes,
  ...checksRoutes,
  ...codeScanningRoutes,
  ...reposRoutes,
  ...appsRoutes,
};

/**
 * An in-memory GitHub REST API on 127.0.0.1 for tests. Every request is checked against GitHub's
 * OpenAPI description before a handler runs; a request the spec does not allow is answered 422 (bad
 * params/body) or 404 (unknown route) naming the offending field, and recorded in `violations` so a
 * test can assert `expect(double.violations).toEqual([])`.
 *
 * ```ts
 * const gh = await GitHubDouble.start();
 * gh.addRepo("acme", "app");
 * gh.addPullRequest({ owner: "acme", repo: "app", number: 1, diff });
 * const octokit = createGitHubClient({ token: gh.token, baseUrl: gh.url });
 * ...
 * await gh.close();
 * ```
 */
export class GitHubDouble {
  readonly state: DoubleState = emptyState();
  readonly calls: CallRecord[] = [];
  readonly violations: SpecViolation[] = [];
  /** Operations the spec allows but the double has no handler for (answered 501). */
  readonly unhandled: CallRecord[] = [];
  readonly token: string;
  readonly defaultUser: UserRef;
  private readonly pathPrefix: string;
  private readonly graphqlPath: string | undefined;
  /** Where GraphQL would be when it is switched off (answered 404, not as a REST spec violation). */
  private readonly graphqlPathWhenOff: string | undefined;

  private readonly tokens = new Map<string, UserRef>();
  private readonly faults = new Map<string, Fault[]>();
  private readonly afterHooks = new Map<string, Array<() => void>>();
  private nextIdValue = 1000;
  private clock = Date.parse("2026-01-01T00:00:00Z");

  private constructor(
    private readonly server: Server,
    private readonly router: OpenApiRouter,
    private readonly validator: RequestValidator,
    options: StartOptions,
  ) {
    this.token = options.token ?? "test-token";
    this.defaultUser = options.defaultUser ?? { login: "github-actions[bot]", type: "Bot" };
    this.tokens.set(this.token, this.defaultUser);
    this.pathPrefix = (options.pathPrefix ?? "").replace(/\/+$/, "");
    // GHES serves REST under /api/v3 and GraphQL at /api/graphql (octokit derives the one from the other).
    const graphqlPath = `${this.pathPrefix.replace(/\/v3$/, "")}/graphql`;
    this.graphqlPath = options.graphql === false ? undefined : graphqlPath;
    this.graphqlPathWhenOff = options.graphql === false ? graphqlPath : undefined;
  }

  static async start(options: StartOptions = {}): Promise<GitHubDouble> {
    // The router and the compiled validators are shared by every double in the process: building them
    // costs far more than a test's requests.
    const doc = loadGitHubOpenApi();
    shared ??= { router: new OpenApiRouter(doc), validator: new RequestValidator(doc) };
    const server = createServer();
    const double = new GitHubDouble(server, shared.router, shared.validator, options);
    server.on("request", (req, res) => {
      const git = matchGitHttp(new URL(req.url ?? "/", "http://double").pathname);
      (git ? double.handleGit(req, res, git) : double.handle(req, res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ message: `github double crashed: ${String(error)}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return double;
  }

  /** Base URL to give octokit (`baseUrl`), e.g. `http://127.0.0.1:43123` (plus `pathPrefix`). */
  get url(): string {
    return `${this.origin}${this.pathPrefix}`;
  }

  private get origin(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((e) => (e ? reject(e) : resolve())));
  }

  // ---- seeding -------------------------------------------------------------------------------

  /** Accept another token, authenticating as `user`. */
  /** Installation tokens GitHub would still accept (minted, not revoked, not expired). */
  liveInstallationTokens(): string[] {
    return [...this.tokens.keys()].filter((token) => token.startsWith("ghs_"));
  }

  addToken(token: string, user: UserRef): void {
    this.tokens.set(token, user);
  }

  addRepo(
    owner: string,
    name: string,
    options: { private?: boolean; defaultBranch?: string; gitDir?: string } = {},
  ): RepoState {
    const fullName = `${owner}/${name}`;
    const repo: RepoState = {
      id: this.nextId(),
      owner,
      name,
      fullName,
      private: options.private ?? false,
      defaultBranch: options.defaultBranch ?? "main",
      collaborators: new Map(),
      labels: new Map(),
      ...(options.gitDir ? { gitDir: options.gitDir } : {}),
    };
    this.state.repos.set(fullName, repo);
    return repo;
  }

  /** Install the App on `account` for the given `owner/repo` repositories (seed them with addRepo). */
  /** A delivery of the App's webhook as GitHub lists it; `statusCode` 0 = no answer (timeout). */
  addHookDelivery(d: {
    guid: string;
    deliveredAt: string;
    statusCode: number;
    event?: string;
    redelivery?: boolean;
  }): number {
    const id = this.nextId();
    this.state.hookDeliveries.unshift({
      id,
      guid: d.guid,
      deliveredAt: d.deliveredAt,
      redelivery: d.redelivery ?? false,
      statusCode: d.statusCode,
      event: d.event ?? "pull_request",
      action: "opened",
    });
    return id;
  }

  addInstallation(id: number, account: string, repos: string[], options: { suspended?: boolean } = {}): void {
    this.state.installations.set(id, { id, account, repos, suspended: options.suspended ?? false });
  }

  addCollaborator(
    owner: string,
    repo: string,
    login: string,
    role: "admin" | "maintain" | "write" | "triage" | "read",
  ) {
    this.requireRepo(owner, repo).collaborators.set(login, role);
  }

  addPullRequest(o: AddPullRequestOptions): PullRequestState {
    const repo = this.requireRepo(o.owner, o.repo);
    const number = o.number ?? this.takeNumber(repo.fullName);
    if (o.number !== undefined) {
      this.state.nextNumber.set(
        repo.fullName,
        Math.max(this.state.nextNumber.get(repo.fullName) ?? 1, number + 1),
      );
    }
    const pr: PullRequestState = {
      repo: repo.fullName,
      number,
      title: o.title ?? `PR ${number}`,
      body: o.body ?? "",
      user: o.author ?? { login: "octocat", type: "User" },
      state: "open",
      merged: false,
      draft: o.draft ?? false,
      head: {
        sha: o.headSha ?? "a".repeat(40),
        ref: o.headRef ?? "feature",
        repoFullName: o.headRepoFullName === undefined ? repo.fullName : o.headRepoFullName,
      },
      base: { sha: o.baseSha ?? "b".repeat(40), ref: o.baseRef ?? repo.defaultBranch },
      diff: o.diff,
      files: filesFromDiff(o.diff),
      diffTooLarge: o.diffTooLarge ?? false,
      labels: [...(o.labels ?? [])],
    };
    this.state.pulls.set(itemKey(repo.fullName, number), pr);
    // GitHub keeps every PR head, a fork's too, in the base repository under refs/pull/N/head.
    if (repo.gitDir) this.updatePullRef(repo.gitDir, number, pr.head.sha);
    return pr;
  }

  /** A plain issue (not a PR), numbered from the repository's shared issue and PR sequence. */
  addIssue(
    owner: string,
    repo: string,
    o: { title: string; body?: string; user?: UserRef; state?: "open" | "closed" },
  ): IssueState {
    const fullName = `${owner}/${repo}`;
    const number = this.state.nextNumber.get(fullName) ?? 1;
    this.state.nextNumber.set(fullName, number + 1);
    const at = this.now();
    const issue: IssueState = {
      repo: fullName,
      number,
      title: o.title,
      body: o.body ?? "",
      state: o.state ?? "open",
      stateReason: null,
      labels: [],
      user: o.user ?? { login: "octocat", type: "User" },
      createdAt: at,
      updatedAt: at,
    };
    this.state.issues.set(itemKey(fullName, number), issue);
    return issue;
  }

  /** A plain PR/issue conversation comment by someone else. */
  addIssueComment(owner: string, repo: string, issueNumber: number, body: string, user: UserRef) {
    const at = this.now();
    const comment = {
      id: this.nextId(),
      repo: `${owner}/${repo}`,
      issueNumber,
      body,
      user,
      createdAt: at,
      updatedAt: at,
    };
    this.state.issueComments.push(comment);
    return comment;
  }

  /** A human's inline comment that opens a review thread on a line of the PR's diff. */
  addReviewComment(
    owner: string,
    repo: string,
    pullNumber: number,
    c: { path: string; line: number; body: string; user: UserRef },
  ): ReviewCommentState {
    const pr = this.pull(owner, repo, pullNumber);
    const comment: ReviewCommentState = {
      id: this.nextId(),
      repo: pr.repo,
      pullNumber,
      reviewId: null,
      path: c.path,
      line: c.line,
      startLine: null,
      side: "RIGHT",
      subjectType: "line",
      body: c.body,
      inReplyToId: null,
      commitId: pr.head.sha,
      user: c.user,
      createdAt: this.now(),
    };
    const hunk = hunkAt(pr, c.path, c.line);
    if (hunk !== undefined) comment.diffHunk = hunk;
    this.state.reviewComments.push(comment);
    return comment;
  }

  /** A human's reply to a review comment (what keeps an outdated bot comment from being deleted). */
  addReviewReply(
    owner: string,
    repo: string,
    inReplyToId: number,
    body: string,
    user: UserRef,
  ): ReviewCommentState {
    const parent = this.state.reviewComments.find(
      (c) => c.id === inReplyToId && c.repo === `${owner}/${repo}`,
    );
    if (!parent) throw new Error(`no review comment ${inReplyToId} in ${owner}/${repo}`);
    const reply: ReviewCommentState = {
      ...parent,
      id: this.nextId(),
      reviewId: null,
      body,
      user,
      inReplyToId,
    };
    this.state.reviewComments.push(reply);
    return reply;
  }

  /** Someone's reaction (`-1` is 👎) on a review comment. */
  addReviewCommentReaction(
    owner: string,
    repo: string,
    commentId: number,
    content: string,
    user: UserRef,
  ): void {
    if (!this.state.reviewComments.some((c) => c.id === commentId && c.repo === `${owner}/${repo}`))
      throw new Error(`no review comment ${commentId} in ${owner}/${repo}`);
    this.state.reactions.push({
      id: this.nextId(),
      repo: `${owner}/${repo}`,
      subject: "review_comment",
      commentId,
      content,
      user,
      createdAt: this.now(),
    });
  }

  /** Someone resolves the review thread that `rootCommentId` opened (GraphQL `resolvedBy` names them). */
  resolveThreadAs(rootCommentId: number, user: UserRef): void {
    this.state.resolvedThreads.add(rootCommentId);
    this.state.threadResolvers.set(rootCommentId, user);
  }

  /**
   * A push to the PR branch: the PR's head (and `refs/pull/N/head` when backed by git) moves to `sha`;
   * with `diff`, the PR's diff and files become the new base...head (comments whose hunk is gone turn outdated).
   */
  movePullRequestHead(owner: string, repo: string, number: number, sha: string, diff?: string): void {
    const pr = this.pull(owner, repo, number);
    pr.head.sha = sha;
    if (diff !== undefined) {
      pr.diff = diff;
      pr.files = filesFromDiff(diff);
    }
    const gitDir = this.repository(owner, repo).gitDir;
    if (gitDir) this.updatePullRef(gitDir, number, sha);
  }

  private updatePullRef(gitDir: string, number: number, sha: string): void {
    try {
      execFileSync("git", ["--git-dir", gitDir, "cat-file", "-e", `${sha}^{commit}`], { stdio: "ignore" });
    } catch {
      return; // The commit is not in the bare repository (yet): a test pushes it there itself.
    }
    execFileSync("git", ["--git-dir", gitDir, "update-ref", `refs/pull/${number}/head`, sha]);
  }

  // ---- fault injection -----------------------------------------------------------------------

  /** The next `times` requests to `operationId` (that pass spec validation) get `fault` instead. */
  failNext(operationId: string, fault: Fault, times = 1): void {
    const queue = this.faults.get(operationId) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.faults.set(operationId, queue);
  }

  /**
   * Runs `effect` once, right after the next request to `operationId` was handled and before it is
   * answered: a race, such as someone else pushing while a client is between two calls.
   */
  onceAfter(operationId: string, effect: () => void): void {
    const hooks = this.afterHooks.get(operationId) ?? [];
    hooks.push(effect);
    this.afterHooks.set(operationId, hooks);
  }

  /** Drops every queued fault (e.g. the ones a give-up test left unused). */
  clearFaults(): void {
    this.faults.clear();
  }

  // ---- inspection ----------------------------------------------------------------------------

  /** Number of requests per operation id, e.g. `{ "pulls/create-review": 1 }`. */
  callCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.calls) out[c.operationId] = (out[c.operationId] ?? 0) + 1;
    return out;
  }

  callsTo(operationId: string): CallRecord[] {
    return this.calls.filter((c) => c.operationId === operationId);
  }

  /** Forget recorded calls (state stays), e.g. between a first and a second publishing run. */
  resetCalls(): void {
    this.calls.length = 0;
  }

  /** A seeded repository's state, e.g. to back its Git database API with a bare repository later. */
  repository(owner: string, name: string): RepoState {
    const repo = this.state.repos.get(`${owner}/${name}`);
    if (!repo) throw new Error(`seed the repository first: addRepo("${owner}", "${name}")`);
    return repo;
  }

  pull(owner: string, repo: string, number: number): PullRequestState {
    const pr = this.state.pulls.get(itemKey(`${owner}/${repo}`, number));
    if (!pr) throw new Error(`no PR ${owner}/${repo}#${number}`);
    return pr;
  }

  /**
   * Installation tokens stop working now, as when their hour is up: GitHub answers 401 Bad
   * credentials to them from then on (the default token and App JWTs are untouched).
   */
  expireInstallationTokens(): number {
    let expired = 0;
    for (const token of [...this.tokens.keys()])
      if (token.startsWith("ghs_") && this.tokens.delete(token)) expired++;
    return expired;
  }

  reviewCommentsOn(owner: string, repo: string, number: number): ReviewCommentState[] {
    return this.state.reviewComments.filter((c) => c.repo === `${owner}/${repo}` && c.pullNumber === number);
  }

  issuesOf(owner: string, repo: string): IssueState[] {
    return [...this.state.issues.values()].filter((i) => i.repo === `${owner}/${repo}`);
  }

  sarifUploadsOf(owner: string, repo: string): SarifUploadState[] {
    return this.state.sarifUploads.filter((u) => u.repo === `${owner}/${repo}`);
  }

  // ---- internals -----------------------------------------------------------------------------

  private nextId(): number {
    return ++this.nextIdValue;
  }

  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private takeNumber(fullName: string): number {
    const n = this.state.nextNumber.get(fullName) ?? 1;
    this.state.nextNumber.set(fullName, n + 1);
    return n;
  }

  private requireRepo(owner: string, name: string): RepoState {
    const repo = this.state.repos.get(`${owner}/${name}`);
    if (!repo) throw new Error(`seed the repository first: addRepo("${owner}", "${name}")`);
    return repo;
  }

  /**
   * git's smart HTTP on the web origin (`{GITHUB_SERVER_URL}/{owner}/{repo}.git`), served from the
   * repository's bare `gitDir`. A token goes as `Authorization: basic x-access-token:<token>`, the
   * header actions/checkout sends; an unknown token is refused, and so is no token on a private repo.
   * Calls are logged as `git/info-refs` and `git/upload-pack` with `body: { auth }`.
   */
  private async handleGit(
    req: IncomingMessage,
    res: ServerResponse,
    git: { owner: string; repo: string; service: string },
  ): Promise<void> {
    const url = new URL(req.url ?? "/", this.origin);
    const operationId = git.service === "info/refs" ? "git/info-refs" : "git/upload-pack";
    const header = req.headers.authorization;
    const token = tokenFromBasicAuth(header);
    const auth =
      header === undefined ? "none" : token !== undefined && this.tokens.has(token) ? "token" : "bad";
    const record = (status: number) =>
      this.calls.push({
        operationId,
        method: req.method ?? "GET",
        path: url.pathname,
        status,
        body: { auth },
        accept: "",
      });
    const repo = this.state.repos.get(`${git.owner}/${git.repo}`);
    if (
      !repo?.gitDir ||
      (git.service === "info/refs" && url.searchParams.get("service") !== "git-upload-pack")
    ) {
      record(404);
      res.statusCode = 404;
      res.end("Repository not found.");
      return;
    }
    if (auth === "bad" || (auth === "none" && repo.private)) {
      record(401);
      res.statusCode = 401;
      res.setHeader("www-authenticate", 'Basic realm="GitHub"');
      res.end("Invalid username or token.");
      return;
    }
    record(await serveGitHttp(req, res, repo.gitDir, git.service, url.search.slice(1)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const publicUrl = new URL(req.url ?? "/", this.origin);
    const url = new URL(publicUrl);
    if (publicUrl.pathname === this.graphqlPath && req.method === "POST")
      return this.handleGraphql(req, raw, res);
    if (publicUrl.pathname === this.graphqlPathWhenOff) {
      this.calls.push({
        operationId: "graphql",
        method: req.method ?? "POST",
        path: publicUrl.pathname,
        status: 404,
        body: raw,
        accept: "",
      });
      res.statusCode = 404;
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/graphql" }));
      return;
    }
    if (this.pathPrefix) {
      if (!url.pathname.startsWith(`${this.pathPrefix}/`)) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ message: `Not Found: this double serves the API under ${this.pathPrefix}` }),
        );
        return;
      }
      url.pathname = url.pathname.slice(this.pathPrefix.length);
    }
    const method = (req.method ?? "GET").toUpperCase();
    const accept = String(req.headers.accept ?? "");
    const record = (operationId: string, status: number, body: unknown): CallRecord => {
      const entry = { operationId, method, path: url.pathname, status, body, accept };
      this.calls.push(entry);
      return entry;
    };
    const send = (r: DoubleResponse) => {
      res.statusCode = r.status;
      for (const [k, v] of Object.entries(r.headers ?? {})) res.setHeader(k, v);
      if (r.text !== undefined) res.end(r.text);
      else if (r.body !== undefined) {
        if (!res.hasHeader("content-type")) res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(JSON.stringify(r.body));
      } else res.end();
    };

    let body: unknown;
    if (raw.trim() !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        record("unknown", 400, raw);
        return send(githubError(400, "Problems parsing JSON"));
      }
    }

    const match = this.router.match(method, url.pathname);
    if (!match || "allowed" in match) {
      const message = match
        ? `${method} is not allowed on ${url.pathname} (spec allows ${match.allowed.join(", ")})`
        : `no operation in GitHub's OpenAPI description matches ${method} ${url.pathname}`;
      this.violations.push({ operationId: "unknown", method, path: url.pathname, field: "path", message });
      record("unknown", 404, body);
      return send(githubError(404, `Not Found: ${message}`));
    }

    const user = this.authenticate(req, match.operationId);
    if (!user) {
      record(match.operationId, 401, body);
      return send(githubError(401, "Bad credentials"));
    }

    const problems = this.validator.validate(match, url.searchParams, body, raw.trim() !== "", url.pathname);
    if (problems.length > 0) {
      this.violations.push(...problems);
      record(match.operationId, 422, body);
      const text = problems.map((p) => `"${p.field}": ${p.message}`).join("\n");
      return send(
        githubError(
          422,
          `Invalid request.\n\n${text}`,
          problems.map((p) => ({ field: p.field, code: "invalid", message: p.message })),
        ),
      );
    }

    const fault = this.faults.get(match.operationId)?.shift();
    if (fault && fault.kind !== "server_error_after_write") {
      const r = faultResponse(fault);
      record(match.operationId, r.status, body);
      return send(r);
    }

    const handler = ROUTES[match.operationId];
    if (!handler) {
      const entry = record(match.operationId, 501, body);
      this.unhandled.push(entry);
      return send(githubError(501, `the GitHub double does not implement ${match.operationId} yet`));
    }
    const ctx: RouteContext = {
      state: this.state,
      params: match.pathParams,
      query: url.searchParams,
      body: (body ?? {}) as Record<string, unknown>,
      user,
      accept,
      url: publicUrl,
      htmlBase: "https://github.com",
      nextId: () => this.nextId(),
      now: () => this.now(),
      repo: () => this.state.repos.get(`${match.pathParams.owner}/${match.pathParams.repo}`),
      issueToken: (u) => {
        const token = `ghs_${randomBytes(12).toString("hex")}`;
        this.tokens.set(token, u);
        return token;
      },
      revokePresentedToken: () => {
        this.tokens.delete(String(req.headers.authorization ?? "").replace(/^(token|bearer)\s+/i, ""));
      },
    };
    const response = afterWrite(handler(ctx), fault);
    this.afterHooks.get(match.operationId)?.shift()?.();
    record(match.operationId, response.status, body);
    send(response);
  }

  /** `POST /graphql`: validated against GitHub's GraphQL schema, see `GraphqlRouter`. */
  private handleGraphql(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const path = new URL(req.url ?? "/", this.origin).pathname;
    const { operationId, response, body } = this.answerGraphql(req, raw, path);
    this.calls.push({
      operationId,
      method: "POST",
      path,
      status: response.status,
      body,
      accept: String(req.headers.accept ?? ""),
    });
    res.statusCode = response.status;
    for (const [k, v] of Object.entries(response.headers ?? {})) res.setHeader(k, v);
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.end(JSON.stringify(response.body ?? {}));
  }

  private answerGraphql(
    req: IncomingMessage,
    raw: string,
    path: string,
  ): { operationId: string; response: DoubleResponse; body: unknown } {
    let body: unknown;
    try {
      body = raw.trim() === "" ? undefined : JSON.parse(raw);
    } catch {
      return { operationId: "graphql", response: githubError(400, "Problems parsing JSON"), body: raw };
    }
    // GraphQL answers a bad token with 401 and REST's error envelope.
    const user = this.authenticate(req, "graphql");
    if (!user) return { operationId: "graphql", response: githubError(401, "Bad credentials"), body };
    sharedGraphql ??= new GraphqlRouter();
    const checked = sharedGraphql.check(body, path);
    const { operationId } = checked;
    const unhandled = () =>
      this.unhandled.push({ operationId, method: "POST", path, status: 200, body, accept: "" });
    this.violations.push(...checked.violations.map((v) => ({ ...v, operationId })));
    if (checked.answer) {
      if (checked.unhandled) unhandled();
      return { operationId, response: checked.answer, body };
    }
    const fault = this.faults.get(operationId)?.shift();
    if (fault && fault.kind !== "server_error_after_write")
      return { operationId, response: faultResponse(fault), body };
    const ran = checked.execute(this.state, user);
    this.violations.push(...ran.violations);
    if (ran.unhandled) unhandled();
    return { operationId, response: afterWrite(ran.response, fault), body };
  }

  private authenticate(req: IncomingMessage, operationId: string): UserRef | undefined {
    const header = String(req.headers.authorization ?? "");
    const token = header.replace(/^(token|bearer)\s+/i, "");
    const user = this.tokens.get(token);
    if (user) return user;
    // App endpoints are called with the App's JWT (three base64url parts), which the double accepts as is.
    if (operationId.startsWith("apps/") && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
      return { login: "app", type: "Bot" };
    return undefined;
  }
}
