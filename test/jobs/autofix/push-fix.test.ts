import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pushFix } from "../../../src/jobs/autofix/push-fix.js";
import { collectWorkingTreeChanges } from "../../../src/jobs/autofix/working-tree-changes.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import { createRemoteWithClone, createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";

const bot = { name: "claude-pr-runner[bot]", email: "bot@users.noreply.github.com" };

describe("autofix working tree and push", () => {
  const cleanup: TempRepo[] = [];
  afterEach(() => {
    for (const repo of cleanup.splice(0)) repo.remove();
  });

  it("collects edits and new files, reverts workflow edits, and builds the patch", async () => {
    const { remote, clone } = createRemoteWithClone();
    cleanup.push(remote, clone);
    clone.write(
      "src/app.ts",
      "export function add(a: number, b: number) {\n  return a + b;\n}\nexport const two = add(1, 1);\n",
    );
    clone.write("src/new.ts", "export const x = 1;\n");
    clone.write(".github/workflows/ci.yml", "on: push\njobs: {}\n");
    clone.write(".github/workflows/evil.yml", "on: push\n");

    const changes = await collectWorkingTreeChanges(new GitCheckout(clone.dir));
    expect(changes.paths.sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(changes.revertedProtected.sort()).toEqual([
      ".github/workflows/ci.yml",
      ".github/workflows/evil.yml",
    ]);
    expect(changes.patch).toContain("-  return a - b;\n+  return a + b;");
    expect(changes.patch).toContain("+++ b/src/new.ts");
    expect(clone.git("status", "--porcelain", "--", ".github")).toBe("");
  });

  it("commits as the bot with a co-author trailer and pushes to the PR branch without force", async () => {
    const { remote, clone, headSha } = createRemoteWithClone();
    cleanup.push(remote, clone);
    clone.write(
      "src/app.ts",
      "export function add(a: number, b: number) {\n  return a + b;\n}\nexport const two = add(1, 1);\n",
    );
    const checkout = new GitCheckout(clone.dir);
    const { paths } = await collectWorkingTreeChanges(checkout);
    const result = await pushFix(checkout, {
      branch: "feature",
      expectedHeadSha: headSha,
      paths,
      commitMessage: "fix: add numbers instead of subtracting",
      author: bot,
      coAuthor: { name: "Claude", email: "noreply@anthropic.com" },
    });
    expect(result.pushed).toBe(true);
    const remoteHead = remote.git("rev-parse", "refs/heads/feature");
    expect(remoteHead).toBe(result.commitSha);
    expect(remote.git("rev-parse", `${remoteHead}^`)).toBe(headSha);
    expect(remote.git("log", "-1", "--format=%an <%ae>%n%B", remoteHead)).toBe(
      `${bot.name} <${bot.email}>\nfix: add numbers instead of subtracting\n\nCo-authored-by: Claude <noreply@anthropic.com>`,
    );
  });

  it("does not push when the PR head moved during the run", async () => {
    const { remote, clone, headSha } = createRemoteWithClone();
    cleanup.push(remote, clone);
    // Someone else pushes to the branch while the session runs.
    const otherDir = mkdtempSync(join(tmpdir(), "cpr-other-"));
    execFileSync("git", ["clone", "-q", "-b", "feature", remote.dir, otherDir]);
    const other = createTempRepo("", { dir: otherDir, existing: true });
    cleanup.push(other);
    other.git("config", "user.email", "o@example.com");
    other.git("config", "user.name", "Other");
    other.write("README.md", "hello\n");
    const movedSha = other.commitAll("concurrent push");
    other.git("push", "-q", "origin", "feature");

    clone.write("src/app.ts", "fixed\n");
    const checkout = new GitCheckout(clone.dir);
    const { paths } = await collectWorkingTreeChanges(checkout);
    const result = await pushFix(checkout, {
      branch: "feature",
      expectedHeadSha: headSha,
      paths,
      commitMessage: "fix",
      author: bot,
    });
    expect(result).toMatchObject({ pushed: false, reason: "head_moved", remoteHeadSha: movedSha });
    expect(remote.git("rev-parse", "refs/heads/feature")).toBe(movedSha);
  });
});
