import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createVitest } from "vitest/node";

// The mutation scopes' vitest pool (stryker/reused-threads-pool.mjs) keeps its worker threads from
// one mutant run to the next. These runs go through the scopes' own config file, created the way
// Stryker's vitest runner creates it (its `pool: "threads"` included, which the config's hook
// replaces), and check that a run in a reused thread starts as it would in a new one.
const FIXTURE = "test/stryker/fixtures/thread-probe.fixture.ts";
const SCOPE_VARIABLE = "STRYKER_SCOPE_TESTS";
const FRESH_THREADS_VARIABLE = "STRYKER_FRESH_THREADS";
const scratch = mkdtempSync(path.join(tmpdir(), "reused-threads-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ProbeRecord {
  threadId: number;
  action: string;
  leftovers: Record<string, boolean>;
}

async function runProbes(name: string, actions: string[], { freshThreads = false } = {}) {
  const log = path.join(scratch, `${name}.ndjson`);
  const before = process.env[SCOPE_VARIABLE];
  process.env[SCOPE_VARIABLE] = JSON.stringify({
    include: [FIXTURE],
    env: { PROBE_LOG: log },
    testTimeoutMs: 3_000,
  });
  if (freshThreads) process.env[FRESH_THREADS_VARIABLE] = "1";
  const vitest = await createVitest("test", {
    config: "stryker/vitest.scope.config.ts",
    pool: "threads",
    maxWorkers: 1,
    watch: false,
    // No output from the runs inside this test (an empty list would mean vitest's default reporter).
    reporters: [{}],
    coverage: { enabled: false },
  });
  const outcomes: (string | undefined)[] = [];
  try {
    for (const action of actions) {
      vitest.provide("probeAction" as never, action as never);
      vitest.state.filesMap.clear();
      await vitest.start([FIXTURE]);
      // Stryker's runner reads a run's result and then vitest's unhandled errors, as here.
      const errors = vitest.state.errorsSet.size;
      outcomes.push(errors > 0 ? `${errors} unhandled` : vitest.state.getFiles()[0]?.result?.state);
    }
  } finally {
    await vitest.close();
    delete process.env[FRESH_THREADS_VARIABLE];
    if (before === undefined) delete process.env[SCOPE_VARIABLE];
    else process.env[SCOPE_VARIABLE] = before;
  }
  const records = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as ProbeRecord);
  return { outcomes, records, pool: vitest.projects.map((project) => project.config.pool) };
}

const NOTHING_LEFT_OVER = {
  strykerNamespace: false,
  addedGlobal: false,
  replacedGlobal: false,
  environment: false,
};

describe("the mutation scopes' reused-threads pool", () => {
  it("replaces Stryker's threads pool and runs several mutant runs in one thread, each with its own result", async () => {
    const actions = ["pass", "fail", "pass", "fail", "pass", "pass", "fail", "pass"];
    const { outcomes, records, pool } = await runProbes("results", actions);
    expect(pool).toEqual(["stryker-reused-threads"]);
    expect(outcomes).toEqual(actions.map((action) => (action === "fail" ? "fail" : "pass")));
    expect(records.map((record) => record.action)).toEqual(actions);
    expect(new Set(records.map((record) => record.threadId)).size).toBeLessThan(actions.length);
  }, 30_000);

  it("puts back the globals, Stryker's namespace and the environment a run changed before the thread runs again", async () => {
    const actions = ["leave-state", ...Array.from({ length: 7 }, () => "pass")];
    const { outcomes, records } = await runProbes("state", actions);
    expect(outcomes.every((outcome) => outcome === "pass")).toBe(true);
    const leaking = records[0];
    const later = records.slice(1);
    // The thread that changed them ran again, and found nothing left over.
    expect(later.some((record) => record.threadId === leaking?.threadId)).toBe(true);
    for (const record of later) expect(record.leftovers).toEqual(NOTHING_LEFT_OVER);
  }, 30_000);

  it("keeps what a run's thread sends after vitest asked it to stop away from vitest, and the thread working", async () => {
    // vitest's own pool ends the thread at that point; a reused thread lives on, and what it sends
    // late would land in the next run (here, an unhandled error) or wait forever for an answer.
    const actions = ["throw-late", "pass", "throw-late", "pass", "pass", "pass", "pass"];
    const { outcomes, records } = await runProbes("late", actions);
    expect(outcomes).toEqual(actions.map(() => "pass"));
    expect(new Set(records.map((record) => record.threadId)).size).toBeLessThan(actions.length);
  }, 30_000);

  it("answers a call the thread makes as its session ends, wherever it lands, so no later run waits for it", async () => {
    // vitest keeps a thread's calls in one set, and every later run in that thread waits for the set
    // to empty, with no timeout. A late throw at 0–30 ms after the run lands before, during or after
    // the session's teardown; one whose answer found the session's port closed hung the thread's
    // later runs (before the fix, 2 of 3 runs of this test timed out; in CI, 1 of 6 runs of the one
    // above did).
    const actions = Array.from({ length: 93 }, (_, ms) => [`throw-late-${ms % 31}`, "pass"]).flat();
    const { outcomes, records } = await runProbes("late-everywhere", actions);
    const passes = outcomes.filter((_, index) => actions[index] === "pass");
    expect(passes).toEqual(Array.from({ length: 93 }, () => "pass"));
    expect(records).toHaveLength(actions.length);
    expect(new Set(records.map((record) => record.threadId)).size).toBeLessThan(actions.length / 2);
  }, 120_000);

  it("leaves Stryker's threads pool in place with STRYKER_FRESH_THREADS=1: a new thread for every run, to compare with", async () => {
    const actions = ["pass", "fail", "pass", "pass"];
    const { outcomes, records, pool } = await runProbes("fresh", actions, { freshThreads: true });
    expect(pool).toEqual(["threads"]);
    expect(outcomes).toEqual(["pass", "fail", "pass", "pass"]);
    expect(new Set(records.map((record) => record.threadId)).size).toBe(actions.length);
  }, 30_000);

  it.each(["leave-server", "leave-timer"])(
    "ends a thread whose run left a handle open (%s) instead of reusing it",
    async (action) => {
      const actions = [action, ...Array.from({ length: 6 }, () => "pass")];
      const { outcomes, records } = await runProbes(action, actions);
      expect(outcomes.every((outcome) => outcome === "pass")).toBe(true);
      const leaking = records[0];
      expect(records.slice(1).map((record) => record.threadId)).not.toContain(leaking?.threadId);
      // The other threads are still reused.
      expect(new Set(records.slice(1).map((record) => record.threadId)).size).toBeLessThan(
        actions.length - 1,
      );
    },
    30_000,
  );
});
