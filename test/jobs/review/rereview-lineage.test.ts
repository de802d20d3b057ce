import { describe, expect, it, vi } from "vitest";
import { reviewPushSeries, SERIES_FILE } from "../../harness/rereview-series.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: 4 * CLI_TIMEOUT_MS });

/**
 * Reviews of successive pushes through the real CLI: each push takes the start estimated cheapest
 * (resume, summary, or the whole change again); a continued review sends only the new commits, so
 * the conversation grows by about one push per run instead of one whole diff per run.
 */
describe("re-reviews in a PR's lineage (real CLI, scripted model)", () => {
  it("a small PR: each push takes the start estimated cheapest, and none costs more than a fresh review", async () => {
    const runs = await reviewPushSeries({ pushes: 5, lineage: true });
    const fresh = await reviewPushSeries({ pushes: 5, lineage: false });
    // Pushes 2 and 3: the one-file change is smaller than its summary, and the short history costs
    // more to read back over the review's turns than it saves, so the whole change is reviewed again.
    // From push 4 the whole diff (one more line each push) outgrows a summary start.
    expect(runs.map((r) => r.restore)).toEqual(["fresh", "fresh", "fresh", "compacted", "compacted"]);
    for (const run of runs.slice(1, 3)) {
      expect(run.restoreMessage).toMatch(
        /^Started a fresh session on the whole change instead of continuing session .*, so the cheapest, a fresh review of the whole change, was taken\.$/,
      );
      // Exactly a first review's prompt (the two series' repositories differ only in their shas).
      expect(withoutShas(run.prompt)).toBe(withoutShas(fresh[run.push - 1]?.prompt ?? ""));
      expect(run.messages).toBe(1);
    }

    // From a summary: no history; the earlier findings, and only the commits since the summarised review.
    const compacted = runs[4];
    expect(compacted?.restoreMessage).toContain("so the cheaper fresh start from its summary was taken");
    expect(compacted?.messages).toBe(runs[0]?.messages); // as short as a fresh session: no history
    expect(compacted?.prompt).toContain("that conversation was summarised");
    expect(compacted?.prompt).toContain(`[outdated] ${SERIES_FILE}:1 (warning) Magic numbers`);
    expect(compacted?.prompt).toContain("```diff-since-last-review\n");
    expect(compacted?.prompt).toContain("changed in push 5");
    expect(compacted?.prompt).not.toContain("```diff\n");
    expect(compacted?.prompt).not.toContain("changed in push 4");

    // No dearer than reviewing each push fresh, with prompt-cache pricing (the cache warm between pushes).
    for (const [i, run] of runs.entries()) {
      if (i === 0) continue;
      expect(run.inputUsd, `push ${run.push}`).toBeLessThanOrEqual(fresh[i]?.inputUsd ?? 0);
    }
    expect(runs[3]?.inputUsd).toBeLessThan(fresh[3]?.inputUsd ?? 0);
    expect(compacted?.inputUsd).toBeLessThan(fresh[4]?.inputUsd ?? 0);
  });

  it("a large PR: the next push starts from a summary, later ones send deltas and grow linearly, and the depth bound restarts them", async () => {
    const runs = await reviewPushSeries({
      pushes: 6,
      lineage: true,
      large: true,
      bound: { maxDepth: 3, maxContextTokens: 1e9 },
    });
    const fresh = await reviewPushSeries({ pushes: 2, lineage: false, large: true });
    expect(runs.map((r) => r.restore)).toEqual([
      "fresh",
      "compacted",
      "restored",
      "restored",
      "restored",
      "compacted",
    ]);

    // Push 2: reading the long first review back costs more than its summary.
    const summary = runs[1]?.prompt ?? "";
    expect(summary).toContain("that conversation was summarised");
    expect(summary).toContain("Changed files of the whole change (31)");
    expect(summary).toContain("```diff-since-last-review\n");
    expect(summary).not.toContain("// reworked"); // the 30 modules' diff is not sent again
    expect(fresh[1]?.prompt).toContain("// reworked");
    expect(runs[1]?.inputUsd).toBeLessThan((fresh[1]?.inputUsd ?? 0) / 5);
    // It says what it saw: the push's own line in its prompt, the 600 reworked lines and push 1's
    // line reviewed by the first review and summarised.
    const at = runs[1]?.prompt.match(/up to ([0-9a-f]{7})/)?.[1];
    expect(runs[1]?.coverage).toBe(
      `Read 31 of 31 changed files (602 of 602 changed lines; 1 in the prompt's diff of the commits since ${at}, 601 reviewed at ${at} and summarised)`,
    );
    expect(fresh[1]?.coverage).toMatch(/; all in the prompt's diff\)$|the rest read with tools\)$/);

    // Pushes 3-5 continue that short conversation with only the commits since.
    for (const run of runs.slice(2, 5)) {
      expect(run.prompt).toContain("```diff-since-last-review\n");
      expect(run.prompt).toContain(`changed in push ${run.push}`);
      expect(run.prompt).not.toContain("```diff\n"); // the base..head diff is not sent again
      expect(run.prompt).not.toContain(`changed in push ${run.push - 1}`);
    }
    const growth = runs
      .slice(2, 5)
      .map((run, i) => run.conversationBytes - (runs[i + 1]?.conversationBytes ?? 0));
    for (const [i, grew] of growth.entries()) {
      const run = runs[i + 2];
      expect(grew, `push ${run?.push}`).toBeLessThanOrEqual((run?.pushDiffBytes ?? 0) + 3 * 1024);
    }
    // No quadratic term: each push adds the same amount (push numbers differ by a digit at most).
    expect(Math.abs((growth[2] ?? 0) - (growth[1] ?? 0))).toBeLessThan(64);

    // Push 6: its parent is three generations deep, the bound: a summary start again.
    expect(runs[5]?.restoreMessage).toContain("it is 4 generation(s) deep, over the bound of 3");
    expect(runs[5]?.prompt).toContain("that conversation was summarised");
    expect(runs[5]?.conversationBytes).toBeLessThan(runs[4]?.conversationBytes ?? 0);
  });

  it("a force-pushed branch gets a full review that carries the earlier findings", async () => {
    const runs = await reviewPushSeries({ pushes: 3, lineage: true, rebaseAt: 3 });
    // Push 3's parent left the branch: every start sends the whole change, and the one that keeps
    // the earlier findings is taken.
    expect(runs.map((r) => r.restore)).toEqual(["fresh", "fresh", "compacted"]);
    const rebased = runs[2]?.prompt ?? "";
    expect(rebased).toContain("which is no longer in this branch's history");
    expect(rebased).toContain(`[outdated] ${SERIES_FILE}:1 (warning) Magic numbers`);
    expect(rebased).toContain("```diff\n");
    expect(rebased).not.toContain("diff-since-last-review");
  });
});

function withoutShas(text: string): string {
  return text.replace(/\b[0-9a-f]{40}\b/g, "<sha>");
}
