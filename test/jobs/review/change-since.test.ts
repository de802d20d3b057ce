import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import {
  type ChangeSince,
  changeSince,
  rememberedChangeSince,
  reviewedPathsOf,
} from "../../../src/jobs/review/change-since.js";
import { changeSinceFromGitHub } from "../../../src/jobs/review/change-since-from-github.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";

// The commits a summary start or a delta sends: from git in a checkout, from GitHub's compare
// without one. Both read the same real history here, and must agree.

let github: GitHubDouble;
let octokit: GitHubClient;
let repo: TempRepo;
let reviewed: string;
let head: string;
beforeAll(async () => {
  github = await GitHubDouble.start();
  octokit = createGitHubClient({ token: github.token, baseUrl: github.url, retryAfterBaseMs: 1 });
});
afterAll(() => github?.close());
beforeEach(() => {
  repo = createTempRepo("change-since-");
  repo.write("src/a.ts", "export const a = 1;\n");
  repo.write("src/b.ts", "export const b = 1;\n");
  repo.write("vendor/lib.js", "var lib = 1;\n");
  repo.commitAll("base");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write("src/a.ts", "export const a = 2;\n");
  reviewed = repo.commitAll("reviewed push");
  repo.write("src/b.ts", "export const b = 2;\n");
  repo.write("vendor/lib.js", "var lib = 2;\n");
  repo.git("mv", "src/a.ts", "src/alpha.ts");
  head = repo.commitAll("next push");
  github.addRepo("octo", "app", { gitDir: `${repo.dir}/.git` });
});
afterEach(() => repo.remove());

const sources: Array<
  [string, (from: string, to: string, paths: Set<string>) => Promise<ChangeSince | undefined>]
> = [
  ["a checkout", (from, to, paths) => changeSince(new GitCheckout(repo.dir, process.env), from, to, paths)],
  [
    "GitHub's compare",
    (from, to, paths) =>
      changeSinceFromGitHub(octokit, { owner: "octo", repo: "app", fromSha: from, headSha: to }, paths),
  ],
];

describe.each(sources)("the commits since a reviewed head, from %s", (_name, since) => {
  it("only the commits after the reviewed head, limited to the files under review (renames kept whole)", async () => {
    const paths = reviewedPathsOf([
      { path: "src/alpha.ts", status: "renamed", previousPath: "src/a.ts" },
      { path: "src/b.ts", status: "modified" },
    ]);
    const change = await since(reviewed, head, paths);
    expect(change?.changedFiles.map((f) => [f.path, f.status, f.previousPath])).toEqual([
      ["src/alpha.ts", "renamed", "src/a.ts"],
      ["src/b.ts", "modified", undefined],
    ]);
    expect(change?.diff).toContain("+export const b = 2;");
    expect(change?.diff).toContain("rename to src/alpha.ts");
    // Not before the reviewed head, and not a file the path filter left out.
    expect(change?.diff).not.toContain("+export const a = 2;");
    expect(change?.diff).not.toContain("lib");
  });

  it("nothing under review changed: an empty change, not the whole one", async () => {
    expect(await since(reviewed, head, new Set(["vendor/elsewhere.js"]))).toEqual({
      diff: "",
      changedFiles: [],
    });
  });

  it("a reviewed head that is no ancestor (a rebase), the same head, or an unknown commit: undefined, so the whole change is sent", async () => {
    repo.git("checkout", "-q", "--orphan", "rewritten");
    repo.write("src/b.ts", "export const b = 3;\n");
    const rewritten = repo.commitAll("rewritten");
    const paths = new Set(["src/b.ts"]);
    expect(await since(reviewed, rewritten, paths)).toBeUndefined();
    expect(await since(head, head, paths)).toBeUndefined();
    expect(await since("0123456789abcdef0123456789abcdef01234567", head, paths)).toBeUndefined();
  });
});

describe("changeSinceFromGitHub", () => {
  it("a GitHub error other than a missing or too-large comparison is not swallowed; a too-large diff sends the whole change", async () => {
    github.failNext("repos/compare-commits-with-basehead", {
      kind: "status",
      status: 403,
      message: "Forbidden",
    });
    await expect(
      changeSinceFromGitHub(
        octokit,
        { owner: "octo", repo: "app", fromSha: reviewed, headSha: head },
        new Set(),
      ),
    ).rejects.toMatchObject({ status: 403 });
    github.failNext("repos/compare-commits-with-basehead", {
      kind: "status",
      status: 406,
      message: "diff too large",
    });
    expect(
      await changeSinceFromGitHub(
        octokit,
        { owner: "octo", repo: "app", fromSha: reviewed, headSha: head },
        new Set(),
      ),
    ).toBeUndefined();
  });
});

describe("rememberedChangeSince", () => {
  it("the same question is answered once from git; another path set is asked again", async () => {
    const checkout = new GitCheckout(repo.dir, process.env);
    const gitDiffs = vi.spyOn(checkout, "diff");
    const commitsSince = rememberedChangeSince(checkout, head);
    const first = await commitsSince(reviewed, new Set(["src/b.ts", "src/a.ts"]));
    const again = await commitsSince(reviewed, new Set(["src/a.ts", "src/b.ts"]));
    expect(again).toBe(first);
    expect(gitDiffs).toHaveBeenCalledTimes(1);
    const narrower = await commitsSince(reviewed, new Set(["src/b.ts"]));
    expect(narrower?.changedFiles.map((f) => f.path)).toEqual(["src/b.ts"]);
    expect(gitDiffs).toHaveBeenCalledTimes(2);
  });
});
