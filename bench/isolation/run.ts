// Isolation benchmark: the overhead bench's 20-turn scripted session (19 tool calls, then text),
// run by our runner side by side, alternating, with and without the agent's isolation: its own uid
// (files handed over and back) plus the CLI's Bash sandbox (bubblewrap, no network). Two scenarios:
// the overhead bench's Read calls, and the same calls made through Bash (`cat`), where every command
// starts a sandbox. Needs root (or passwordless sudo) and bubblewrap + socat.
// Variants: plain (host uid), uid (own user only), isolated (own user + Bash sandbox).
// Run: node --import tsx bench/isolation/run.ts [runs=5] [scenarios=read,bash]
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { CLAUDE_BIN } from "../../test/harness/claude-cli.js";
import {
  createReadWorkspace,
  median,
  OUT_DIR,
  PROMPT,
  readCall,
  startReadSessionApi,
  type ToolCallOfTurn,
  TURNS,
} from "../shared/read-session.js";

const runs = Math.max(5, Number(process.argv[2] ?? 5));
const ALL_SCENARIOS = ["read", "bash"] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
const SCENARIOS = (process.argv[3] ?? "read,bash")
  .split(",")
  .filter((name): name is Scenario => (ALL_SCENARIOS as readonly string[]).includes(name));
const VARIANTS = ["plain", "uid", "isolated"] as const;
type Variant = (typeof VARIANTS)[number];

const decision = await decideIsolation({ agentUser: "claude-agent", untrusted: true, onNoIsolation: "fail" });
if (decision.kind !== "separate-user") throw new Error(decision.summary);

let scenario: Scenario = "read";
const bashCall: ToolCallOfTurn = (file) => ({
  kind: "tool_use",
  name: "Bash",
  input: { command: `cat ${file}`, description: "read" },
  text: ".",
});
const api = await startReadSessionApi(() => (scenario === "read" ? readCall : bashCall));
const workspace = await createReadWorkspace("isolation");
const policy = new ToolPolicy(
  {
    name: "bench",
    rules: [
      { id: "read", effect: "allow", tools: ["Read"], paths: ["**"] },
      { id: "cat", effect: "allow", tools: ["Bash"], commandPrefixes: ["cat"] },
    ],
  },
  { workspace },
);

const wall: Record<Scenario, Record<Variant, number[]>> = {
  read: { plain: [], uid: [], isolated: [] },
  bash: { plain: [], uid: [], isolated: [] },
};
let confinement = "";
try {
  for (let run = 0; run < runs; run++) {
    for (const current of SCENARIOS) {
      scenario = current;
      // Rotate which variant goes first, so drift in machine load favours none.
      const order = VARIANTS.map((_, i) => VARIANTS[(i + run) % VARIANTS.length] as Variant);
      for (const variant of order) {
        const before = api.mainRequests.length;
        const startedAt = performance.now();
        const outcome = await runSession({
          prompt: PROMPT,
          cwd: workspace,
          claudePath: CLAUDE_BIN,
          policy,
          includePartialMessages: true,
          sourceEnv: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "bench-key" },
          ...(variant !== "plain" ? { agentUser: decision.user } : {}),
          ...(variant === "isolated" ? { bashSandbox: { allowedDomains: [], required: true } } : {}),
        }).outcome;
        const ms = performance.now() - startedAt;
        const turns = api.mainRequests.length - before;
        if (outcome.exitCode !== 0 || turns !== TURNS) {
          throw new Error(`${current}/${variant} run ${run + 1}: ${outcome.subtype}, ${turns} model calls`);
        }
        if (variant === "isolated") confinement = outcome.confinement ?? "";
        wall[current][variant].push(ms);
        console.error(`run ${run + 1}/${runs} ${current} ${variant.padEnd(8)} wall ${ms.toFixed(0)} ms`);
      }
    }
  }
} finally {
  await api.close();
  await rm(workspace, { recursive: true, force: true });
}

const output = {
  scenario: `${TURNS} scripted model turns (${TURNS - 1} tool calls, then text), real claude ${CLAUDE_BIN}`,
  isolated: confinement,
  runsPerVariant: runs,
  measuredAt: new Date().toISOString(),
  results: Object.fromEntries(
    SCENARIOS.map((s) => {
      const plain = median(wall[s].plain);
      const uid = median(wall[s].uid);
      const isolated = median(wall[s].isolated);
      return [
        s,
        {
          medianWallMsPlain: plain,
          medianWallMsUid: uid,
          medianWallMsIsolated: isolated,
          wallRatioUid: uid / plain,
          wallRatioIsolated: isolated / plain,
        },
      ];
    }),
  ),
};
await mkdir(OUT_DIR, { recursive: true });
await writeFile(path.join(OUT_DIR, "isolation.json"), `${JSON.stringify(output, null, 2)}\n`);
console.log(JSON.stringify(output, null, 2));
