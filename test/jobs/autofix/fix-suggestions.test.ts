import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Finding } from "../../../src/findings/finding.js";
import { buildFixSuggestions, type CommentableLines } from "../../../src/jobs/autofix/fix-suggestions.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";

/** Lines 1..n of a file, one per line, so edits are easy to read in the assertions. */
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

/** The PR's diff touches these new-side line ranges (each range is one hunk). */
function prHunks(hunks: Record<string, Array<[number, number]>>): CommentableLines {
  return {
    hunkOf: (path, line) => hunks[path]?.find(([start, end]) => line >= start && line <= end),
  };
}

/** Applies suggestions the way GitHub does: each replaces exactly its commented lines. */
function applySuggestions(lines: string[], suggestions: Finding[]): string[] {
  const result = [...lines];
  for (const s of [...suggestions].sort((a, b) => b.startLine - a.startLine)) {
    const replacement = (s.suggestion ?? "").replace(/\n$/, "");
    result.splice(
      s.startLine - 1,
      s.endLine - s.startLine + 1,
      ...(replacement === "" ? [] : replacement.split("\n")),
    );
  }
  return result;
}

describe("buildFixSuggestions", () => {
  const repos: TempRepo[] = [];
  afterEach(() => {
    for (const r of repos.splice(0)) r.remove();
  });

  function fixPatch(
    before: Record<string, string>,
    after: Record<string, string | null>,
  ): { repo: TempRepo; patch: string } {
    const repo = createTempRepo();
    repos.push(repo);
    for (const [path, text] of Object.entries(before)) repo.write(path, text);
    repo.commitAll("head");
    for (const [path, text] of Object.entries(after)) {
      if (text === null) repo.git("rm", "-q", path);
      else repo.write(path, text);
    }
    repo.git("add", "-A", "--intent-to-add");
    return { repo, patch: `${repo.git("diff", "HEAD")}\n` };
  }

  it("turns edits, insertions and deletions inside the PR's hunks into suggestions that rebuild the fixed file", () => {
    const head = numbered(30);
    const fixed = [...head];
    fixed[4] = "line 5 fixed"; // replace line 5
    fixed.splice(20, 0, "inserted after 20"); // insert after line 20
    fixed.splice(26, 1); // delete line 26 (index shifted by the insertion)
    const { patch } = fixPatch(
      { "src/a.ts": `${head.join("\n")}\n` },
      { "src/a.ts": `${fixed.join("\n")}\n` },
    );

    const result = buildFixSuggestions(
      patch,
      prHunks({ "src/a.ts": [[1, 30]] }),
      new Map([["src/a.ts", "off by one"]]),
    );
    expect(result.unexpressed).toEqual([]);
    expect(result.leftoverPatch).toBe("");
    expect(result.suggestions).toHaveLength(3);
    expect(result.suggestions[0]).toMatchObject({
      path: "src/a.ts",
      startLine: 5,
      endLine: 5,
      suggestion: "line 5 fixed\n",
      body: "off by one",
      category: "autofix",
    });
    // The insertion is anchored on the line above; the deletion keeps the line above it.
    expect(result.suggestions[1]).toMatchObject({
      startLine: 20,
      endLine: 20,
      suggestion: "line 20\ninserted after 20\n",
    });
    expect(result.suggestions[2]).toMatchObject({ startLine: 25, endLine: 26, suggestion: "line 25\n" });
    expect(applySuggestions(head, result.suggestions)).toEqual(fixed);
    expect(new Set(result.suggestions.map((s) => s.fingerprint)).size).toBe(3);
  });

  it("puts whole hunks the PR did not touch, new files and deletions into a patch that git can apply", () => {
    const head = numbered(40);
    const fixed = [...head];
    fixed[2] = "line 3 fixed"; // inside the PR hunk
    fixed[35] = "line 36 fixed"; // outside it
    const { repo, patch } = fixPatch(
      { "src/a.ts": `${head.join("\n")}\n`, "src/old.ts": "gone\n" },
      { "src/a.ts": `${fixed.join("\n")}\n`, "src/new.ts": "export const x = 1;\n", "src/old.ts": null },
    );
    const result = buildFixSuggestions(patch, prHunks({ "src/a.ts": [[1, 10]] }));
    expect(result.suggestions.map((s) => [s.startLine, s.suggestion])).toEqual([[3, "line 3 fixed\n"]]);
    expect(result.unexpressed).toEqual([
      { path: "src/a.ts", reason: expect.stringContaining("not all in one hunk") },
      { path: "src/new.ts", reason: "a new file cannot be suggested on the pull request" },
      { path: "src/old.ts", reason: "deleting a file cannot be suggested" },
    ]);
    expect(result.leftoverPatch).toContain("+line 36 fixed");
    expect(result.leftoverPatch).not.toContain("+line 3 fixed");

    // The leftover applies on the PR head (what a maintainer would do with it).
    repo.git("reset", "-q", "--hard", "HEAD");
    repo.git("clean", "-qfd");
    const patchFile = join(repo.dir, "..", `${repo.dir.split("/").pop()}.patch`);
    writeFileSync(patchFile, result.leftoverPatch);
    try {
      execFileSync("git", ["apply", "--check", patchFile], { cwd: repo.dir });
    } finally {
      rmSync(patchFile, { force: true });
    }
  });

  it("refuses a change to a file without a final newline instead of suggesting something else", () => {
    const { patch } = fixPatch({ "a.txt": "one\ntwo" }, { "a.txt": "one\nTWO" });
    const result = buildFixSuggestions(patch, prHunks({ "a.txt": [[1, 2]] }));
    expect(result.suggestions).toEqual([]);
    expect(result.unexpressed).toEqual([{ path: "a.txt", reason: expect.stringContaining("final newline") }]);
    expect(result.leftoverPatch).toContain("\\ No newline at end of file");
  });
});
