import { execFileSync } from "node:child_process";
import { rm, symlink, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  collectWorkingTreeChanges,
  workingTreeState,
} from "../../../src/jobs/autofix/working-tree-changes.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import { makeTempDir } from "../../harness/temp-dir.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function repository(): Promise<GitCheckout> {
  const dir = await makeTempDir("tree-state");
  dirs.push(dir);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", ...args], { cwd: dir });
  git("init", "-q");
  for (const name of ["kept.txt", "edited-after.txt", "deleted-before.txt"])
    await writeFile(path.join(dir, name), `${name}\n`);
  git("add", ".");
  git("commit", "-qm", "base");
  return new GitCheckout(dir, { PATH: process.env.PATH });
}

describe("workingTreeState and collectWorkingTreeChanges: only the session's changes are the fix's", () => {
  it("leaves out what differed before and reads the same after; takes what the session touched, an earlier step's file included", async () => {
    const checkout = await repository();
    const at = (name: string) => path.join(checkout.dir, name);
    // An earlier step: changes two tracked files, deletes one, adds a file and a link.
    await writeFile(at("kept.txt"), "an earlier step's rewrite\n");
    await writeFile(at("edited-after.txt"), "an earlier step's rewrite\n");
    await unlink(at("deleted-before.txt"));
    await writeFile(at("leftover.json"), "{}\n");
    await symlink("kept.txt", at("link"));
    const before = await workingTreeState(checkout);
    expect([...before.keys()].sort()).toEqual([
      "deleted-before.txt",
      "edited-after.txt",
      "kept.txt",
      "leftover.json",
      "link",
    ]);
    // The session: edits one of those files, re-points the link, adds a file of its own.
    await writeFile(at("edited-after.txt"), "the agent's fix\n");
    await unlink(at("link"));
    await symlink("leftover.json", at("link"));
    await writeFile(at("new.txt"), "the agent's new file\n");
    const changes = await collectWorkingTreeChanges(checkout, { before });
    expect([...changes.paths].sort()).toEqual(["edited-after.txt", "link", "new.txt"]);
    expect([...changes.leftAsFound].sort()).toEqual(["deleted-before.txt", "kept.txt", "leftover.json"]);
    expect(changes.patch).toContain("the agent's fix");
    expect(changes.patch).not.toContain("diff --git a/leftover.json");
    expect(changes.patch).not.toContain("an earlier step's rewrite");
    // Without a record of before, every difference is the session's (a fresh clone has none).
    const all = await collectWorkingTreeChanges(checkout);
    expect(all.leftAsFound).toEqual([]);
    expect(all.paths).toHaveLength(6);
  });
});
