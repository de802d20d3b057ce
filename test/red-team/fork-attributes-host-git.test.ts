import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collectWorkingTreeChanges } from "../../src/jobs/autofix/working-tree-changes.js";
import { GitCheckout } from "../../src/jobs/shared/git-checkout.js";
import { makeTempDir } from "../harness/temp-dir.js";

// Hostile: a fork PR's head carries a `.gitattributes` that names a diff driver. The host reads the
// PR's change with its own git, as itself, before any agent runs; a textconv program that the host's
// configuration defines for that driver would run on the fork's files, and its output would replace
// the change the review is given.
function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
}

/** A host configuration (read like ~/.gitconfig) whose diff driver runs a program that leaves a mark. */
async function hostConfigWithTextconv(): Promise<{ home: string; marker: string }> {
  const home = await makeTempDir("host-config");
  const marker = path.join(home, "textconv-ran");
  const textconv = path.join(home, "textconv.sh");
  await writeFile(textconv, `#!/bin/sh\ntouch ${marker}\necho "not what the PR changed"\n`, { mode: 0o755 });
  await mkdir(path.join(home, "git"));
  await writeFile(path.join(home, "git", "config"), `[diff "hostdiff"]\n\ttextconv = ${textconv}\n`);
  return { home, marker };
}

describe("reading a fork PR's change", () => {
  it("runs no textconv program of the host's, whatever the PR's attributes name", async () => {
    const { home, marker } = await hostConfigWithTextconv();

    const checkout = await makeTempDir("fork-checkout");
    git(checkout, "init", "-q");
    await writeFile(path.join(checkout, "app.txt"), "one\n");
    git(checkout, "add", "-A");
    git(checkout, "commit", "-q", "-m", "base");
    const baseSha = git(checkout, "rev-parse", "HEAD").trim();
    await writeFile(path.join(checkout, ".gitattributes"), "* diff=hostdiff\n");
    await writeFile(path.join(checkout, "app.txt"), "two\n");
    git(checkout, "add", "-A");
    git(checkout, "commit", "-q", "-m", "the fork's change");
    const headSha = git(checkout, "rev-parse", "HEAD").trim();

    const host = new GitCheckout(checkout, { ...process.env, XDG_CONFIG_HOME: home });
    const diff = await host.diff(baseSha, headSha);
    const files = await host.changedFiles(baseSha, headSha);

    expect(diff).toContain("-one\n+two");
    expect(diff).not.toContain("not what the PR changed");
    expect(files.map((f) => f.path).sort()).toEqual([".gitattributes", "app.txt"]);
    expect(existsSync(marker)).toBe(false);
  });

  it("an autofix's patch of the working tree runs no textconv of the host's either", async () => {
    const { home, marker } = await hostConfigWithTextconv();
    const checkout = await makeTempDir("fork-checkout");
    git(checkout, "init", "-q");
    await writeFile(path.join(checkout, ".gitattributes"), "* diff=hostdiff\n");
    await writeFile(path.join(checkout, "app.txt"), "one\n");
    git(checkout, "add", "-A");
    git(checkout, "commit", "-q", "-m", "the fork's head");
    await writeFile(path.join(checkout, "app.txt"), "two\n");

    const changes = await collectWorkingTreeChanges(
      new GitCheckout(checkout, { ...process.env, XDG_CONFIG_HOME: home }),
    );

    expect(changes.paths).toEqual(["app.txt"]);
    expect(changes.patch).toContain("-one\n+two");
    expect(existsSync(marker)).toBe(false);
  });
});
