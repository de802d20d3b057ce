import { describe, expect, it } from "vitest";
import {
  budgetedDiffBlocks,
  fence,
  fencedAuthorText,
  workflowInstructions,
} from "../../../src/jobs/shared/prompt-blocks.js";

const fileDiff = (path: string, size: number) =>
  `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n+${"x".repeat(size)}\n`;

describe("prompt blocks shared by every job's prompt", () => {
  it("fences an author's title and description as data, cut to the budget, an empty description said so", () => {
    const text = fencedAuthorText(
      "issue",
      { title: "Fix <!-- hidden --> it", body: "" },
      { titleChars: 300, bodyChars: 8_000 },
    );
    expect(text.blocks).toEqual([fence("issue-title", "Fix  it"), fence("issue-description", "(empty)")]);
    expect(text.title.removed.htmlComments).toBe(1);

    const cut = fencedAuthorText(
      "pr",
      { title: "t", body: "y".repeat(50) },
      { titleChars: 300, bodyChars: 10 },
    );
    expect(cut.body.removed.truncatedChars).toBeGreaterThan(0);
    expect(cut.blocks[1]).toMatch(/^```pr-description\n/);
    expect(cut.blocks[1]).not.toContain("y".repeat(11));
  });

  it("adds the workflow's instructions only when there are some", () => {
    expect(workflowInstructions(undefined)).toEqual([]);
    expect(workflowInstructions("  \n ")).toEqual([]);
    expect(workflowInstructions(" Be terse. ")).toEqual([
      "Additional instructions from the repository's workflow:\nBe terse.",
    ]);
  });

  it("names the files a cut diff left out before the fenced diff, and only then", () => {
    const small = fileDiff("small.ts", 10);
    const whole = budgetedDiffBlocks(small, 10_000, "diff");
    expect(whole).toEqual({ blocks: [fence("diff", small)], omittedFiles: [] });

    const cut = budgetedDiffBlocks(small + fileDiff("huge.ts", 5_000), 1_000, "diff-since-last-review");
    expect(cut.omittedFiles).toEqual(["huge.ts"]);
    expect(cut.blocks).toEqual([
      "The diff below was cut to fit. These files are not inlined; read them yourself: huge.ts",
      fence("diff-since-last-review", small),
    ]);
  });
});
