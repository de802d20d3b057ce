import { existsSync, lstatSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dropEscapingSymlinks } from "../../src/sandbox/drop-escaping-symlinks.js";
import { makeTempDir } from "../harness/temp-dir.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const isLink = (p: string) => {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};

describe("dropEscapingSymlinks", () => {
  it("removes links that leave the workspace or point into /proc, /sys, /dev; keeps the rest", async () => {
    const ws = await makeTempDir("drop-links-ws");
    const outside = await makeTempDir("drop-links-out");
    dirs.push(ws, outside);
    await mkdir(path.join(ws, "src/deep"), { recursive: true });
    await writeFile(path.join(ws, "src/a.ts"), "a");
    await writeFile(path.join(outside, "secret.txt"), "s");
    const links: Array<[string, string]> = [
      ["notes", "/proc/self/environ"],
      ["pp", "/proc"],
      ["src/deep/sys", "/sys/kernel"],
      ["dev-null", "/dev/null"],
      ["escape", outside],
      ["src/secret", path.join(outside, "secret.txt")],
      ["src/up", "../.."],
      ["dangling-out", path.join(outside, "later.txt")],
      ["chain", "notes"],
      // kept: inside the workspace
      ["inside", "src/a.ts"],
      ["src/deep/back", "../a.ts"],
      ["self", "."],
      ["dangling-in", "src/not-yet.ts"],
    ];
    for (const [name, target] of links) await symlink(target, path.join(ws, name));
    // A link below a directory that is itself an escaping link is never walked into.
    await mkdir(path.join(outside, "nested"));
    await symlink("/proc", path.join(outside, "nested/pp"));

    const dropped = await dropEscapingSymlinks(ws);

    expect(dropped).toEqual(
      [
        "chain",
        "dangling-out",
        "dev-null",
        "escape",
        "notes",
        "pp",
        "src/deep/sys",
        "src/secret",
        "src/up",
      ].sort(),
    );
    for (const name of dropped) expect(isLink(path.join(ws, name)), name).toBe(false);
    for (const name of ["inside", "src/deep/back", "self", "dangling-in"]) {
      expect(isLink(path.join(ws, name)), name).toBe(true);
    }
    expect(existsSync(path.join(ws, "src/a.ts"))).toBe(true);
    expect(isLink(path.join(outside, "nested/pp"))).toBe(true);
  });

  it("skips .git and accepts a workspace reached through a symlink", async () => {
    const real = await makeTempDir("drop-links-real");
    const parent = await makeTempDir("drop-links-parent");
    dirs.push(real, parent);
    await mkdir(path.join(real, ".git"));
    await symlink("/proc", path.join(real, ".git/pp"));
    await symlink("/proc", path.join(real, "pp"));
    await symlink("a.txt", path.join(real, "ok"));
    // Only the checkout's own .git is skipped; a directory named .git further down is content.
    await mkdir(path.join(real, "vendor/.git"), { recursive: true });
    await symlink("/proc", path.join(real, "vendor/.git/pp"));
    const alias = path.join(parent, "alias");
    await symlink(real, alias);
    expect(await dropEscapingSymlinks(alias)).toEqual(["pp", "vendor/.git/pp"]);
    expect(isLink(path.join(real, ".git/pp"))).toBe(true);
    expect(isLink(path.join(real, "ok"))).toBe(true);
  });
});
