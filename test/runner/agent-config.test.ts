import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, statSync } from "node:fs";
import { chmod, mkdir, readlink, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentConfigNote, isAgentConfig } from "../../src/runner/isolation/agent-config.js";
import { makeAgentWorkspace } from "../../src/runner/isolation/agent-workspace.js";
import { makeTempDir } from "../harness/temp-dir.js";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
}

async function put(root: string, file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

/** A repository with a base commit and a head commit (checked out), each holding `files`. */
async function baseAndHead(base: Record<string, string>, head: Record<string, string>) {
  const source = await makeTempDir("agent-config-source");
  git(source, "init", "-q");
  for (const [file, content] of Object.entries(base)) await put(source, file, content);
  git(source, "add", "-A");
  git(source, "commit", "-q", "-m", "base");
  const baseSha = git(source, "rev-parse", "HEAD");
  for (const [file, content] of Object.entries(head)) await put(source, file, content);
  git(source, "add", "-A");
  git(source, "commit", "-q", "-m", "head");
  return { source, baseSha };
}

async function copyOf(source: string, agentConfigFrom: string, access: "read" | "write" = "read") {
  const into = path.join(await makeTempDir("agent-config-copy"), "workspace");
  const workspace = await makeAgentWorkspace({
    source,
    into,
    access,
    shareInodes: false,
    hostEnv: process.env,
    agentConfigFrom,
  });
  return { into, workspace };
}

describe("isAgentConfig", () => {
  it.each([
    ["CLAUDE.md", true],
    ["CLAUDE.local.md", true],
    ["pkg/deep/CLAUDE.md", true],
    ["pkg/claude.md", true],
    [".mcp.json", true],
    ["pkg/.mcp.json", true],
    [".claude", true],
    [".claude/settings.json", true],
    ["pkg/.claude/skills/x/SKILL.md", true],
    [".CLAUDE/settings.json", true],
    ["docs/CLAUDE.md.bak", false],
    ["my.claude/x", false],
    ["claude/settings.json", false],
    ["src/mcp.json", false],
    ["README.md", false],
  ])("%s: %s", (file, expected) => {
    expect(isAgentConfig(file)).toBe(expected);
  });
});

describe("the agent's copy carries the named commit's agent configuration", () => {
  it("replaces the head's at any depth, drops what the base lacks (untracked too), and keeps the rest", async () => {
    const { source, baseSha } = await baseAndHead(
      {
        "CLAUDE.md": "base rules\n",
        ".claude/settings.json": '{"permissions":{}}\n',
        ".claude/hooks/check.sh": "#!/bin/sh\necho base\n",
        "pkg/a.ts": "a\n",
      },
      {
        "CLAUDE.md": "head rules\n",
        ".claude/settings.json": '{"hooks":{"Stop":[]}}\n',
        ".mcp.json": '{"mcpServers":{}}\n',
        "pkg/CLAUDE.md": "nested head rules\n",
        "pkg/.claude/skills/x/SKILL.md": "---\nname: x\n---\n",
        "pkg/a.ts": "b\n",
      },
    );
    await chmod(path.join(source, ".claude/hooks/check.sh"), 0o755);
    // Untracked and ignored files the door's checkout holds are not the base's either.
    await put(source, ".claude/settings.local.json", '{"model":"x"}\n');
    await put(source, "vendor/lib/claude.md", "lower-case, untracked\n");

    const { into, workspace } = await copyOf(source, baseSha);
    const read = (file: string) => readFileSync(path.join(into, file), "utf8");
    expect(read("CLAUDE.md")).toBe("base rules\n");
    expect(read(".claude/settings.json")).toBe('{"permissions":{}}\n');
    expect(read(".claude/hooks/check.sh")).toBe("#!/bin/sh\necho base\n");
    for (const gone of [
      ".mcp.json",
      "pkg/CLAUDE.md",
      "pkg/.claude",
      ".claude/settings.local.json",
      "vendor/lib/claude.md",
    ])
      expect(existsSync(path.join(into, gone)), gone).toBe(false);
    // The code itself is the head's; the source is left as it was.
    expect(read("pkg/a.ts")).toBe("b\n");
    expect(readFileSync(path.join(source, "CLAUDE.md"), "utf8")).toBe("head rules\n");
    expect(readFileSync(path.join(source, "pkg/CLAUDE.md"), "utf8")).toBe("nested head rules\n");
    expect(workspace.agentConfig?.written.sort()).toEqual([
      ".claude/hooks/check.sh",
      ".claude/settings.json",
      "CLAUDE.md",
    ]);
    expect(workspace.agentConfig?.removed).toEqual(
      expect.arrayContaining([".claude", ".mcp.json", "CLAUDE.md", "pkg/.claude", "pkg/CLAUDE.md"]),
    );
    expect(workspace.agentConfig?.skipped).toEqual([]);
  });

  it("gives an agent under another uid readable files whatever the host's umask, and keeps the executable bit", async () => {
    const source = await makeTempDir("agent-config-modes");
    git(source, "init", "-q");
    await put(source, "CLAUDE.md", "base\n");
    await put(source, ".claude/hooks/run.sh", "#!/bin/sh\n");
    await chmod(path.join(source, ".claude/hooks/run.sh"), 0o755);
    git(source, "add", "-A");
    git(source, "commit", "-q", "-m", "base");
    const previous = process.umask(0o077);
    try {
      const { into } = await copyOf(source, git(source, "rev-parse", "HEAD"));
      expect(statSync(path.join(into, "CLAUDE.md")).mode & 0o777).toBe(0o644);
      expect(statSync(path.join(into, ".claude")).mode & 0o777).toBe(0o755);
      expect(statSync(path.join(into, ".claude/hooks/run.sh")).mode & 0o777).toBe(0o755);
    } finally {
      process.umask(previous);
    }
  });

  it("writes nothing through a link: a directory the checkout turned into a link is skipped, a linked CLAUDE.md is removed, not followed", async () => {
    const outside = await makeTempDir("agent-config-outside");
    await writeFile(path.join(outside, "CLAUDE.md"), "outside\n");
    const { source, baseSha } = await baseAndHead(
      { "CLAUDE.md": "base\n", "pkg/CLAUDE.md": "base nested\n", "pkg/a.ts": "a\n" },
      { "README.md": "head\n" },
    );
    // The head: pkg/ is now a link out of the checkout, and CLAUDE.md a link to a file outside.
    execFileSync("rm", ["-rf", path.join(source, "pkg"), path.join(source, "CLAUDE.md")]);
    await symlink(outside, path.join(source, "pkg"));
    await symlink(path.join(outside, "CLAUDE.md"), path.join(source, "CLAUDE.md"));
    git(source, "add", "-A");
    git(source, "commit", "-q", "-m", "links");

    const { into, workspace } = await copyOf(source, baseSha);
    expect(lstatSync(path.join(into, "pkg")).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(into, "pkg"))).toBe(outside);
    expect(readFileSync(path.join(outside, "CLAUDE.md"), "utf8")).toBe("outside\n");
    expect(existsSync(path.join(outside, "a.ts"))).toBe(false);
    // The top-level link was removed and the base's file written in its place.
    expect(lstatSync(path.join(into, "CLAUDE.md")).isFile()).toBe(true);
    expect(readFileSync(path.join(into, "CLAUDE.md"), "utf8")).toBe("base\n");
    expect(workspace.agentConfig?.skipped).toEqual([
      "pkg/CLAUDE.md (its directory in the checkout is a link or a file)",
    ]);
  });

  it("refuses to make the copy when the commit is not in the repository, naming it", async () => {
    const { source } = await baseAndHead({ "CLAUDE.md": "base\n" }, { "a.ts": "a\n" });
    const missing = "0123456789abcdef0123456789abcdef01234567";
    await expect(copyOf(source, missing)).rejects.toThrow(
      `the commit ${missing} whose agent configuration (CLAUDE.md, .claude, .mcp.json) the agent reads is not in`,
    );
  });

  it("refuses a directory that is not a git checkout", async () => {
    const plain = await makeTempDir("agent-config-plain");
    await writeFile(path.join(plain, "CLAUDE.md"), "x\n");
    await expect(copyOf(plain, "HEAD")).rejects.toThrow("is not a git checkout");
  });

  it("never brings the agent's edits of agent configuration back, and says which it left out", async () => {
    const { source, baseSha } = await baseAndHead(
      { "CLAUDE.md": "base\n", "src/a.ts": "a\n" },
      { "CLAUDE.md": "head\n" },
    );
    const { into, workspace } = await copyOf(source, baseSha, "write");
    await writeFile(path.join(into, "src/a.ts"), "fixed\n");
    await put(into, ".claude/settings.json", '{"hooks":{"SessionStart":[]}}\n');
    await writeFile(path.join(into, "CLAUDE.md"), "agent rules\n");
    await put(into, "pkg/.mcp.json", "{}\n");

    expect(await workspace.returnEdits()).toEqual(["src/a.ts"]);
    expect(workspace.editsLeftOut.sort()).toEqual([".claude/settings.json", "CLAUDE.md", "pkg/.mcp.json"]);
    expect(readFileSync(path.join(source, "src/a.ts"), "utf8")).toBe("fixed\n");
    // The source keeps the head's own configuration: the pinned base's was never an edit.
    expect(readFileSync(path.join(source, "CLAUDE.md"), "utf8")).toBe("head\n");
    expect(existsSync(path.join(source, ".claude"))).toBe(false);
    expect(existsSync(path.join(source, "pkg/.mcp.json"))).toBe(false);
  });
});

describe("agentConfigNote", () => {
  it("names the commit, what left the copy, what came from the commit and what was not given", () => {
    expect(
      agentConfigNote("abc123", {
        removed: [".mcp.json"],
        written: ["CLAUDE.md"],
        skipped: ["pkg/CLAUDE.md (why)"],
      }),
    ).toBe(
      "the agent read the agent configuration (CLAUDE.md, .claude, .mcp.json) of abc123, not the checkout's: removed from its copy: .mcp.json; taken from abc123: CLAUDE.md; not given: pkg/CLAUDE.md (why)",
    );
    expect(agentConfigNote("abc123", { removed: [], written: [], skipped: [] })).toBe(
      "the agent read the agent configuration (CLAUDE.md, .claude, .mcp.json) of abc123, not the checkout's: removed from its copy: none; taken from abc123: none",
    );
  });
});
