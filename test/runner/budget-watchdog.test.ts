import { describe, expect, it } from "vitest";
import { parseStdoutFrame } from "../../src/protocol/index.js";
import { BudgetWatchdog } from "../../src/runner/budget-watchdog.js";

const assistant = (id: string, parent: string | null = null) =>
  parseStdoutFrame({
    type: "assistant",
    session_id: "s",
    parent_tool_use_id: parent,
    message: {
      id,
      role: "assistant",
      content: [{ type: "text", text: "x" }],
      usage: { input_tokens: 1000, output_tokens: 1000 },
    },
  });
const result = (cost: number) =>
  parseStdoutFrame({
    type: "result",
    subtype: "success",
    is_error: false,
    session_id: "s",
    total_cost_usd: cost,
    usage: {},
    num_turns: 1,
    permission_denials: [],
  });

describe("BudgetWatchdog", () => {
  it("counts distinct main-thread assistant messages as turns", () => {
    const dog = new BudgetWatchdog({ maxTurns: 2 });
    expect(dog.observe(assistant("m1"))).toBe(true);
    expect(dog.observe(assistant("m1"))).toBe(false); // the same message split over frames
    expect(dog.observe(assistant("sub1", "toolu_task"))).toBe(false); // a subagent's message
    dog.observe(assistant("m2"));
    expect(dog.breach()).toBeUndefined();
    dog.observe(assistant("m3"));
    expect(dog.breach()).toBe("watchdog: 3 assistant turns passed the limit of 2");
  });

  it("takes the latest cumulative result cost, not the sum, plus an optional usage estimate", () => {
    const dog = new BudgetWatchdog({ maxCostUsd: 0.5, usdPerMillionTokens: { input: 100, output: 100 } });
    dog.observe(result(0.2));
    dog.observe(result(0.3)); // cumulative for the session: 0.3, not 0.5
    expect(dog.costUsd).toBeCloseTo(0.3);
    expect(dog.breach()).toBeUndefined();
    dog.observe(assistant("m1")); // 2000 tokens at $100/M = $0.2 estimated in flight
    expect(dog.costUsd).toBeCloseTo(0.5);
    dog.observe(assistant("m2"));
    expect(dog.breach()).toMatch(/watchdog: cost \$0\.7000 passed the limit of \$0\.5/);
  });
});
