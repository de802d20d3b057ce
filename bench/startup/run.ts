// Start-up benchmark: what loading the built Action (dist/index.js) and command line (dist/cli.js)
// costs before any work, side by side with a bare Node process (the floor no JavaScript action can go
// below). The Action is started without a GitHub job's environment, so it loads every module, finds
// no GITHUB_EVENT_PATH and exits with its error; the command line prints its usage. Each command runs
// in a fresh process, in rotating order; CPU and peak RSS are the child's own (read at its exit),
// wall time is the parent's clock around the spawn. Medians over the runs; ratios to bare node (and
// to the other build, when one is given).
// With a second argument, the directory of another build (e.g. `git show <rev>:dist/index.js` and
// cli.js written to /tmp/dist-before), that build's two commands run in the same rotation as well.
// Run: node --import tsx bench/startup/run.ts [runs=15] [other-dist-dir]
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { median, OUT_DIR, ROOT } from "../shared/read-session.js";

const runs = Math.max(5, Number(process.argv[2] ?? 15));

const otherDist = process.argv[3] ? path.resolve(process.argv[3]) : undefined;
const COMMANDS: Record<string, string[]> = {
  "bare node": ["-e", "0"],
  "Action (dist/index.js)": [path.join(ROOT, "dist/index.js")],
  "command line (dist/cli.js --help)": [path.join(ROOT, "dist/cli.js"), "--help"],
  ...(otherDist
    ? {
        "other build's Action": [path.join(otherDist, "index.js")],
        "other build's command line": [path.join(otherDist, "cli.js"), "--help"],
      }
    : {}),
};
type Name = string;
const NAMES = Object.keys(COMMANDS);

// Loaded before the command: reports the process's own CPU and peak RSS on fd 3 as it exits.
const REPORT_AT_EXIT = `data:text/javascript,${encodeURIComponent(
  `import{writeSync}from"node:fs";process.on("exit",()=>{const u=process.resourceUsage();writeSync(3,JSON.stringify({cpuMs:(u.userCPUTime+u.systemCPUTime)/1000,peakMb:u.maxRSS/1024}));});`,
)}`;

type Sample = { wallMs: number; cpuMs: number; peakMb: number };

function runOnce(name: Name): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", REPORT_AT_EXIT, ...(COMMANDS[name] ?? [])], {
      cwd: ROOT,
      // No GitHub job around it, so the Action stops at its environment check.
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    // What it printed on either stream (the Action's `::error::` goes to stdout, as GitHub reads it).
    let output = "";
    let report = "";
    for (const stream of [child.stdout, child.stderr])
      stream?.on("data", (chunk: Buffer) => {
        output += chunk;
      });
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => {
      report += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const wallMs = performance.now() - started;
      if (!report)
        return reject(new Error(`${name} exited ${code} without its report: ${output.slice(0, 500)}`));
      // The Action must have stopped where we expect, having loaded everything: at its env check.
      if (name.includes("Action") && !output.includes("GITHUB_EVENT_PATH is not set"))
        return reject(new Error(`the Action did not stop at its environment check: ${output.slice(0, 500)}`));
      resolve({ wallMs, ...(JSON.parse(report) as Omit<Sample, "wallMs">) });
    });
  });
}

const samples: Record<Name, Sample[]> = Object.fromEntries(NAMES.map((n) => [n, [] as Sample[]]));
for (let run = 0; run < runs; run++) {
  // Rotate the order so drift in machine load favours no command.
  for (let i = 0; i < NAMES.length; i++) {
    const name = NAMES[(i + run) % NAMES.length] as Name;
    samples[name]?.push(await runOnce(name));
  }
}

const of = (name: Name) => {
  const taken = samples[name] ?? [];
  return {
    wallMs: median(taken.map((s) => s.wallMs)),
    cpuMs: median(taken.map((s) => s.cpuMs)),
    peakMb: median(taken.map((s) => s.peakMb)),
  };
};
const floor = of("bare node");
/** This build's command → the other build's same command. */
const COUNTERPART: Record<Name, Name> = {
  "Action (dist/index.js)": "other build's Action",
  "command line (dist/cli.js --help)": "other build's command line",
};
const ratios = (row: ReturnType<typeof of>, to: ReturnType<typeof of>) => ({
  wall: row.wallMs / to.wallMs,
  cpu: row.cpuMs / to.cpuMs,
  peak: row.peakMb / to.peakMb,
});
const table = Object.fromEntries(
  NAMES.map((name) => {
    const row = of(name);
    const counterpart = COUNTERPART[name];
    const other = otherDist && counterpart ? ratios(row, of(counterpart)) : undefined;
    return [name, { ...row, vsBareNode: ratios(row, floor), ...(other ? { vsOtherBuild: other } : {}) }];
  }),
);
await writeFile(
  path.join(OUT_DIR, "startup.json"),
  `${JSON.stringify({ runs, measuredAt: new Date().toISOString(), node: process.version, table }, null, 2)}\n`,
);
for (const [name, row] of Object.entries(table)) {
  const r = row.vsBareNode;
  const o = row.vsOtherBuild;
  console.log(
    `${name.padEnd(34)} wall ${row.wallMs.toFixed(0)} ms (${r.wall.toFixed(2)}x)  cpu ${row.cpuMs.toFixed(0)} ms (${r.cpu.toFixed(2)}x)  peak ${row.peakMb.toFixed(0)} MB (${r.peak.toFixed(2)}x)` +
      (o
        ? `  vs the other build: ${o.wall.toFixed(2)}x wall, ${o.cpu.toFixed(2)}x cpu, ${o.peak.toFixed(2)}x peak`
        : ""),
  );
}
