// A Bash call the policy allows may ask the CLI to run its command in the background
// (`run_in_background`): 2.1.235 starts it, answers at once, and the command keeps running through
// the agent's next calls (inside the Bash sandbox too). Every path check of the host's is then a race
// the agent's own code can run: the policy resolves `a/x.txt` inside the workspace, a background loop
// swaps it for a link, and the CLI reads or writes through the link. Where the agent shares the
// runner's user, the CLI does that as the runner, outside the sandbox (the runner's credentials, its
// HOME's scripts). Nothing our jobs run needs the background, so the policy refuses it, as it
// refuses `dangerouslyDisableSandbox` (which the CLI ignores with allowUnsandboxedCommands off).
import { afterEach, describe, expect, it } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import { toolResultsOf } from "../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

const openCode = new ToolPolicy({
  name: "open-code",
  rules: [
    { id: "allow-sh", effect: "allow", tools: ["Bash"], commandPrefixes: ["sh"], confineArguments: false },
  ],
});

describe("a command asked to outlive its call (real CLI)", () => {
  it("is refused: nothing it would have done happens while the agent's next call runs", async () => {
    s = await scriptedSession([
      {
        kind: "tool_use",
        name: "Bash",
        input: {
          command: "sh -c 'sleep 1; echo late > late.txt'",
          description: "t",
          run_in_background: true,
        },
        id: "toolu_background",
      },
      {
        kind: "tool_use",
        name: "Bash",
        input: {
          command: "sh -c 'echo hi > x.txt; cat x.txt'",
          description: "t",
          dangerouslyDisableSandbox: true,
        },
        id: "toolu_unsandboxed",
      },
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: "sh -c 'sleep 3; cat late.txt || echo NOTHING-LATE'", description: "t" },
        id: "toolu_next",
      },
      { kind: "text", text: "finished" },
    ]);
    const outcome = await runSession(s.options({ policy: openCode })).outcome;
    expect(outcome.exitCode).toBe(0);
    expect(outcome.policyDecisions.map((d) => [d.toolUseId, d.behavior, d.ruleId])).toEqual([
      ["toolu_background", "deny", "runner:foreground-sandboxed-bash"],
      ["toolu_unsandboxed", "deny", "runner:foreground-sandboxed-bash"],
      ["toolu_next", "allow", "allow-sh"],
    ]);
    const results = s.api.mainRequests.flatMap((r) => toolResultsOf(r));
    const resultOf = (id: string) => JSON.stringify(results.find((r) => r.tool_use_id === id)?.content);
    expect(resultOf("toolu_background")).toContain("run in the background");
    expect(resultOf("toolu_next")).toContain("NOTHING-LATE");
    expect(resultOf("toolu_next")).not.toContain("late\\n");
  });
});
