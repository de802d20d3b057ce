import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("the Action loads all of its own code before the agent starts (dist/index.js, real CLI)", () => {
  let fx: ActionRunFixture;
  let dir: string;
  afterEach(async () => {
    await fx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a review: its chunks load before the CLI starts, none after", async () => {
    dir = mkdtempSync(join(tmpdir(), "cpr-loads-"));
    const recorder = join(dir, "recorder.mjs");
    const log = join(dir, "loads.ndjson");
    writeFileSync(recorder, RECORDER);
    appendFileSync(log, "");
    fx = await ActionRunFixture.start([review]);
    fx.openPullRequest();
    const run = await fx.run(
      "pull_request",
      fx.pullRequestEvent("opened"),
      {},
      { NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`, CPR_LOAD_LOG: log },
    );
    expect(run.stdout + run.stderr).toContain("Looks good.");

    const entries = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Entry);
    const distUrl = pathToFileURL(dirname(ACTION_ENTRY)).href;
    const ownCode = entries.flatMap((e, at) =>
      e.kind === "load" && e.what.startsWith(distUrl) ? [{ ...e, at }] : [],
    );
    // The recorder works: it saw the entry file and chunks of it.
    expect(ownCode[0]?.what).toBe(pathToFileURL(ACTION_ENTRY).href);
    expect(ownCode.filter((e) => e.what.includes("/chunks/")).length).toBeGreaterThan(3);

    const cliStart = entries.findIndex((e) => e.kind === "start" && e.what.includes("stream-json"));
    expect(cliStart, JSON.stringify(entries.filter((e) => e.kind === "start"))).toBeGreaterThan(0);
    const lateLoads = ownCode.filter((e) => e.at > cliStart).map((e) => e.what.slice(distUrl.length));
    expect(lateLoads).toEqual([]);
  });
});
