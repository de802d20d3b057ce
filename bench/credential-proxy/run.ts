// Credential proxy overhead on the 20-turn overhead session (19 Read tool calls, then text; partial
// messages on): the runner with its per-session loopback proxy against the runner talking to the
// API directly, alternating, each session in its own node process. A third variant runs the proxy in a
// process of its own (the runner direct against it), to read the proxy's memory apart from the host's;
// an idle process of the same bundle is its baseline.
// Run: npm run bench:proxy [-- runs=5]
import { execFile, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { CLAUDE_BIN } from "../../test/harness/claude-cli.js";
import type { HostConfig } from "../overhead/host-measurement.js";
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

const runs = Math.max(3, Number(process.argv[2] ?? 5));
const execFileAsync = promisify(execFile);

interface SessionMeasurement {
  mode: string;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  heapGrowthMb: number;
  ok: boolean;
  detail: string;
}
interface ProxyProcessMeasurement {
  cpuMs: number;
  peakRssMb: number;
  heapUsedMb: number;
  forwarded: number;
}

const hostDir = await bundleHosts("proxy-hosts", {
  "runner-host": "bench/credential-proxy/runner-host.ts",
  "proxy-process": "bench/credential-proxy/proxy-process.ts",
});
const api = await startReadSessionApi();
const workspace = await createReadWorkspace("proxy");

/** A proxy-process child: resolves with its {url, token} line and a function that ends it and reads its memory. */
async function proxyProcess(mode: "serve" | "idle") {
  const child = spawn(process.execPath, [path.join(hostDir, "proxy-process.mjs"), api.url, mode], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = JSON.parse((await lines.next()).value as string) as { url?: string; token?: string };
  return {
    ...first,
    finish: async (): Promise<ProxyProcessMeasurement> => {
      child.stdin.end();
      return JSON.parse((await lines.next()).value as string) as ProxyProcessMeasurement;
    },
  };
}

async function session(mode: "proxy" | "direct", endpoint?: { url: string; token: string }) {
  const stateDir = await mkdtemp(path.join(tmpdir(), `bench-proxy-${mode}-`));
  const config: HostConfig = {
    apiUrl: api.url,
    workspace,
    claudePath: CLAUDE_BIN,
    prompt: PROMPT,
    stateDir,
  };
  const before = api.mainRequests.length;
  const args = [path.join(hostDir, "runner-host.mjs"), JSON.stringify(config), mode];
  if (endpoint) args.push(endpoint.url, endpoint.token);
  const { stdout } = await execFileAsync(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  await rm(stateDir, { recursive: true, force: true });
  const measurement = JSON.parse(stdout.trim().split("\n").at(-1) as string) as SessionMeasurement;
  const turns = api.mainRequests.length - before;
  if (!measurement.ok || turns !== TURNS) {
    throw new Error(`${mode} session did not complete: ${measurement.detail}, ${turns} model calls`);
  }
  return measurement;
}

const results = {
  direct: [] as SessionMeasurement[],
  proxy: [] as SessionMeasurement[],
  separateProxy: [] as Array<SessionMeasurement & { proxyProcess: ProxyProcessMeasurement }>,
  idleProcess: [] as ProxyProcessMeasurement[],
};
try {
  for (let run = 0; run < runs; run++) {
    // Alternate the order each round so drift in machine load favours neither variant.
    const order = run % 2 === 0 ? (["direct", "proxy"] as const) : (["proxy", "direct"] as const);
    for (const mode of order) {
      const m = await session(mode);
      results[mode].push(m);
      console.error(
        `run ${run + 1}/${runs} ${mode.padEnd(6)} wall ${m.wallMs.toFixed(0)} ms · host cpu ${m.cpuMs.toFixed(0)} ms · host rss ${m.peakRssMb.toFixed(1)} MB · ${m.detail}`,
      );
    }
    const separate = await proxyProcess("serve");
    const m = await session("direct", { url: separate.url as string, token: separate.token as string });
    const proxyMemory = await separate.finish();
    results.separateProxy.push({ ...m, proxyProcess: proxyMemory });
    const idle = await proxyProcess("idle");
    results.idleProcess.push(await idle.finish());
    console.error(
      `run ${run + 1}/${runs} proxy process cpu ${proxyMemory.cpuMs.toFixed(0)} ms, peak rss ${proxyMemory.peakRssMb.toFixed(1)} MB (forwarded ${proxyMemory.forwarded}) · idle process cpu ${results.idleProcess.at(-1)?.cpuMs.toFixed(0)} ms, ${results.idleProcess.at(-1)?.peakRssMb.toFixed(1)} MB`,
    );
  }
} finally {
  await api.close();
  await rm(workspace, { recursive: true, force: true });
}

const direct = median(results.direct.map((m) => m.wallMs));
const proxied = median(results.proxy.map((m) => m.wallMs));
const hostCpuDirect = median(results.direct.map((m) => m.cpuMs));
const hostCpuProxy = median(results.proxy.map((m) => m.cpuMs));
const proxyProcessRss = median(results.separateProxy.map((m) => m.proxyProcess.peakRssMb));
const idleRss = median(results.idleProcess.map((m) => m.peakRssMb));
const proxyProcessCpu = median(results.separateProxy.map((m) => m.proxyProcess.cpuMs));
const idleCpu = median(results.idleProcess.map((m) => m.cpuMs));
const output = {
  scenario: `${TURNS} scripted model turns (${TURNS - 1} Read tool calls, then text), --include-partial-messages, real claude ${CLAUDE_BIN}`,
  runsPerVariant: runs,
  measuredAt: new Date().toISOString(),
  wall: {
    medianDirectMs: direct,
    medianProxyMs: proxied,
    ratio: proxied / direct,
    target: "≤ 1.03",
  },
  cpu: {
    // The runner host's own CPU with and without the proxy in it, and the difference per request the
    // proxy forwarded (the session's model calls): what the proxy puts on each request.
    medianHostDirectMs: hostCpuDirect,
    medianHostProxyMs: hostCpuProxy,
    ratio: hostCpuProxy / hostCpuDirect,
    perForwardedRequestMs: (hostCpuProxy - hostCpuDirect) / TURNS,
    // The proxy alone in its own process over the whole session, minus a process of the same bundle
    // that never started it: what serving the session costs, apart from the host's other work.
    proxyProcessCpuMs: proxyProcessCpu,
    idleProcessCpuMs: idleCpu,
    proxyProcessPerRequestMs: (proxyProcessCpu - idleCpu) / TURNS,
  },
  memory: {
    // The proxy in a process of its own after serving the whole session, minus a process of the same
    // bundle that never started it: what the proxy itself costs in resident memory.
    proxyProcessPeakRssMb: proxyProcessRss,
    idleProcessPeakRssMb: idleRss,
    proxyRssCostMb: proxyProcessRss - idleRss,
    // In-process: the runner host's own peak RSS with vs without the proxy (noisier: GC timing).
    hostPeakRssDirectMb: median(results.direct.map((m) => m.peakRssMb)),
    hostPeakRssProxyMb: median(results.proxy.map((m) => m.peakRssMb)),
    hostPeakRssDeltaMb:
      median(results.proxy.map((m) => m.peakRssMb)) - median(results.direct.map((m) => m.peakRssMb)),
    target: "proxy RSS cost ≤ 15 MB",
  },
  runs: results,
};
await writeFile(path.join(OUT_DIR, "credential-proxy.json"), `${JSON.stringify(output, null, 2)}\n`);
console.log(JSON.stringify({ wall: output.wall, cpu: output.cpu, memory: output.memory }, null, 2));
