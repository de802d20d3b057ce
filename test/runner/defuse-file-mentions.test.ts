import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { defuseFileMentions } from "../../src/runner/defuse-file-mentions.js";
import { makeTempDir } from "../harness/temp-dir.js";

// What the CLI does with each form is proved on the binary in test/red-team/prompt-file-mentions.test.ts.
const Z = "\u200b";
let cwd: string;
beforeAll(async () => {
  cwd = await makeTempDir("mentions");
  await writeFile(path.join(cwd, "README.md"), "# r\n");
  await mkdir(path.join(cwd, "docs"));
  await writeFile(path.join(cwd, "docs", "guide.md"), "# g\n");
  await symlink("/etc/hostname", path.join(cwd, "notes.md"));
  await symlink(path.join(cwd, "gone"), path.join(cwd, "dangling"));
  await symlink("loop", path.join(cwd, "loop"));
});

describe("defuseFileMentions", () => {
  it.each([
    ["an absolute path", "see @/etc/passwd now", `see @${Z}/etc/passwd now`, "/etc/passwd"],
    ["the home directory", "@~/.npmrc", `@${Z}~/.npmrc`, "~/.npmrc"],
    ["a climb out of the checkout", "x @src/../../secret", `x @${Z}src/../../secret`, "src/../../secret"],
    ["a quoted path", '@"/tmp/a b"', `@${Z}"/tmp/a b"`, '"/tmp/a'],
    ["a single-quoted path", "@'x'", `@${Z}'x'`, "'x'"],
    ["an escaped space", "@my\\ file", `@${Z}my\\ file`, "my\\"],
    ["a link in the checkout", "@notes.md", `@${Z}notes.md`, "notes.md"],
    ["a dangling link", "@dangling", `@${Z}dangling`, "dangling"],
    ["a directory", "\t@docs", `\t@${Z}docs`, "docs"],
    ["a file of the checkout", "@README.md", `@${Z}README.md`, "README.md"],
    ["a fragment", "@README.md#L1-2", `@${Z}README.md#L1-2`, "README.md#L1-2"],
    ["trailing punctuation", "(@notes.md).", `(@${Z}notes.md).`, "notes.md)."],
    ["the working directory itself", "@.", `@${Z}.`, "."],
    ["a path this process cannot look at (a loop of links)", "@loop/x", `@${Z}loop/x`, "loop/x"],
    ["an MCP server's resource", "@docs:file://notes", `@${Z}docs:file://notes`, "docs:file://notes"],
    ["a line reference", "@docs/guide.md:3-4", `@${Z}docs/guide.md:3-4`, "docs/guide.md:3-4"],
    // The CLI's path ends at its last ASCII letter, digit or `_` (`@([^\s]+)\b`).
    ["a link followed by (", "@notes.md( x", `@${Z}notes.md( x`, "notes.md("],
    ["a link followed by - and =", "@notes.md-=", `@${Z}notes.md-=`, "notes.md-="],
    ["a link followed by a letter beyond ASCII", "@notes.md\u00e9", `@${Z}notes.md\u00e9`, "notes.md\u00e9"],
    ["a fragment, then more", "@README.md#L1-2((", `@${Z}README.md#L1-2((`, "README.md#L1-2(("],
  ])("defuses %s", (_name, text, expected, token) => {
    expect(defuseFileMentions(text, cwd)).toEqual({ text: expected, defused: [token] });
  });

  it("leaves what names nothing there as written: decorators, scoped packages, e-mail, a lone @", () => {
    const text =
      " * @param x\n@property\nimport '@types/node'\nmail a@b.com or @ alone, @@x, @#general, @).\nREADME.md is a file: @README.md/x, @docs/none:12, @README.mdx(, @README_é";
    expect(defuseFileMentions(text, cwd)).toEqual({ text, defused: [] });
  });

  it("defuses every mention in a text, and a defused text stays as it is", () => {
    const once = defuseFileMentions("@/a and @/b\n```\n@README.md\n```", cwd);
    expect(once.defused).toEqual(["/a", "/b", "README.md"]);
    expect(defuseFileMentions(once.text, cwd)).toEqual({ text: once.text, defused: [] });
  });
});
