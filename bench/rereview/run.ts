/**
 * Re-review cost on a long-lived PR: the same fixture PR reviewed after each of N small pushes, once
 * continuing the PR's lineage (delta prompts, bounded context) and once fresh every time, side by side
 * through the real CLI and the scripted model. Reports the conversation bytes each review sends
 * (the request's messages; the fixed system prompt and tools left out) and the message counts.
 *
 *   npm run bench:rereview            # 12 and 50 pushes
 *   npm run bench:rereview -- 12      # only 12
 */
import { DEFAULT_CONTEXT_BOUND } from "../../src/sessions/context-bound.js";
import { type PushMeasurement, reviewPushSeries } from "../../test/harness/rereview-series.js";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 1);
for (const pushes of sizes.length > 0 ? sizes : [12, 50]) {
  const lineage = await reviewPushSeries({ pushes, lineage: true });
  const fresh = await reviewPushSeries({ pushes, lineage: false });
  report(pushes, lineage, fresh);
}

function report(pushes: number, lineage: PushMeasurement[], fresh: PushMeasurement[]): void {
  console.log(
    `\n${pushes} pushes (bound: ${DEFAULT_CONTEXT_BOUND.maxDepth} generations, ${DEFAULT_CONTEXT_BOUND.maxContextTokens} tokens)`,
  );
  console.log(
    "push  start       lineage B  msgs  growth B  push diff B  fresh B  lineage/fresh   lineage $   fresh $  $ ratio",
  );
  let worstUsdRatio = 0;
  let worstExcess = Number.NEGATIVE_INFINITY;
  const growths: number[] = [];
  for (const [i, run] of lineage.entries()) {
    const previous = lineage[i - 1];
    const growth =
      previous && run.restore === "restored" ? run.conversationBytes - previous.conversationBytes : undefined;
    if (growth !== undefined) {
      growths.push(growth);
      worstExcess = Math.max(worstExcess, growth - run.pushDiffBytes);
    }
    const freshBytes = fresh[i]?.conversationBytes ?? Number.NaN;
    console.log(
      [
        String(run.push).padStart(4),
        run.restore.padEnd(10),
        String(run.conversationBytes).padStart(10),
        String(run.messages).padStart(5),
        (growth === undefined ? "-" : String(growth)).padStart(9),
        String(run.pushDiffBytes).padStart(12),
        String(freshBytes).padStart(8),
        (run.conversationBytes / freshBytes).toFixed(2).padStart(14),
        run.inputUsd.toFixed(5).padStart(10),
        (fresh[i]?.inputUsd ?? Number.NaN).toFixed(5).padStart(8),
        (run.inputUsd / (fresh[i]?.inputUsd ?? Number.NaN)).toFixed(2).padStart(7),
      ].join("  "),
    );
    if (i > 0) worstUsdRatio = Math.max(worstUsdRatio, run.inputUsd / (fresh[i]?.inputUsd ?? Number.NaN));
  }
  const total = (runs: PushMeasurement[]) => runs.reduce((sum, r) => sum + r.conversationBytes, 0);
  const spread = growths.length > 0 ? Math.max(...growths) - Math.min(...growths) : 0;
  console.log(
    `total conversation bytes: lineage ${total(lineage)}, fresh ${total(fresh)} (${(total(lineage) / total(fresh)).toFixed(2)}×); ` +
      `largest lineage request ${Math.max(...lineage.map((r) => r.conversationBytes))} B; ` +
      `growth per resumed push ${Math.min(...growths)}–${Math.max(...growths)} B (spread ${spread} B), ` +
      `at most ${worstExcess} B over the push's own diff (goal ≤ 3072)`,
  );
  const usd = (runs: PushMeasurement[]) => runs.reduce((sum, r) => sum + r.inputUsd, 0);
  console.log(
    `input $ with prompt-cache pricing (sonnet list prices, cache warm between pushes): lineage ${usd(lineage).toFixed(5)}, ` +
      `fresh ${usd(fresh).toFixed(5)} (${(usd(lineage) / usd(fresh)).toFixed(2)}×); worst push after the first: ${worstUsdRatio.toFixed(2)}× fresh (goal ≤ 1.00)`,
  );
}
