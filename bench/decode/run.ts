// Decoding throughput, side by side in one process: our NdjsonDecoder + parseStdoutFrame against a
// plain split-lines + JSON.parse loop (the practical limit) and split2 + JSON.parse, alternating.
// Run: node --import tsx bench/decode/run.ts   (BENCH_DECODE_MB=32 for a quick run)
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import split2 from "split2";
import { NdjsonDecoder } from "../../src/protocol/ndjson-decoder.js";
import { parseStdoutFrame } from "../../src/protocol/parse-stdout-frame.js";
import { generateFrames } from "./generate-stream.js";

const megabytes = Number(process.env.BENCH_DECODE_MB ?? 256);
const rounds = Number(process.env.BENCH_DECODE_ROUNDS ?? 3);
const chunkSize = 64 * 1024; // a pipe read from a child process delivers at most 64 KiB

const data = generateFrames(megabytes * 1024 * 1024);
const chunks: Buffer[] = [];
for (let at = 0; at < data.length; at += chunkSize) chunks.push(data.subarray(at, at + chunkSize));
const totalMb = data.length / (1024 * 1024);

function ours(): number {
  const decoder = new NdjsonDecoder();
  let frames = 0;
  for (const chunk of chunks) {
    for (const line of decoder.push(chunk)) {
      if (line.kind === "value" && parseStdoutFrame(line.value).type !== "unknown") frames++;
    }
  }
  for (const line of decoder.end()) if (line.kind === "value") frames++;
  return frames;
}

function plain(): number {
  const text = new TextDecoder();
  let frames = 0;
  let rest = "";
  for (const chunk of chunks) {
    const lines = (rest + text.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line.length > 0 && JSON.parse(line) !== undefined) frames++;
  }
  rest += text.decode();
  if (rest.length > 0 && JSON.parse(rest) !== undefined) frames++;
  return frames;
}

async function viaSplit2(): Promise<number> {
  let frames = 0;
  await pipeline(
    Readable.from(chunks),
    split2(JSON.parse),
    new Writable({
      objectMode: true,
      write(_frame, _encoding, done) {
        frames++;
        done();
      },
    }),
  );
  return frames;
}

async function timed(run: () => number | Promise<number>): Promise<{ mbPerS: number; frames: number }> {
  const started = process.hrtime.bigint();
  const frames = await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { mbPerS: totalMb / seconds, frames };
}

const contestants = { ours, plain, split2: viaSplit2 } as const;
type Name = keyof typeof contestants;
const samples: Record<Name, number[]> = { ours: [], plain: [], split2: [] };
const frameCounts: Partial<Record<Name, number>> = {};
const order: Name[] = ["ours", "plain", "split2"];

console.log(`decoding ${totalMb.toFixed(1)} MB (${chunks.length} chunks of 64 KiB), ${rounds} rounds`);
for (let round = 0; round < rounds; round++) {
  // Rotate the order each round so warm-up and GC pressure do not favour one contestant.
  const rotated = [...order.slice(round % 3), ...order.slice(0, round % 3)];
  for (const name of rotated) {
    const { mbPerS, frames } = await timed(contestants[name]);
    samples[name].push(mbPerS);
    frameCounts[name] = frames;
    console.log(`round ${round + 1} ${name.padEnd(6)} ${mbPerS.toFixed(1)} MB/s (${frames} frames)`);
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const result = {
  sizeMb: Number(totalMb.toFixed(1)),
  rounds,
  node: process.version,
  mbPerS: {
    ours: Number(median(samples.ours).toFixed(1)),
    plain: Number(median(samples.plain).toFixed(1)),
    split2: Number(median(samples.split2).toFixed(1)),
  },
  ratios: {
    oursVsPlain: Number((median(samples.ours) / median(samples.plain)).toFixed(3)),
    oursVsSplit2: Number((median(samples.ours) / median(samples.split2)).toFixed(3)),
    split2VsPlain: Number((median(samples.split2) / median(samples.plain)).toFixed(3)),
  },
  // Per-round ratios pair runs made back to back, which cancels most of the load on a shared machine.
  pairedOursVsPlain: Number(median(samples.ours.map((v, i) => v / samples.plain[i]!)).toFixed(3)),
  goal: { oursVsPlain: 0.9 },
  loadAverage: loadavg().map((v) => Number(v.toFixed(2))),
  samples,
  frames: frameCounts,
};
if (frameCounts.ours !== frameCounts.plain || frameCounts.plain !== frameCounts.split2) {
  console.error("frame counts differ between contestants:", frameCounts);
  process.exitCode = 1;
}
console.log(
  `median MB/s  ours ${result.mbPerS.ours}  plain ${result.mbPerS.plain}  split2 ${result.mbPerS.split2}\n` +
    `ratios       ours/plain ${result.ratios.oursVsPlain} (paired per round ${result.pairedOursVsPlain})  ` +
    `ours/split2 ${result.ratios.oursVsSplit2}`,
);
const outPath = join(dirname(fileURLToPath(import.meta.url)), "..", "out", "decode.json");
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, `${JSON.stringify(result, null, 2)}\n`);
console.log(`wrote ${outPath}`);
