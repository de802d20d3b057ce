import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import { AUTOFIX_HOSTILE_CALLS, BENIGN_CALLS, HOSTILE_CALLS } from "../../red-team/hostile-calls.js";
import { type HostileWorkspace, plantHostileWorkspace } from "../../red-team/hostile-workspace.js";

let hostile: HostileWorkspace;
beforeAll(async () => {
  hostile = await plantHostileWorkspace({ git: false });
});
afterAll(async () => {
  await hostile.cleanup();
});

const call = (tool: string, input: string) =>
  tool === "Bash"
    ? { tool_name: "Bash", input: { command: input } }
    : { tool_name: tool, input: { file_path: input } };

describe("red-team corpus, decided by the built-in policies directly", () => {
  it("has at least 40 cases", () => {
    expect(HOSTILE_CALLS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(HOSTILE_CALLS.map((c) => c.id)).size).toBe(HOSTILE_CALLS.length);
  });

  for (const policyName of ["review", "autofix"] as const) {
    describe(`${policyName} policy`, () => {
      it.each(HOSTILE_CALLS.map((c) => [c.id, c] as const))("denies %s", async (_id, hostileCall) => {
        const policy = builtInPolicy(policyName, { workspace: hostile.workspace });
        const decision = await policy.evaluate(call(hostileCall.tool, hostileCall.input), hostile.workspace);
        expect(decision.behavior).toBe("deny");
        expect(decision.reason).toContain(hostileCall.reason);
      });
    });
  }

  it.each(AUTOFIX_HOSTILE_CALLS.map((c) => [c.id, c] as const))(
    "autofix denies %s",
    async (_id, hostileCall) => {
      const policy = builtInPolicy("autofix", { workspace: hostile.workspace, testCommands: ["npm test"] });
      const decision = await policy.evaluate(call(hostileCall.tool, hostileCall.input), hostile.workspace);
      expect(decision.behavior).toBe("deny");
      expect(decision.reason).toContain(hostileCall.reason);
    },
  );

  it.each(["npm test", "npm test -- --run", "npm test -- -t answer src/a.ts"].map((c) => [c]))(
    "autofix allows the test command %s",
    async (command) => {
      const policy = builtInPolicy("autofix", { workspace: hostile.workspace, testCommands: ["npm test"] });
      expect(await policy.evaluate(call("Bash", command), hostile.workspace)).toMatchObject({
        behavior: "allow",
        ruleId: "test-commands",
      });
    },
  );

  it.each(BENIGN_CALLS.map((c) => [c]))("allows %s", async (command) => {
    const policy = builtInPolicy("review", { workspace: hostile.workspace });
    const decision = await policy.evaluate(call("Bash", command), hostile.workspace);
    expect(decision).toMatchObject({ behavior: "allow" });
  });
});
