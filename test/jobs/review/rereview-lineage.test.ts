import { describe, expect, it, vi } from "vitest";
import { reviewPushSeries, SERIES_FILE } from "../../harness/rereview-series.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: 4 * CLI_TIMEOUT_MS });

/**
 * Reviews of successive pushes through the real CLI: a continued review sends only the new commits,
 * so the conversation grows by about one push per run instead of one whole diff per run.
 */
describe("re-reviews in a PR's lineage (real CLI, scripted model)", () => {
  it("sends deltas, grows linearly, and starts fresh from a summary past the depth bound", async () => {
    const runs = await reviewPushSeries({
      pushes: 5,
      lineage: true,
      bound: { maxDepth: 3, maxContextTokens: 1e9 },
    });
    expect(runs.map((r) => r.restore)).toEqual(["fresh", "restored", "restored", "restored", "compacted"]);

    expect(runs[0]?.prompt).toContain("```diff\n");
    for (const run of runs.slice(1, 4)) {
      expect(run.prompt).toContain("```diff-since-last-review\n");
      expect(run.prompt).toContain(`changed in push ${run.push}`);
      expect(run.prompt).not.toContain("```diff\n"); // the base..head diff is not sent again
      expect(run.prompt).not.toContain(`changed in push ${run.push - 1}`);
    }
    const growth = runs
      .slice(1, 4)
      .map((run, i) => run.conversationBytes - (runs[i]?.conversationBytes ?? 0));
    for (const [i, grew] of growth.entries()) {
      const run = runs[i + 1];
      expect(grew, `push ${run?.push}`).toBeLessThanOrEqual((run?.pushDiffBytes ?? 0) + 3 * 1024);
    }
    // No quadratic term: each push adds the same amount (push numbers differ by a digit at most).
    expect(Math.abs((growth[2] ?? 0) - (growth[1] ?? 0))).toBeLessThan(64);

    // Past the bound: no history; the earlier findings, and only the commits since the summarised review.
    const compacted = runs[4];
    expect(compacted?.messages).toBe(runs[0]?.messages); // as short as a fresh session: no history
    expect(compacted?.prompt).toContain("that conversation was summarised");
    expect(compacted?.prompt).toContain(`[outdated] ${SERIES_FILE}:1 (warning) Magic numbers`);
    expect(compacted?.prompt).toContain("```diff-since-last-review\n");
    expect(compacted?.prompt).toContain("changed in push 5");
    expect(compacted?.prompt).not.toContain("```diff\n");
    expect(compacted?.prompt).not.toContain("changed in push 4");
    expect(compacted?.conversationBytes).toBeLessThan(runs[3]?.conversationBytes ?? 0);

    // No dearer than reviewing each push fresh, with prompt-cache pricing (the cache warm between pushes).
    // The one exception is the first resume of this one-file PR, at +0.6%: the earlier answer is input
    // no request has cached yet, and the change is too small for the delta to make up for it.
    const fresh = await reviewPushSeries({ pushes: 5, lineage: false });
    for (const [i, run] of runs.entries()) {
      if (i === 0) continue;
      expect(run.inputUsd, `push ${run.push}`).toBeLessThanOrEqual(
        (fresh[i]?.inputUsd ?? 0) * (i === 1 ? 1.01 : 1),
      );
    }
    expect(compacted?.inputUsd).toBeLessThan(fresh[4]?.inputUsd ?? 0);
  });

  it("on a large PR the next push starts from a summary: reading the long first review back costs more", async () => {
    const runs = await reviewPushSeries({ pushes: 2, lineage: true, large: true });
    const fresh = await reviewPushSeries({ pushes: 2, lineage: false, large: true });
    expect(runs.map((r) => r.restore)).toEqual(["fresh", "compacted"]);
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
  });

  it("a force-pushed branch gets a full review that carries the earlier findings", async () => {
    const runs = await reviewPushSeries({ pushes: 3, lineage: true, rebaseAt: 3 });
    expect(runs.map((r) => r.restore)).toEqual(["fresh", "restored", "restored"]);
    expect(runs[1]?.prompt).toContain("```diff-since-last-review\n");
    const rebased = runs[2]?.prompt ?? "";
    expect(rebased).toContain("which is no longer in this branch's history");
    expect(rebased).toContain(`[outdated] ${SERIES_FILE}:1 (warning) Magic numbers`);
    expect(rebased).toContain("```diff\n");
    expect(rebased).not.toContain("diff-since-last-review");
  });
});
