import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeAgentWorkspace } from "../../src/runner/isolation/agent-workspace.js";
import { makeTempDir } from "../harness/temp-dir.js";

// Hostile: the host brings an autofix's edits back with git, as itself, over files the agent chose.
// The host's own git configuration (~/.gitconfig, /etc/gitconfig: GitHub's images configure git-lfs's
// filter there) defines programs that git runs on files whose attributes name them, and the agent
// writes those attributes (`.gitattributes` in its copy). So the agent could make the host run any
// filter, textconv or external diff the host's configuration or environment defines, on its files.
// The host's git for the edits reads no configuration but its own command line.

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
}

/** A checkout whose first commit holds `files`, and the agent's writable copy of it. */
async function checkoutWithWritableCopy(files: Record<string, string>) {
  const source = await makeTempDir("edits-source");
  git(source, "init", "-q");
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(source, file)), { recursive: true });
    await writeFile(path.join(source, file), content);
  }
  git(source, "add", "-A");
  git(source, "commit", "-q", "-m", "first");
  const into = path.join(await makeTempDir("edits-copy"), "workspace");
  const copy = await makeAgentWorkspace({
    source,
    into,
    access: "write",
    shareInodes: false,
    hostEnv: process.env,
  });
  return { source, into, copy };
}

describe("bringing an autofix's edits back", () => {
  it("runs no filter, textconv or external diff of the host's configuration, whatever the agent's attributes name", async () => {
    const markers = await makeTempDir("host-git-programs");
    const ran = (name: string) => path.join(markers, name);
    // The host's global configuration, where git looks for it ($XDG_CONFIG_HOME/git/config, read
    // like ~/.gitconfig).
    await mkdir(path.join(markers, "git"));
    const hostConfig = path.join(markers, "git", "config");
    // Each program leaves a mark and passes its input through, as a real filter would.
    const program = async (name: string, body: string) => {
      const file = path.join(markers, `${name}.sh`);
      await writeFile(file, `#!/bin/sh\ntouch ${ran(name)}\n${body}\n`, { mode: 0o755 });
      return file;
    };
    await writeFile(
      hostConfig,
      [
        '[filter "hostfilter"]',
        `\tclean = ${await program("clean", "cat")}`,
        `\tsmudge = ${await program("smudge", "cat")}`,
        '[diff "hostdiff"]',
        `\ttextconv = ${await program("textconv", 'cat "$1"')}`,
        "",
      ].join("\n"),
    );
    const externalDiff = path.join(markers, "external-diff.sh");
    await writeFile(externalDiff, `#!/bin/sh\ntouch ${ran("external-diff")}\n`, { mode: 0o755 });
    const hostEnv = {
      ...process.env,
      XDG_CONFIG_HOME: markers,
      GIT_EXTERNAL_DIFF: externalDiff,
    };

    const source = await makeTempDir("edits-source");
    git(source, "init", "-q");
    await writeFile(path.join(source, "app.txt"), "one\n");
    git(source, "add", "app.txt");
    git(source, "commit", "-q", "-m", "first");

    const into = path.join(await makeTempDir("edits-copy"), "workspace");
    const copy = await makeAgentWorkspace({ source, into, access: "write", shareInodes: false, hostEnv });
    // The agent's edits: its own attributes naming the host's programs, and a change for them to act on.
    await writeFile(path.join(into, ".gitattributes"), "* filter=hostfilter diff=hostdiff\n");
    await writeFile(path.join(into, "app.txt"), "two\n");
    await writeFile(path.join(into, "new.txt"), "new\n");

    // The attributes themselves are the agent's edit the host does not take (below).
    expect((await copy.returnEdits()).sort()).toEqual(["app.txt", "new.txt"]);
    expect(await readFile(path.join(source, "app.txt"), "utf8")).toBe("two\n");
    expect(await readFile(path.join(source, "new.txt"), "utf8")).toBe("new\n");
    for (const program of ["clean", "smudge", "textconv", "external-diff"])
      expect(existsSync(ran(program)), `the host ran the ${program} program`).toBe(false);
  });

  it("leaves out the agent's edits of files that steer the host's git, at any depth, and says which", async () => {
    const { source, into, copy } = await checkoutWithWritableCopy({
      "sub/.gitattributes": "*.bin binary\n",
      "app.txt": "one\n",
    });
    await writeFile(path.join(into, ".gitattributes"), "* filter=lfs\n");
    await writeFile(path.join(into, "sub", ".gitattributes"), "* diff=anything\n");
    await writeFile(path.join(into, ".lfsconfig"), "[lfs]\n\turl = https://lfs.example.invalid\n");
    await writeFile(path.join(into, "notes.gitattributes.txt"), "a file with a similar name comes back\n");
    await writeFile(path.join(into, "app.txt"), "two\n");

    expect((await copy.returnEdits()).sort()).toEqual(["app.txt", "notes.gitattributes.txt"]);
    expect(copy.editsLeftOut.sort()).toEqual([".gitattributes", ".lfsconfig", "sub/.gitattributes"]);
    expect(await readFile(path.join(source, "app.txt"), "utf8")).toBe("two\n");
    expect(existsSync(path.join(source, ".gitattributes"))).toBe(false);
    expect(existsSync(path.join(source, ".lfsconfig"))).toBe(false);
    expect(await readFile(path.join(source, "sub", ".gitattributes"), "utf8")).toBe("*.bin binary\n");
  });

  it("brings nothing back, and applies no empty patch, when every edit steers the host's git", async () => {
    const { source, into, copy } = await checkoutWithWritableCopy({ "app.txt": "one\n" });
    await writeFile(path.join(into, ".gitattributes"), "* filter=lfs\n");
    expect(await copy.returnEdits()).toEqual([]);
    expect(copy.editsLeftOut).toEqual([".gitattributes"]);
    expect(existsSync(path.join(source, ".gitattributes"))).toBe(false);
  });
});
