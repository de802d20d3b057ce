import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CloneError, repositoryUrl } from "../../src/jobs/shared/clone-repository.js";
import { checkoutPullRequestHead } from "../../src/jobs/shared/pull-request-head-checkout.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { GitHubDouble } from "../github-double/index.js";
import { makeTempDir } from "../harness/temp-dir.js";

// The job's own checkout of a PR head, fetched over git's smart HTTP from the GitHub double (real
// `git http-backend` on a bare repository that holds refs/pull/N/head, as GitHub's base repo does).

describe("checkoutPullRequestHead", () => {
  let root: string;
  let github: GitHubDouble;
  let seed: TempRepo;
  let bare: string;
  let baseSha: string;
  let headSha: string;

  beforeEach(async () => {
    root = await makeTempDir("cpr-head-checkout");
    github = await GitHubDouble.start();
    bare = join(root, "origin.git");
    execFileSync("git", ["init", "-q", "--bare", "-b", "main", bare]);
    mkdirSync(join(root, "seed"));
    seed = createTempRepo("", { dir: join(root, "seed") });
    seed.write("src/app.ts", "export const version = 'base';\n");
    baseSha = seed.commitAll("base");
    seed.git("push", "-q", bare, "main");
    // A fork's head: a branch of another repository. Only refs/pull/7/head reaches it in the base repo.
    seed.git("checkout", "-q", "-b", "fork-feature");
    seed.write("src/app.ts", "export const version = 'head only';\n");
    symlinkSync("/proc/self/environ", join(seed.dir, "notes"));
    symlinkSync("app.ts", join(seed.dir, "src", "alias.ts"));
    headSha = seed.commitAll("head");
    seed.git("push", "-q", bare, `${headSha}:refs/pull/7/head`);
    github.addRepo("octo", "app", { gitDir: bare, private: true });
  });

  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.close();
    rmSync(root, { recursive: true, force: true });
  });

  const source = (dir: string, token = github.token) => ({
    remoteUrl: repositoryUrl("octo", "app", github.url),
    token,
    dir,
  });

  it("fetches a fork's head SHA through refs/pull/N/head into its own directory, with the token on no disk", async () => {
    // The workflow's checkout: the default branch, which does not even hold the head commit.
    const workspace = join(root, "workspace");
    execFileSync("git", ["clone", "-q", bare, workspace]);
    const own = join(root, "own");

    const head = await checkoutPullRequestHead(workspace, { headSha, baseSha }, source(own), process.env);

    expect(head).toMatchObject({ dir: own, fetched: true });
    expect(execFileSync("git", ["rev-parse", "HEAD"], { cwd: own, encoding: "utf8" }).trim()).toBe(headSha);
    expect(readFileSync(join(own, "src/app.ts"), "utf8")).toContain("head only");
    // base...head works: the base commit came along.
    expect(execFileSync("git", ["merge-base", baseSha, headSha], { cwd: own, encoding: "utf8" }).trim()).toBe(
      baseSha,
    );
    // The link to /proc is gone; the one that stays inside is kept.
    expect(head.droppedSymlinks).toEqual(["notes"]);
    expect(existsSync(join(own, "notes"))).toBe(false);
    expect(lstatSync(join(own, "src", "alias.ts")).isSymbolicLink()).toBe(true);
    // The token authenticated the fetch (private repo) and was persisted nowhere in the checkout.
    const gitCalls = github.calls.filter((c) => c.operationId.startsWith("git/"));
    expect(gitCalls.length).toBeGreaterThan(0);
    expect(gitCalls.every((c) => (c.body as { auth: string }).auth === "token" && c.status === 200)).toBe(
      true,
    );
    const config = readFileSync(join(own, ".git", "config"), "utf8");
    expect(config).not.toContain(github.token);
    expect(config).not.toContain(Buffer.from(`x-access-token:${github.token}`).toString("base64"));
    expect(config).not.toMatch(/extraheader|askpass|credential/i);
    // The workflow's own checkout is left alone.
    expect(execFileSync("git", ["rev-parse", "HEAD"], { cwd: workspace, encoding: "utf8" }).trim()).toBe(
      baseSha,
    );
  });

  it("uses the workflow's checkout as it is when that is already the clean head", async () => {
    const head = await checkoutPullRequestHead(
      seed.dir,
      { headSha, baseSha },
      source(join(root, "own")),
      process.env,
    );
    expect(head).toEqual({ dir: seed.dir, fetched: false, droppedSymlinks: [] });
    expect(github.calls.filter((c) => c.operationId.startsWith("git/"))).toEqual([]);
  });

  it("a checkout at the head with local edits is not trusted to be the head: the job fetches", async () => {
    seed.write("src/app.ts", "edited by an earlier step\n");
    const own = join(root, "own");
    const head = await checkoutPullRequestHead(seed.dir, { headSha, baseSha }, source(own), process.env);
    expect(head.fetched).toBe(true);
    expect(readFileSync(join(own, "src/app.ts"), "utf8")).toContain("head only");
  });

  it("empties a directory left over from an earlier run before fetching into it", async () => {
    const own = join(root, "own");
    mkdirSync(own);
    writeFileSync(join(own, "stale.txt"), "old");
    await checkoutPullRequestHead(join(root, "missing"), { headSha, baseSha }, source(own), process.env);
    expect(existsSync(join(own, "stale.txt"))).toBe(false);
  });

  it("a refused token fails with a typed error that never shows the token", async () => {
    const secret = "ghs_not_a_token_the_double_knows";
    const error = await checkoutPullRequestHead(
      join(root, "missing"),
      { headSha, baseSha },
      source(join(root, "own"), secret),
      process.env,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloneError);
    expect(String((error as Error).message)).not.toContain(secret);
    expect(github.calls.some((c) => c.operationId === "git/info-refs" && c.status === 401)).toBe(true);
  });
});
