import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { ancestorAgentFileExcludes } from "../../src/runner/ancestor-agent-files.js";

// The CLI's own loading of these files is proved on the binary: test/red-team/ancestor-claude-md.test.ts.
describe("ancestorAgentFileExcludes", () => {
  it("names the agent files of every directory above the working directory, up to the root", () => {
    expect(ancestorAgentFileExcludes("/tmp/claude-pr-runner-Ab12/workspace")).toEqual([
      "/tmp/claude-pr-runner-Ab12/CLAUDE.md",
      "/tmp/claude-pr-runner-Ab12/CLAUDE.local.md",
      "/tmp/claude-pr-runner-Ab12/.claude/CLAUDE.md",
      "/tmp/claude-pr-runner-Ab12/.claude/rules/**",
      "/tmp/CLAUDE.md",
      "/tmp/CLAUDE.local.md",
      "/tmp/.claude/CLAUDE.md",
      "/tmp/.claude/rules/**",
      "/CLAUDE.md",
      "/CLAUDE.local.md",
      "/.claude/CLAUDE.md",
      "/.claude/rules/**",
    ]);
  });

  it("never names the working directory's own files or those below it (the checkout's)", () => {
    const patterns = ancestorAgentFileExcludes("/w/root/workspace");
    const excluded = (file: string) => picomatch.isMatch(file, patterns, { dot: true });
    expect(excluded("/w/root/workspace/CLAUDE.md")).toBe(false);
    expect(excluded("/w/root/workspace/docs/CLAUDE.md")).toBe(false);
    expect(excluded("/w/root/workspace/.claude/rules/a.md")).toBe(false);
    expect(excluded("/w/root/CLAUDE.md")).toBe(true);
    expect(excluded("/w/.claude/rules/deep/r.md")).toBe(true);
    expect(excluded("/CLAUDE.local.md")).toBe(true);
  });

  it("takes each spelling once, and a directory's glob characters literally", () => {
    const patterns = ancestorAgentFileExcludes("/a/b/ws", "/a/b/ws", "/real/b/ws");
    expect(patterns.filter((p) => p === "/a/b/CLAUDE.md")).toHaveLength(1);
    expect(patterns).toContain("/real/b/CLAUDE.md");
    const odd = ancestorAgentFileExcludes("/x/[job]*(1)/ws");
    expect(odd).toContain("/x/\\[job\\]\\*\\(1\\)/CLAUDE.md");
    expect(picomatch.isMatch("/x/[job]*(1)/CLAUDE.md", odd, { dot: true })).toBe(true);
    expect(picomatch.isMatch("/x/[job]zz(1)/CLAUDE.md", odd, { dot: true })).toBe(false);
  });
});
