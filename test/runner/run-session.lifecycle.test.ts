import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { type ScriptedSession, STAND_IN_CLAUDE, scriptedSession } from "./scripted-session.js";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

/** Alive means present and not a zombie (a killed orphan may wait for the container's init to reap it). */
async function isAlive(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (stat === "" || state === "Z" || state === "X") return false;
    await new Promise((r) => setTimeout(r, 50)); // signal delivery is asynchronous
  }
  return true;
}

describe("lifecycle with a stand-in executable", () => {
  it("reaps a child that stays alive after its result, with its process group; the result stands", async () => {
    s = await scriptedSession([]);
    const pidFile = path.join(s.workspace, "grandchild.pid");
    const outcome = await runSession(
      s.options({
        claudePath: STAND_IN_CLAUDE,
        env: { STAND_IN_MODE: "linger", STAND_IN_PID_FILE: pidFile },
        lifecycle: { reapGraceMs: 300, termGraceMs: 300, interruptGraceMs: 300 },
      }),
    ).outcome;
    expect(outcome).toMatchObject({
      exitCode: 0,
      subtype: "success",
      resultText: "done",
      failureReasons: [],
    });
    expect(outcome.notes.join("\n")).toMatch(/did not exit within 300 ms after its result; it was killed/);
    expect(s.progress).toContainEqual(expect.objectContaining({ kind: "stopping", step: "SIGTERM" }));
    const grandchild = Number(await readFile(pidFile, "utf8"));
    expect(await isAlive(grandchild)).toBe(false);
  });

  it("escalates interrupt -> SIGTERM -> SIGKILL when the child ignores the deadline's interrupt and SIGTERM", async () => {
    s = await scriptedSession([]);
    const outcome = await runSession(
      s.options({
        claudePath: STAND_IN_CLAUDE,
        env: { STAND_IN_MODE: "stubborn" },
        // Long enough for the stand-in to start and install its SIGTERM handler on a loaded machine.
        deadlineMs: 5000,
        lifecycle: { reapGraceMs: 300, termGraceMs: 300, interruptGraceMs: 300 },
      }),
    ).outcome;
    expect(s.progress).toContainEqual(expect.objectContaining({ kind: "init", model: "stand-in" }));
    const steps = s.progress.flatMap((e) => (e.kind === "stopping" ? [e.step] : []));
    expect(steps).toEqual(["interrupt", "SIGTERM", "SIGKILL"]);
    expect(s.progress).toContainEqual({ kind: "exited", code: null, signal: "SIGKILL" });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons[0]).toBe("deadline of 5s reached");
    expect(outcome.stoppedBy).toBe("deadline");
    expect(outcome.failureReasons.join("\n")).toMatch(
      /without a result; stderr tail:\nstand-in: ignoring SIGTERM/,
    );
  });

  it("a crash mid-frame is a failure carrying the stderr tail", async () => {
    s = await scriptedSession([]);
    const outcome = await runSession(
      s.options({ claudePath: STAND_IN_CLAUDE, env: { STAND_IN_MODE: "crash" } }),
    ).outcome;
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons.join("\n")).toContain(
      "claude exited (code 3, signal none) without a result; stderr tail:\nstand-in: fatal: simulated crash",
    );
    expect(outcome.stderrTail).toContain("simulated crash");
    expect(outcome.notes.join("\n")).toMatch(/not a JSON frame/);
  });
});

describe("lifecycle with the real CLI", () => {
  it("deadline: interrupt ends the turn with error_during_execution and the process exits", async () => {
    // Generous deadline and interrupt grace: on a loaded two-core runner the CLI alone can take 8+ s to
    // start and seconds to answer the interrupt; this test is about the interrupt being enough.
    s = await scriptedSession([{ kind: "slow_stream", text: "word ".repeat(80), chunkDelayMs: 1000 }]);
    const session = runSession(
      s.options({
        deadlineMs: 20_000,
        lifecycle: { interruptGraceMs: 20_000, termGraceMs: 2000, reapGraceMs: 3000 },
      }),
    );
    const outcome = await session.outcome;
    expect(s.api.mainRequests.length).toBe(1); // the deadline hit while the model was streaming
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons[0]).toBe("deadline of 20s reached");
    expect(outcome.subtype).toBe("error_during_execution");
    expect(outcome.isError).toBe(true);
    // The interrupt alone sufficed: no signal was needed.
    expect(s.progress.filter((e) => e.kind === "stopping").map((e) => (e as { step: string }).step)).toEqual([
      "interrupt",
    ]);
  });

  it("a CLI killed mid-stream is a failure without a result", async () => {
    s = await scriptedSession([{ kind: "slow_stream", text: "a b c d e f g h i j", chunkDelayMs: 1000 }]);
    const session = runSession(s.options());
    await s.api.waitForMainRequests(1);
    const spawned = s.progress.find((e) => e.kind === "spawned") as { pid: number };
    process.kill(spawned.pid, "SIGKILL");
    const outcome = await session.outcome;
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons.join("\n")).toMatch(
      /claude exited \(code none, signal SIGKILL\) without a result/,
    );
  });
});
