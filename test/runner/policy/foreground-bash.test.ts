import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bashFlagRefusal, FOREGROUND_BASH_RULE } from "../../../src/runner/policy/foreground-bash.js";
import { ToolPolicy } from "../../../src/runner/policy/tool-policy.js";

// The hostile case end to end (real CLI): test/red-team/background-commands.test.ts.
let workspace: string;
beforeAll(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), "foreground-ws-"));
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

/** A policy that allows every Bash command line and every tool: only the runner's rule can refuse. */
const everything = () =>
  new ToolPolicy(
    {
      name: "everything",
      rules: [
        {
          id: "allow-sh",
          effect: "allow",
          tools: ["Bash"],
          commandPrefixes: ["sh"],
          confineArguments: false,
        },
        { id: "allow-rest", effect: "allow", tools: ["Monitor"] },
      ],
    },
    { workspace },
  );

describe("the runner's foreground rule for Bash", () => {
  it("refuses a command asked to run in the background, before any rule of the policy allows it", async () => {
    const decision = await everything().evaluate(
      {
        tool_name: "Bash",
        input: { command: "sh -c 'sleep 60'", run_in_background: true },
        tool_use_id: "t",
      },
      workspace,
    );
    expect(decision).toEqual({
      toolName: "Bash",
      toolUseId: "t",
      behavior: "deny",
      ruleId: FOREGROUND_BASH_RULE,
      reason:
        "Commands may not run in the background here: run it in the foreground, where it must finish before the next step.",
    });
  });

  it("refuses a command that asks to leave the sandbox", async () => {
    const decision = await everything().evaluate(
      { tool_name: "Bash", input: { command: "sh -c true", dangerouslyDisableSandbox: true } },
      workspace,
    );
    expect(decision).toMatchObject({ behavior: "deny", ruleId: FOREGROUND_BASH_RULE });
    expect(decision.reason).toBe(
      "Commands may not ask to leave the Bash sandbox here: run it without dangerouslyDisableSandbox.",
    );
  });

  it("lets the policy decide a foreground command: the flags absent, false or null", async () => {
    for (const flags of [{}, { run_in_background: false }, { dangerouslyDisableSandbox: null }]) {
      const decision = await everything().evaluate(
        { tool_name: "Bash", input: { command: "sh -c true", ...flags } },
        workspace,
      );
      expect(decision, JSON.stringify(flags)).toMatchObject({ behavior: "allow", ruleId: "allow-sh" });
    }
  });

  it("counts any other value as asking (a string, a number)", () => {
    expect(bashFlagRefusal("Bash", { run_in_background: "true" })).toMatch(/background/);
    expect(bashFlagRefusal("Bash", { run_in_background: 0 })).toMatch(/background/);
    expect(bashFlagRefusal("Bash", { dangerouslyDisableSandbox: "yes" })).toMatch(/sandbox/);
  });

  it("leaves other tools to the policy, whatever their input holds", async () => {
    expect(bashFlagRefusal("Monitor", { run_in_background: true })).toBeUndefined();
    const decision = await everything().evaluate(
      { tool_name: "Monitor", input: { run_in_background: true } },
      workspace,
    );
    expect(decision).toMatchObject({ behavior: "allow", ruleId: "allow-rest" });
  });
});
