import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CloneError,
  type CloneRequest,
  CommitNotFoundError,
  cloneRepository,
  repositoryUrl,
} from "../../src/jobs/shared/clone-repository.js";
import { gitAuthEnv } from "../../src/jobs/shared/git-auth-env.js";
import { GitCheckout } from "../../src/jobs/shared/git-checkout.js";

// Real bare repositories, fetched over file:// (a plain path makes git copy objects locally and
// ignore --depth) and over smart HTTP (git http-backend behind a loopback server that checks the
// Authorization header, like GitHub). No fixture sets uploadpack.allowReachableSHA1InWant: protocol
// v2, which cloneRepository pins, already lets a client fetch any commit by sha.
const TOKEN = "ghs_TestInstallationToken0123456789abcdef";
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
const FEATURE_COMMITS = 120;
const MAIN_COMMITS_BEFORE_FORK = 200;

const root = mkdtempSync(join(tmpdir(), "cpr-clone-test-"));
let bare: string;
let remoteUrl: string;
let shas: { fork: string; base: string; head: string; orphan: string };
let n = 0;

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).trim();
const freshDir = () => join(root, `checkout-${++n}`);
const clone = (request: Omit<CloneRequest, "remoteUrl" | "dir" | "hostEnv"> & Partial<CloneRequest>) =>
  cloneRepository({ remoteUrl, dir: freshDir(), hostEnv: process.env, ...request });

/**
 * main: 200 commits, then 2 more after `feature` forked from it 120 commits ahead (so the full history
 * is 320 deep and a depth of 160 is still shallow); `unrelated` is an orphan history.
 * Built with one `git fast-import` instead of ~250 git processes.
 */
function buildBareRepository(dir: string): typeof shas {
  git(root, "init", "-q", "--bare", "-b", "main", dir);
  const lines: string[] = [];
  let time = 1_700_000_000;
  let mark = 0;
  const commit = (ref: string, message: string, files: Record<string, string>, from?: number) => {
    mark++;
    lines.push(`commit ${ref}`, `mark :${mark}`, `committer Dev <dev@example.com> ${time++} +0000`);
    lines.push(`data ${Buffer.byteLength(message)}`, message);
    if (from !== undefined) lines.push(`from :${from}`);
    for (const [path, content] of Object.entries(files)) {
      lines.push(`M 644 inline ${path}`, `data ${Buffer.byteLength(content)}`, content);
    }
    return mark;
  };
  let shared = "one\ntwo\nthree\n";
  for (let i = 1; i <= MAIN_COMMITS_BEFORE_FORK; i++)
    commit("refs/heads/main", `m${i}`, { "main.txt": `main ${i}\n`, "shared.txt": shared });
  const fork = mark;
  let feature = "";
  for (let i = 1; i <= FEATURE_COMMITS; i++) {
    feature += `feature line ${i}\n`;
    const files: Record<string, string> = { "feature.txt": feature };
    if (i === 60) files["shared.txt"] = "one\nTWO\nthree\n";
    commit("refs/heads/feature", `f${i}`, files, i === 1 ? fork : undefined);
  }
  shared = "one\ntwo\nthree\nfour\n";
  commit("refs/heads/main", "m4", { "main.txt": "main 4\n", "shared.txt": shared }, fork);
  commit("refs/heads/main", "m5", { "main.txt": "main 5\n" });
  commit("refs/heads/unrelated", "orphan 1", { "other.txt": "other\n" });
  commit("refs/heads/unrelated", "orphan 2", { "other.txt": "other 2\n" });
  execFileSync("git", ["fast-import", "--quiet"], { cwd: dir, input: `${lines.join("\n")}\n` });
  return {
    fork: git(dir, "rev-parse", "main~2"),
    base: git(dir, "rev-parse", "main"),
    head: git(dir, "rev-parse", "feature"),
    orphan: git(dir, "rev-parse", "unrelated"),
  };
}

/** Every file under dir, as bytes: the token must be in none of them. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: readFileSync(path) };
    });
}

function expectNoSecretUnder(dir: string) {
  const files = filesUnder(join(dir, ".git"));
  expect(files.length).toBeGreaterThan(5);
  const leaks = files
    .filter(({ bytes }) => bytes.includes(TOKEN) || bytes.includes(BASIC))
    .map((f) => f.path);
  expect(leaks).toEqual([]);
}

async function cloneError(request: Parameters<typeof clone>[0]): Promise<CloneError> {
  try {
    await clone(request);
  } catch (error) {
    if (error instanceof CloneError) return error;
    throw error;
  }
  throw new Error("expected cloneRepository to fail");
}

beforeAll(() => {
  bare = join(root, "octo", "repo.git");
  mkdirSync(join(root, "octo"));
  shas = buildBareRepository(bare);
  remoteUrl = `file://${bare}`;
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("cloneRepository over file://", () => {
  it("checks out a PR head 120 commits ahead at depth 10 and deepens until `base...head` diffs like a full clone", async () => {
    const result = await clone({ headSha: shas.head, baseSha: shas.base, depth: 10 });

    // 10 → 20 → 40 → 80 → 160: the fork point is 121 generations below head.
    expect(result).toEqual({ dir: result.dir, headSha: shas.head, depth: 160 });
    expect(git(result.dir, "rev-parse", "--is-shallow-repository")).toBe("true");
    expect(Number(git(result.dir, "rev-list", "--count", "--all"))).toBeLessThan(FEATURE_COMMITS + 160);
    expect(git(result.dir, "rev-parse", "HEAD")).toBe(shas.head);
    expect(() => git(result.dir, "symbolic-ref", "-q", "HEAD")).toThrow(); // detached
    expect(git(result.dir, "merge-base", shas.base, shas.head)).toBe(shas.fork);
    expect(git(result.dir, "remote", "get-url", "origin")).toBe(remoteUrl);
    expect(git(result.dir, "status", "--porcelain")).toBe("");

    const full = join(root, "full");
    git(root, "clone", "-q", bare, full);
    const expected = git(full, "diff", "--no-color", "-M", `${shas.base}...${shas.head}`);
    const actual = await new GitCheckout(result.dir, process.env).diff(shas.base, shas.head);
    expect(expected).toContain("+feature line 120");
    expect(expected).toContain("-two\n+TWO");
    expect(actual.trim()).toBe(expected);
    expect(await new GitCheckout(result.dir, process.env).changedFiles(shas.base, shas.head)).toEqual(
      await new GitCheckout(full, process.env).changedFiles(shas.base, shas.head),
    );
  });

  it("stays at the initial depth when base and head already meet", async () => {
    const result = await clone({ headSha: shas.head, baseSha: shas.fork, depth: 200 });
    expect(result.depth).toBe(200);
    const near = await clone({ headSha: shas.base, baseSha: shas.fork, depth: 3 });
    expect(near.depth).toBe(3);
    expect(git(near.dir, "rev-parse", "--is-shallow-repository")).toBe("true");
    // 3 from head plus the base's own 3 (the fork point and 2 parents), overlapping in one: 5.
    expect(Number(git(near.dir, "rev-list", "--count", "HEAD"))).toBe(5);
  });

  it("falls back to --unshallow once maxDepth is reached", async () => {
    const result = await clone({ headSha: shas.head, baseSha: shas.base, depth: 10, maxDepth: 30 });
    expect(result.depth).toBe("full");
    expect(git(result.dir, "rev-parse", "--is-shallow-repository")).toBe("false");
    expect(git(result.dir, "merge-base", shas.base, shas.head)).toBe(shas.fork);
  });

  it("checks out a branch tip on a local branch that tracks origin/<branch>", async () => {
    const result = await clone({ branch: "main", depth: 2 });
    expect(result).toEqual({ dir: result.dir, headSha: shas.base, depth: 2 });
    expect(git(result.dir, "symbolic-ref", "--short", "HEAD")).toBe("main");
    expect(git(result.dir, "rev-parse", "refs/remotes/origin/main")).toBe(shas.base);
    expect(git(result.dir, "rev-parse", "--abbrev-ref", "main@{upstream}")).toBe("origin/main");
    expect(readFileSync(join(result.dir, "main.txt"), "utf8")).toBe("main 5\n");
    // What the autofix job does later with the same origin.
    expect(git(result.dir, "ls-remote", "origin", "refs/heads/feature")).toBe(
      `${shas.head}\trefs/heads/feature`,
    );
  });

  it("a branch clone with a base deepens from the resolved tip", async () => {
    const result = await clone({ branch: "feature", baseSha: shas.base, depth: 100 });
    expect(result.headSha).toBe(shas.head);
    expect(result.depth).toBe(200);
    expect(git(result.dir, "merge-base", shas.base, "HEAD")).toBe(shas.fork);
  });

  it("a commit that is gone is a CommitNotFoundError naming it", async () => {
    const missing = "0123456789abcdef0123456789abcdef01234567";
    const error = await cloneError({ headSha: missing });
    expect(error).toBeInstanceOf(CommitNotFoundError);
    expect(error.message).toContain(`not our ref ${missing}`);
    expect(error.args).toContain(missing);

    const goneBase = await cloneError({ headSha: shas.head, baseSha: missing });
    expect(goneBase).toBeInstanceOf(CommitNotFoundError);
  });

  it("a deleted branch or repository is a CommitNotFoundError too", async () => {
    expect(await cloneError({ branch: "deleted-branch" })).toBeInstanceOf(CommitNotFoundError);
    const gone = await cloneError({ headSha: shas.head, remoteUrl: `file://${join(root, "nope.git")}` });
    expect(gone).toBeInstanceOf(CommitNotFoundError);
  });

  it("unrelated histories are a CloneError (not a missing commit) after the full history was checked", async () => {
    const error = await cloneError({ headSha: shas.head, baseSha: shas.orphan, depth: 10, maxDepth: 20 });
    expect(error).toBeInstanceOf(CloneError);
    expect(error).not.toBeInstanceOf(CommitNotFoundError);
    expect(error.message).toContain("share no history");
    expect(error.message).toContain(shas.orphan);
  });

  it("a failed clone leaves the directory missing or empty, as it was given", async () => {
    const missing = "0123456789abcdef0123456789abcdef01234567";
    const dir = freshDir();
    await expect(cloneRepository({ remoteUrl, dir, headSha: missing, hostEnv: process.env })).rejects.toThrow(
      CommitNotFoundError,
    );
    expect(existsSync(dir)).toBe(false);
    mkdirSync(dir);
    await expect(cloneRepository({ remoteUrl, dir, headSha: missing, hostEnv: process.env })).rejects.toThrow(
      CommitNotFoundError,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("stops when the job's signal aborts", async () => {
    const controller = new AbortController();
    controller.abort(new Error("deadline reached"));
    const error = await cloneError({ headSha: shas.head, signal: controller.signal });
    expect(error.message).toMatch(/was stopped: Error: deadline reached/);
  });

  it("refuses bad input before running git", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    writeFileSync(join(dir, "keep.txt"), "user data\n");
    await expect(
      cloneRepository({ remoteUrl, dir, headSha: shas.head, hostEnv: process.env }),
    ).rejects.toThrow(/not empty/);
    expect(readFileSync(join(dir, "keep.txt"), "utf8")).toBe("user data\n");

    await expect(clone({})).rejects.toThrow(/exactly one of headSha or branch/);
    await expect(clone({ headSha: shas.head, branch: "main" })).rejects.toThrow(/exactly one/);
    await expect(clone({ headSha: "abc123" })).rejects.toThrow(/full commit sha/);
    await expect(clone({ branch: "--upload-pack=evil" })).rejects.toThrow(/not a valid branch name/);
    await expect(clone({ headSha: shas.head, depth: 0 })).rejects.toThrow(/depth must be a positive integer/);
    const withCredentials = `https://x-access-token:${TOKEN}@github.com/o/r.git`;
    const error = await cloneError({ headSha: shas.head, remoteUrl: withCredentials });
    expect(error.message).toMatch(/must not contain credentials/);
    expect(error.message).not.toContain(TOKEN);
  });

  it("never writes the token into the checkout", async () => {
    const result = await clone({ headSha: shas.head, baseSha: shas.base, depth: 130, token: TOKEN });
    expectNoSecretUnder(result.dir);
    expect(readFileSync(join(result.dir, ".git", "config"), "utf8")).toContain(remoteUrl);
  });
});

describe("gitAuthEnv", () => {
  it("sets http.extraHeader the way actions/checkout does, as command-line config git reports", () => {
    const env = gitAuthEnv(TOKEN);
    expect(env).toEqual({
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "http.extraHeader",
      GIT_CONFIG_VALUE_0: `Authorization: basic ${BASIC}`,
      GIT_TERMINAL_PROMPT: "0",
    });
    const seen = execFileSync("git", ["config", "--show-origin", "--get-all", "http.extraHeader"], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    expect(seen).toBe(`command line:\tAuthorization: basic ${BASIC}\n`);
    expect(gitAuthEnv(undefined)).toEqual({});
    expect(gitAuthEnv("")).toEqual({});
  });
});

describe("repositoryUrl", () => {
  it("joins server, owner and repo, tolerating trailing slashes", () => {
    expect(repositoryUrl("o", "r")).toBe("https://github.com/o/r.git");
    expect(repositoryUrl("o", "r", "https://ghe.example.com///")).toBe("https://ghe.example.com/o/r.git");
    expect(repositoryUrl("octo", "repo", `file://${root}`)).toBe(`file://${root}/octo/repo.git`);
  });
});

describe("cloneRepository over smart HTTP with a token", () => {
  let server: Server;
  let baseUrl: string;
  const authorizations: Array<string | undefined> = [];

  beforeAll(async () => {
    server = createServer((req, res) => serveGit(req, res, authorizations));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the installation token as the basic Authorization header and nowhere else", async () => {
    authorizations.length = 0;
    const result = await clone({
      remoteUrl: repositoryUrl("octo", "repo", baseUrl),
      token: TOKEN,
      headSha: shas.head,
      baseSha: shas.base,
      depth: 40,
    });
    expect(result).toMatchObject({ headSha: shas.head, depth: 160 });
    expect(authorizations.length).toBeGreaterThan(2);
    expect(new Set(authorizations)).toEqual(new Set([`basic ${BASIC}`]));
    expectNoSecretUnder(result.dir);
    expect(git(result.dir, "remote", "get-url", "origin")).toBe(`${baseUrl}/octo/repo.git`);
  });

  it("a rejected token fails with a CloneError that does not contain it", async () => {
    const wrong = "ghs_WrongToken000000000000000000000000";
    const error = await cloneError({
      remoteUrl: repositoryUrl("octo", "repo", baseUrl),
      token: wrong,
      headSha: shas.head,
    });
    expect(error).not.toBeInstanceOf(CommitNotFoundError);
    expect(error.message).toMatch(/terminal prompts disabled|Authentication failed/);
    const secrets = [wrong, Buffer.from(`x-access-token:${wrong}`).toString("base64")];
    for (const secret of secrets) {
      expect(error.message).not.toContain(secret);
      expect(error.stderr).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
  });

  it("a repository the installation cannot see (404) is a CommitNotFoundError", async () => {
    const error = await cloneError({
      remoteUrl: repositoryUrl("octo", "deleted", baseUrl),
      token: TOKEN,
      headSha: shas.head,
    });
    expect(error).toBeInstanceOf(CommitNotFoundError);
    expect(error.message).not.toContain(TOKEN);
  });
});

/** GitHub-like smart HTTP: 401 without the right token, otherwise git http-backend (CGI) over `root`. */
function serveGit(req: IncomingMessage, res: ServerResponse, authorizations: Array<string | undefined>) {
  authorizations.push(req.headers.authorization);
  if (req.headers.authorization !== `basic ${BASIC}`) {
    res.writeHead(401, { "WWW-Authenticate": 'Basic realm="GitHub"' }).end();
    return;
  }
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const child = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? "GET",
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      HTTP_CONTENT_ENCODING: req.headers["content-encoding"] ?? "",
      GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
      // http-backend serves receive-pack (push) only to an authenticated user; the check is above.
      REMOTE_USER: "x-access-token",
    },
  });
  req.pipe(child.stdin);
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.on("close", () => {
    const output = Buffer.concat(chunks);
    const split = output.indexOf("\r\n\r\n");
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of output.subarray(0, split).toString("latin1").split("\r\n")) {
      const [name = "", ...rest] = line.split(":");
      const value = rest.join(":").trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else if (name) headers[name] = value;
    }
    res.writeHead(status, headers).end(output.subarray(split + 4));
  });
}
