import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  applyRemotePatch,
  MAX_REMOTE_PATCH_BYTES,
  RemotePatchError,
} from "../../../src/jobs/autofix/apply-remote-patch.js";
import { makeTempDir } from "../../harness/temp-dir.js";

// The Managed Agents engine's edits come back as a patch its agent wrote in Anthropic's container;
// the job applies it to its own checkout, where the host's git runs next.
function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
}

/** A patch made the way the remote agent makes one: `git diff` of its edits. */
async function patchOf(edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await makeTempDir("remote-agent");
  git(dir, "init", "-q");
  await mkdir(path.join(dir, "sub"));
  await writeFile(path.join(dir, "app.txt"), "one\n");
  await writeFile(path.join(dir, "sub", ".gitattributes"), "*.bin binary\n");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "first");
  await edit(dir);
  git(dir, "add", "-A");
  return git(dir, "diff", "--cached", "--binary");
}

let checkout: string;
beforeEach(async () => {
  checkout = await makeTempDir("job-checkout");
  git(checkout, "init", "-q");
  await mkdir(path.join(checkout, "sub"));
  await writeFile(path.join(checkout, "app.txt"), "one\n");
  await writeFile(path.join(checkout, "sub", ".gitattributes"), "*.bin binary\n");
  git(checkout, "add", "-A");
  git(checkout, "commit", "-q", "-m", "first");
});

describe("applyRemotePatch", () => {
  it("applies the remote agent's edits to the checkout", async () => {
    const patch = await patchOf(async (dir) => {
      await writeFile(path.join(dir, "app.txt"), "two\n");
      await writeFile(path.join(dir, "new.txt"), "new\n");
    });
    expect(await applyRemotePatch(checkout, patch)).toEqual({ leftOut: [] });
    expect(await readFile(path.join(checkout, "app.txt"), "utf8")).toBe("two\n");
    expect(await readFile(path.join(checkout, "new.txt"), "utf8")).toBe("new\n");
  });

  it("leaves out edits of the files that steer the host's git, at any depth, and names them", async () => {
    // Hostile: attributes that would make the host's git run its configured filter and diff programs.
    const patch = await patchOf(async (dir) => {
      await writeFile(path.join(dir, ".gitattributes"), "* filter=lfs diff=anything\n");
      await writeFile(path.join(dir, "sub", ".gitattributes"), "* filter=lfs\n");
      await mkdir(path.join(dir, "deep", "er"), { recursive: true });
      await writeFile(path.join(dir, "deep", "er", ".gitattributes"), "* filter=lfs\n");
      await writeFile(path.join(dir, ".lfsconfig"), "[lfs]\n\turl = https://lfs.example.invalid\n");
      await writeFile(path.join(dir, "app.txt"), "two\n");
    });
    const { leftOut } = await applyRemotePatch(checkout, patch);
    expect(leftOut.sort()).toEqual([
      ".gitattributes",
      ".lfsconfig",
      "deep/er/.gitattributes",
      "sub/.gitattributes",
    ]);
    expect(await readFile(path.join(checkout, "app.txt"), "utf8")).toBe("two\n");
    expect(existsSync(path.join(checkout, ".gitattributes"))).toBe(false);
    expect(existsSync(path.join(checkout, ".lfsconfig"))).toBe(false);
    expect(existsSync(path.join(checkout, "deep"))).toBe(false);
    expect(await readFile(path.join(checkout, "sub", ".gitattributes"), "utf8")).toBe("*.bin binary\n");
  });

  it("applies nothing when every edit steers the host's git", async () => {
    const patch = await patchOf(async (dir) => {
      await writeFile(path.join(dir, ".gitattributes"), "* filter=lfs\n");
    });
    expect(await applyRemotePatch(checkout, patch)).toEqual({ leftOut: [".gitattributes"] });
    expect(git(checkout, "status", "--porcelain")).toBe("");
  });

  it("refuses a patch that does not apply, or is too big, by name; an empty one is nothing to do", async () => {
    const patch = await patchOf(async (dir) => {
      await writeFile(path.join(dir, "app.txt"), "two\n");
    });
    await writeFile(path.join(checkout, "app.txt"), "changed meanwhile\n");
    await expect(applyRemotePatch(checkout, patch)).rejects.toThrow(
      /^the remote agent's patch does not apply: .*app\.txt/,
    );
    await expect(applyRemotePatch(checkout, "x".repeat(MAX_REMOTE_PATCH_BYTES + 1))).rejects.toBeInstanceOf(
      RemotePatchError,
    );
    expect(await applyRemotePatch(checkout, "  \n")).toEqual({ leftOut: [] });
  });
});
