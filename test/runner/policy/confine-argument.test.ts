import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowlistedCommandOf,
  checkAllowlistedCommand,
} from "../../../src/runner/policy/check-allowlisted-command.js";
import { confineArgument } from "../../../src/runner/policy/confine-argument.js";
import { confinePath } from "../../../src/runner/policy/confine-path.js";
import { makeTempDir } from "../../harness/temp-dir.js";

let root: string;
let outside: string;
beforeAll(async () => {
  root = await makeTempDir("confine-ws");
  outside = await makeTempDir("confine-out");
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "src/a.ts"), "a");
  await symlink("/proc/self/environ", path.join(root, "notes"));
  await symlink(outside, path.join(root, "escape"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("confinePath", () => {
  it.each([
    ["", true, ""],
    [".", true, ""],
    ["src/a.ts", true, "src/a.ts"],
    ["src/new/file.ts", true, "src/new/file.ts"],
    ["src/..", true, ""],
    ["..", false, ".."],
    ["../x", false, "../x"],
    ["notes", false, undefined],
    ["escape/secret.txt", false, undefined],
    ["escape/not-yet/x", false, undefined],
    ["/etc/passwd", false, undefined],
  ])("%j → inside %s", async (candidate, inside, relative) => {
    const confined = await confinePath(root, candidate);
    expect(confined.inside).toBe(inside);
    if (relative !== undefined) expect(confined.relative).toBe(relative);
  });

  it("resolves the real target of a link and reports it", async () => {
    expect(await confinePath(root, "escape/s.txt")).toEqual({
      inside: false,
      absolute: path.join(outside, "s.txt"),
      relative: path.relative(root, path.join(outside, "s.txt")),
    });
  });

  it("a workspace that does not exist yet is taken as spelled", async () => {
    const missing = path.join(outside, "missing-ws");
    expect(await confinePath(missing, "a/b")).toEqual({
      inside: true,
      absolute: path.join(missing, "a/b"),
      relative: "a/b",
    });
    expect((await confinePath(missing, "../../x")).inside).toBe(false);
  });
});

describe("confineArgument", () => {
  it.each([
    ["src/a.ts", undefined],
    ["pattern", undefined],
    ["-n", undefined],
    ["--include=*.ts", undefined],
    ["a:/etc/passwd", undefined],
    ["notes", `the argument "notes" resolves outside the workspace (${"/proc"}`],
    ["--file=notes", `the argument "notes" in "--file=notes" resolves outside the workspace (/proc`],
    ["=notes", `the argument "notes" in "=notes" resolves outside the workspace (/proc`],
    ["/etc/passwd", 'the argument "/etc/passwd" resolves outside the workspace (/etc/passwd)'],
  ])("%j", async (word, refusal) => {
    const result = await confineArgument(root, word);
    if (refusal === undefined) expect(result).toBeUndefined();
    else expect(result).toContain(refusal);
  });

  it("reads git's rev:path and :path only for git", async () => {
    expect(await confineArgument(root, "HEAD:../../etc/passwd")).toBeUndefined();
    expect(await confineArgument(root, "HEAD:../../etc/passwd", { gitRevisionPaths: true })).toContain(
      'the argument "../../etc/passwd" in "HEAD:../../etc/passwd" resolves outside the workspace',
    );
    expect(await confineArgument(root, ":notes", { gitRevisionPaths: true })).toContain(
      '"notes" in ":notes"',
    );
    expect(await confineArgument(root, "HEAD:src/a.ts", { gitRevisionPaths: true })).toBeUndefined();
  });
});

describe("allowlistedCommandOf", () => {
  it("picks the longest command the words start with, whatever the order of the names", () => {
    expect(allowlistedCommandOf(["git", "log", "-1"], ["git", "git log"])).toBe("git log");
    expect(allowlistedCommandOf(["git", "log", "-1"], ["git log", "git"])).toBe("git log");
    expect(allowlistedCommandOf(["git", "status"], ["git log", "git"])).toBe("git");
    expect(allowlistedCommandOf(["gitx"], ["git"])).toBeUndefined();
    expect(allowlistedCommandOf(["git"], ["git log"])).toBeUndefined();
  });

  it("a command without an option table is refused, and the refusal names it", async () => {
    expect(await checkAllowlistedCommand(["rm", "-rf", "src"], ["rm"], root)).toEqual({
      allowed: false,
      reason: '"rm" has no option allowlist',
    });
    expect(await checkAllowlistedCommand(["rm", "x"], ["ls"], root)).toEqual({
      allowed: false,
      reason: '"rm x" is not an allowed command',
    });
    expect(await checkAllowlistedCommand(["ls", "-Z9"], ["ls"], root)).toEqual({
      allowed: false,
      command: "ls",
      reason: '"-Z9" (-Z) is not an option ls allows',
    });
    expect(await checkAllowlistedCommand(["find", "-L", "."], ["find"], root)).toMatchObject({
      allowed: false,
      command: "find",
    });
    expect(await checkAllowlistedCommand(["ls", "-l", "src"], ["ls"], root)).toEqual({
      allowed: true,
      command: "ls",
    });
  });
});
