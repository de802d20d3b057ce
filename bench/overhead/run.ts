// Overhead benchmark: the same scripted 20-turn session (19 Read tool calls, then text; partial
// messages on) driven three ways, alternating, each host in its own node process so its peak RSS
// is its own: the bare CLI piped to /dev/null, our runner, and the Agent SDK's query().
// Run: node --import tsx bench/overhead/run.ts [runs=5]
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CLAUDE_BIN } from "../../test/harness/claude-cli.js";
import {
  bundleHosts,
  createReadWorkspace,
  median,
  OUT_DIR,
  PROMPT,
  ROOT,
  startReadSessionApi,
  TURNS,
} from "../shared/read-session.js";
import type { HostConfig, HostMeasurement } from "./host-measurement.js";

// sdk_ask: the SDK with the runner's `permissions.ask: ["*"]`, so every tool call goes to its
// canUseTool as it does in the runner: the like-for-like comparison for a host that enforces a policy.
// runner_isolated: the runner as the Action runs it with sudo or as root (own uid, Bash sandbox).
const HOSTS = ["bare", "runner", "runner_isolated", "sdk", "sdk_ask"] as const;
const runs = Math.max(5, Number(process.argv[2] ?? 5));
const execFileAsync = promisify(execFile);

const hostDir = await bundleHosts("hosts", {
  bare: "bench/overhead/bare-host.ts",
  runner: "bench/overhead/runner-host.ts",
  runner_isolated: "bench/overhead/runner-host.ts",
  sdk: "bench/overhead/sdk-host.ts",
  sdk_ask: "bench/overhead/sdk-host.ts",
});
const api = await startReadSessionApi();
const workspace = await createReadWorkspace("overhead");

const results: Record<(typeof HOSTS)[number], HostMeasurement[]> = {
  bare: [],
  runner: [],
  runner_isolated: [],
  sdk: [],
  sdk_ask: [],
};
try {
  for (let run = 0; run < runs; run++) {
    // Rotate the order each round so drift in machine load does not favour one host.
    const order = HOSTS.map((_, i) => HOSTS[(i + run) % HOSTS.length] as (typeof HOSTS)[number]);
    for (const host of order) {
      const stateDir = await mkdtemp(path.join(tmpdir(), `bench-${host}-`));
      await mkdir(path.join(stateDir, "home"));
      await mkdir(path.join(stateDir, "config"));
      const config: HostConfig = {
        apiUrl: api.url,
        workspace,
        claudePath: CLAUDE_BIN,
        prompt: PROMPT,
        stateDir,
      };
      const before = api.mainRequests.length;
      const { stdout } = await execFileAsync(
        process.execPath,
        [path.join(hostDir, `${host}.mjs`), JSON.stringify(config), host],
        {
          cwd: ROOT,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      await rm(stateDir, { recursive: true, force: true });
      const measurement = JSON.parse(stdout.trim().split("\n").at(-1) as string) as HostMeasurement;
      const turns = api.mainRequests.length - before;
      if (!measurement.ok || turns !== TURNS) {
        throw new Error(
          `${host} run ${run + 1} did not complete the scripted session: ${measurement.detail}, ${turns} model calls`,
        );
      }
      results[host].push(measurement);
      console.error(
        `run ${run + 1}/${runs} ${host.padEnd(7)} wall ${measurement.wallMs.toFixed(0)} ms · host cpu ${measurement.cpuMs.toFixed(0)} ms · host peak rss ${measurement.peakRssMb.toFixed(1)} MB · ${measurement.detail}`,
      );
    }
  }
} finally {
  await api.close();
  await rm(workspace, { recursive: true, force: true });
}

const summary = Object.fromEntries(
  HOSTS.map((host) => [
    host,
    {
      medianWallMs: median(results[host].map((m) => m.wallMs)),
      medianHostCpuMs: median(results[host].map((m) => m.cpuMs)),
      medianHostPeakRssMb: median(results[host].map((m) => m.peakRssMb)),
    },
  ]),
) as Record<
  (typeof HOSTS)[number],
  { medianWallMs: number; medianHostCpuMs: number; medianHostPeakRssMb: number }
>;
const ratio = (host: (typeof HOSTS)[number]) => ({
  wall: summary[host].medianWallMs / summary.bare.medianWallMs,
  hostCpu: summary[host].medianHostCpuMs / summary.bare.medianHostCpuMs,
  hostPeakRss: summary[host].medianHostPeakRssMb / summary.bare.medianHostPeakRssMb,
});
const output = {
  scenario: `${TURNS} scripted model turns (${TURNS - 1} Read tool calls, then text), --include-partial-messages, real claude ${CLAUDE_BIN}`,
  runsPerHost: runs,
  measuredAt: new Date().toISOString(),
  summary,
  ratiosToBare: {
    runner: ratio("runner"),
    runner_isolated: ratio("runner_isolated"),
    sdk: ratio("sdk"),
    sdk_ask: ratio("sdk_ask"),
  },
  ratiosToSdkAsk: Object.fromEntries(
    (["runner", "runner_isolated"] as const).map((host) => [
      host,
      {
        wall: summary[host].medianWallMs / summary.sdk_ask.medianWallMs,
        hostCpu: summary[host].medianHostCpuMs / summary.sdk_ask.medianHostCpuMs,
        hostPeakRss: summary[host].medianHostPeakRssMb / summary.sdk_ask.medianHostPeakRssMb,
      },
    ]),
  ),
  runs: results,
};
await writeFile(path.join(OUT_DIR, "overhead.json"), `${JSON.stringify(output, null, 2)}\n`);
console.log(
  JSON.stringify(
    { summary: output.summary, ratiosToBare: output.ratiosToBare, ratiosToSdkAsk: output.ratiosToSdkAsk },
    null,
    2,
  ),
);
