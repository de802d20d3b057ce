/**
 * Re-review cost on a long-lived PR: the same fixture PR reviewed after each of N small pushes, once
 * continuing the PR's lineage (delta prompts, bounded context) and once fresh every time, side by side
 * through the real CLI and the scripted model. Reports the conversation bytes each review sends
 * (the request's messages; the fixed system prompt and tools left out) and the message counts.
 *
 *   npm run bench:rereview                # 12 and 50 pushes, a small PR and a large one
 *   npm run bench:rereview -- 12 --large  # only 12 pushes, only the large PR (--small: only the small one)
 */
import { DEFAULT_CONTEXT_BOUND } from "../../src/sessions/context-bound.js";
import { type PushMeasurement, reviewPushSeries } from "../../test/harness/rereview-series.js";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 1);
const summary: string[] = [];
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const prs = flags.includes("--large") ? [true] : flags.includes("--small") ? [false] : [false, true];
for (const large of prs) {
  for (const pushes of sizes.length > 0 ? sizes : [12, 50]) {
    const lineage = await reviewPushSeries({ pushes, lineage: true, large });
    const fresh = await reviewPushSeries({ pushes, lineage: false, large });
    summary.push(report(pushes, large ? "large PR (31 files)" : "small PR (1 file)", lineage, fresh));
  }
}
console.log(
  `\n| PR | pushes | lineage input $ vs fresh | worst push after the first | lineage bytes vs fresh |`,
);
console.log("| --- | --- | --- | --- | --- |");
for (const line of summary) console.log(line);

/** Prints one series' table and returns its summary row. */
function report(pushes: number, pr: string, lineage: PushMeasurement[], fresh: PushMeasurement[]): string {
  console.log(
    `\n${pr}, ${pushes} pushes (bound: ${DEFAULT_CONTEXT_BOUND.maxDepth} generations, ${DEFAULT_CONTEXT_BOUND.maxContextTokens} tokens)`,
  );
  console.log(
    "push  start       lineage B  msgs  growth B  push diff B  fresh B  lineage/fresh   lineage $   fresh $  $ ratio",
  );
  let worstUsdRatio = 0;
  let worstPush = 0;
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
    const usdRatio = run.inputUsd / (fresh[i]?.inputUsd ?? Number.NaN);
    if (i > 0 && usdRatio > worstUsdRatio) {
      worstUsdRatio = usdRatio;
      worstPush = run.push;
    }
  }
  const total = (runs: PushMeasurement[]) => runs.reduce((sum, r) => sum + r.conversationBytes, 0);
  const spread = growths.length > 0 ? Math.max(...growths) - Math.min(...growths) : 0;
  console.log(
    `total conversation bytes: lineage ${total(lineage)}, fresh ${total(fresh)} (${(total(lineage) / total(fresh)).toFixed(2)}×); ` +
      `largest lineage request ${Math.max(...lineage.map((r) => r.conversationBytes))} B; ` +
      (growths.length > 0
        ? `growth per resumed push ${Math.min(...growths)}–${Math.max(...growths)} B (spread ${spread} B), ` +
          `at most ${worstExcess} B over the push's own diff (goal ≤ 3072)`
        : "no push resumed its parent"),
  );
  const usd = (runs: PushMeasurement[]) => runs.reduce((sum, r) => sum + r.inputUsd, 0);
  console.log(
    `input $ with prompt-cache pricing (sonnet list prices, cache warm between pushes): lineage ${usd(lineage).toFixed(5)}, ` +
      `fresh ${usd(fresh).toFixed(5)} (${(usd(lineage) / usd(fresh)).toFixed(2)}×); worst push after the first: ${worstUsdRatio.toFixed(3)}× fresh, push ${worstPush} (goal ≤ 1.00)`,
  );
  return `| ${pr} | ${pushes} | ${(usd(lineage) / usd(fresh)).toFixed(2)}× | ${worstUsdRatio.toFixed(3)}× (push ${worstPush}) | ${(total(lineage) / total(fresh)).toFixed(2)}× |`;
}
