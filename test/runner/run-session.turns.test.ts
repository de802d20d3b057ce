import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { conversationText } from "../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("turns, caps and the watchdog (real CLI)", () => {
  it("error_max_turns from the CLI's own cap is a failure", async () => {
    s = await scriptedSession([
      { kind: "tool_use", name: "Read", input: { file_path: "a.txt" } },
      { kind: "text", text: "x" },
    ]);
    await writeFile(path.join(s.workspace, "a.txt"), "a");
    const outcome = await runSession(s.options({ maxTurns: 1 })).outcome;
    expect(outcome).toMatchObject({ subtype: "error_max_turns", isError: true, exitCode: 1 });
    expect(outcome.errors.join(" ")).toContain("Reached maximum number of turns (1)");
  });

  it("the watchdog interrupts a runaway tool loop the CLI does not cap", async () => {
    s = await scriptedSession((_request, index) => ({
      kind: "tool_use",
      name: "Read",
      input: { file_path: "loop.txt" },
      id: `toolu_loop_${index}`,
    }));
    await writeFile(path.join(s.workspace, "loop.txt"), "again");
    const outcome = await runSession(s.options({ watchdog: { maxTurns: 3 } })).outcome;
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons[0]).toBe("watchdog: 4 assistant turns passed the limit of 3");
    expect(outcome.stoppedBy).toBe("watchdog");
    expect(outcome.subtype).toBe("error_during_execution");
    // Stopped promptly: the loop did not run on for many more model calls.
    expect(s.api.mainRequests.length).toBeLessThanOrEqual(6);
  });

  it("multi-turn keeps stdin open for further messages; the model sees the earlier turn", async () => {
    s = await scriptedSession([
      { kind: "text", text: "first answer" },
      { kind: "text", text: "second answer" },
    ]);
    const session = runSession(s.options({ multiTurn: true, prompt: "first question" }));
    const results: string[] = [];
    for await (const frame of session.frames) {
      if (frame.type !== "result") continue;
      results.push(String(frame.result));
      if (results.length === 1) session.sendUserMessage("second question");
      else session.close();
    }
    const outcome = await session.outcome;
    expect(results).toEqual(["first answer", "second answer"]);
    expect(outcome).toMatchObject({ exitCode: 0, resultText: "second answer" });
    const second = conversationText(s.api.mainRequests[1]!);
    expect(second).toContain("first question");
    expect(second).toContain("first answer");
    expect(second).toContain("second question");
  });
});
