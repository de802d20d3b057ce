import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoopbackS3, S3RVER_CREDENTIALS } from "../sessions/loopback-s3.js";
import { ACTION_ENTRY, ActionRunFixture } from "./action-run-fixture.js";

// dist/ is split into chunks that Node reads when a dynamic import first runs. A chunk read once the
// agent is running would be host code taken from disk at a time the agent may have changed files
// (a host that shares its uid), inside the process that holds the job's write token. So every chunk
// a job needs is loaded while the job prepares, and none after the CLI starts. This runs the built
// Action with a recorder preloaded into its process (and only its process) that logs each module file
// Node loads and each process it starts, in order.

vi.setConfig({ testTimeout: 240_000 });

const RECORDER = `
import { appendFileSync } from "node:fs";
import { createRequire, registerHooks, syncBuiltinESMExports } from "node:module";
const log = process.env.CPR_LOAD_LOG;
const host = process.pid;
const write = (kind, what) => {
  if (process.pid === host) appendFileSync(log, JSON.stringify({ kind, what }) + "\\n");
};
registerHooks({
  load(url, context, next) {
    if (url.startsWith("file:")) write("load", url);
    return next(url, context);
  },
});
// The CLI is started with spawn (execFile keeps its own promisified form, which this would lose).
const childProcess = createRequire(import.meta.url)("node:child_process");
const spawn = childProcess.spawn;
childProcess.spawn = function (command, args, ...rest) {
  write("start", [command, ...(Array.isArray(args) ? args : [])].join(" "));
  return spawn.call(this, command, args, ...rest);
};
syncBuiltinESMExports();
`;

type Entry = { kind: "load" | "start"; what: string };

const review = {
  kind: "structured_output" as const,
  value: { verdict: "pass", summary: "Looks good.", findings: [] },
};

/** Runs the Action once with the recorder; returns what it printed and the chunks loaded after the CLI started. */
async function recordedRun(
  fx: ActionRunFixture,
  dir: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
): Promise<{ output: string; chunks: string[]; lateLoads: string[] }> {
  const recorder = join(dir, "recorder.mjs");
  const log = join(dir, "loads.ndjson");
  writeFileSync(recorder, RECORDER);
  writeFileSync(log, "");
  const run = await fx.run("pull_request", fx.pullRequestEvent("opened"), inputs, {
    ...env,
    NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`,
    CPR_LOAD_LOG: log,
  });
  const entries = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Entry);
  const distUrl = pathToFileURL(dirname(ACTION_ENTRY)).href;
  const ownCode = entries.flatMap((e, at) =>
    e.kind === "load" && e.what.startsWith(distUrl) ? [{ ...e, at }] : [],
  );
  // The recorder works: it saw the entry file first.
  expect(ownCode[0]?.what).toBe(pathToFileURL(ACTION_ENTRY).href);
  const cliStart = entries.findIndex((e) => e.kind === "start" && e.what.includes("stream-json"));
  expect(cliStart, JSON.stringify(entries.filter((e) => e.kind === "start"))).toBeGreaterThan(0);
  return {
    output: run.stdout + run.stderr,
    chunks: ownCode.map((e) => e.what.slice(distUrl.length)).filter((f) => f.startsWith("/chunks/")),
    lateLoads: ownCode.filter((e) => e.at > cliStart).map((e) => e.what.slice(distUrl.length)),
  };
}

describe("the Action loads all of its own code before the agent starts (dist/index.js, real CLI)", () => {
  let fx: ActionRunFixture;
  let dir: string;
  let s3: LoopbackS3 | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "cpr-loads-"));
  });
  afterEach(async () => {
    await fx.close();
    await s3?.close();
    s3 = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it("a review: its chunks load before the CLI starts, none after", async () => {
    fx = await ActionRunFixture.start([review]);
    fx.openPullRequest();
    const run = await recordedRun(fx, dir, {});
    expect(run.output).toContain("Looks good.");
    expect(run.chunks.length).toBeGreaterThan(3);
    expect(run.lateLoads).toEqual([]);
  });

  it("a review stored in S3 (its store and client are chunks, the session saved after the CLI ends): none loads after the CLI starts", async () => {
    s3 = await LoopbackS3.start(["sessions"]);
    fx = await ActionRunFixture.start([review]);
    fx.openPullRequest();
    const run = await recordedRun(
      fx,
      dir,
      { session_store: "s3://sessions/claude/" },
      {
        AWS_REGION: "us-east-1",
        AWS_ENDPOINT_URL_S3: s3.url,
        AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      },
    );
    expect(run.output).toContain("Looks good.");
    // The session was saved to S3, after the CLI ended, with code loaded before it started.
    const listed = await s3
      .client()
      .send(new ListObjectsV2Command({ Bucket: "sessions", Prefix: "claude/" }));
    expect(listed.KeyCount ?? 0, run.output).toBeGreaterThan(0);
    expect(run.chunks.some((f) => /s3-transcript-store/.test(f))).toBe(true);
    expect(run.lateLoads).toEqual([]);
  });
});
