import { describe, expect, it } from "vitest";
import { BUDGET_SHARE, fitReviewToBudget } from "../../../src/jobs/review/review-budget.js";
import { estimateReviewCost } from "../../../src/jobs/review/review-cost-estimate.js";

const section = (path: string, chars: number) =>
  `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n+${"x".repeat(chars)}\n`;
const files = [
  { path: "docs/guide.md", status: "modified", additions: 900, deletions: 0 },
  { path: "src/math.ts", status: "modified", additions: 5, deletions: 1 },
  { path: "src/auth/token.ts", status: "added", additions: 20, deletions: 0 },
];
const diff =
  section("docs/guide.md", 400_000) + section("src/math.ts", 300) + section("src/auth/token.ts", 900);
const change = { diff, changedFiles: files, excluded: [] };
const input = {
  promptChars: diff.length + 4_000,
  headChars: new Map([
    ["docs/guide.md", 400_000],
    ["src/math.ts", 2_000],
    ["src/auth/token.ts", 1_200],
  ]),
  model: "claude-sonnet-4-5",
  maxTurns: 10,
};

describe("fitReviewToBudget", () => {
  it("within the budget: the whole change, and the estimate as a note", () => {
    const fit = fitReviewToBudget(change, { ...input, maxBudgetUsd: 50 });
    expect(fit.status).toBe("within");
    if (fit.status !== "within") return;
    expect(fit.change).toBe(change);
    expect(fit.narrowed).toBeUndefined();
    expect(fit.estimate.usd).toBeLessThanOrEqual(50 * BUDGET_SHARE);
    expect(fit.notes).toEqual([expect.stringMatching(/^Estimated before the run: \$\d+\.\d{4} \(\d+ turns/)]);
  });

  it("over the budget: the riskiest files that fit, the others out of the diff and the file list, and named", () => {
    const fit = fitReviewToBudget(change, { ...input, maxBudgetUsd: 0.25 });
    expect(fit.status).toBe("within");
    if (fit.status !== "within") return;
    expect(fit.change.changedFiles.map((f) => f.path)).toEqual(["src/math.ts", "src/auth/token.ts"]);
    expect(fit.change.diff).toBe(section("src/math.ts", 300) + section("src/auth/token.ts", 900));
    expect(fit.narrowed?.leftOut).toEqual(["docs/guide.md"]);
    expect(fit.narrowed?.fullEstimateUsd).toBeGreaterThan(0.25 * BUDGET_SHARE);
    expect(fit.estimate.usd).toBeLessThanOrEqual(0.25 * BUDGET_SHARE);
    expect(fit.notes[0]).toMatch(
      /^Over budget: the whole change \(3 files\) was estimated at \$\d+\.\d\d, over 80% of max_budget_usd \(\$0\.25\)\. This review covers the 2 files most at risk first; 1 not reviewed: `docs\/guide\.md`/,
    );
  });

  it("the riskiest file first: when only one fits, it is the sensitive one, not the larger plain one", () => {
    const one = estimateReviewCost({
      model: input.model,
      promptChars: 4_000 + section("src/auth/token.ts", 900).length,
      readChars: [1_200],
      maxTurns: 10,
    }).usd;
    // A budget the auth file alone fits in, but not together with math.ts.
    const fit = fitReviewToBudget(change, { ...input, maxBudgetUsd: (one * 1.005) / BUDGET_SHARE });
    expect(fit.status === "within" && fit.change.changedFiles.map((f) => f.path)).toEqual([
      "src/auth/token.ts",
    ]);
  });

  it("not even the riskiest file fits: over, with the reason and what to do", () => {
    const fit = fitReviewToBudget(change, { ...input, maxBudgetUsd: 0.01 });
    expect(fit.status).toBe("over");
    expect(fit.status === "over" && fit.reason).toMatch(
      /^not reviewed: the change is estimated at \$\d+\.\d\d and even its riskiest file alone at \$\d+\.\d\d, over 80% of max_budget_usd \(\$0\.01\); raise the budget or narrow the review/,
    );
  });

  it("a file whose size is unknown (no checkout) counts high, and a resumed conversation counts too", () => {
    const known = fitReviewToBudget(change, { ...input, maxBudgetUsd: 50 });
    const unknown = fitReviewToBudget(change, { ...input, headChars: new Map(), maxBudgetUsd: 50 });
    const resumed = fitReviewToBudget(change, { ...input, maxBudgetUsd: 50, resumedContextTokens: 30_000 });
    expect(known.estimate.usd).toBeLessThan(resumed.estimate.usd);
    expect(unknown.estimate.cacheWriteTokens).not.toBe(known.estimate.cacheWriteTokens);
  });
});
