import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GitCheckout, GitCommandError } from "../../src/jobs/shared/git-checkout.js";

describe("GitCheckout on a real repository", () => {
  let dir: string;
  let base: string;
  let head: string;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cpr-git-"));
    git("init", "-q", "-b", "main");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "t");
    writeFileSync(join(dir, "keep.txt"), "one\ntwo\nthree\n");
    writeFileSync(join(dir, "old name.txt"), "a\nb\nc\nd\ne\nf\n");
    writeFileSync(join(dir, "gone.txt"), "x\n");
    git("add", "-A");
    git("commit", "-qm", "base");
    base = git("rev-parse", "HEAD");
    writeFileSync(join(dir, "keep.txt"), "one\n2\nthree\nfour\n");
    git("mv", "old name.txt", "new name.txt");
    git("rm", "-q", "gone.txt");
    writeFileSync(join(dir, "added.ts"), "export const x = 1;\n");
    git("add", "-A");
    git("commit", "-qm", "head");
    head = git("rev-parse", "HEAD");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists changed files with statuses, renames and counts (paths with spaces too)", async () => {
    const files = await new GitCheckout(dir, process.env).changedFiles(base, head);
    expect(files).toEqual(
      expect.arrayContaining([
        { path: "keep.txt", status: "modified", additions: 2, deletions: 1 },
        { path: "new name.txt", previousPath: "old name.txt", status: "renamed", additions: 0, deletions: 0 },
        { path: "gone.txt", status: "removed", additions: 0, deletions: 1 },
        { path: "added.ts", status: "added", additions: 1, deletions: 0 },
      ]),
    );
    expect(files).toHaveLength(4);
  });

  it("produces the PR diff and line counts at a commit", async () => {
    const checkout = new GitCheckout(dir, process.env);
    const diff = await checkout.diff(base, head);
    expect(diff).toContain("+++ b/keep.txt");
    expect(diff).toContain("rename to new name.txt");
    expect(await checkout.lineCount(head, "keep.txt")).toBe(4);
    expect(await checkout.lineCount(head, "gone.txt")).toBeUndefined();
    // Each path once, a missing file as undefined: what the review and audit checks look lines up in.
    const counts = await checkout.lineCounts(head, ["keep.txt", "gone.txt", "keep.txt"]);
    expect([...counts]).toEqual([
      ["keep.txt", 4],
      ["gone.txt", undefined],
    ]);
    expect(await checkout.isAncestor(base, head)).toBe(true);
    expect(await checkout.isAncestor(head, base)).toBe(false);
  });

  it("reports the failing git command with git's own message", async () => {
    const error = await new GitCheckout(dir, process.env).resolve("no-such-ref").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitCommandError);
    expect((error as Error).message).toMatch(/git rev-parse --verify no-such-ref\^\{commit\} failed: fatal/);
  });
});
