import { describe, expect, it } from "vitest";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import { openCodeAllowedBy, openCodeRules } from "../../../src/runner/policy/open-code.js";
import { type PolicyDecision, ToolPolicy } from "../../../src/runner/policy/tool-policy.js";

const decision = (
  toolName: string,
  ruleId: string,
  behavior: "allow" | "deny" = "allow",
): PolicyDecision => ({
  toolName,
  behavior,
  ruleId,
  reason: "",
  subject: "",
  at: "2026-12-06T00:00:00Z",
});

describe("openCodeRules: the rules under which the agent ran code the policy cannot see into", () => {
  const autofix = builtInPolicy("autofix", { workspace: "/w", testCommands: ["npm test"] });

  it("counts an allowed test command, not the allowlisted read-only commands or file tools", () => {
    expect(
      openCodeRules(autofix, [
        decision("Bash", "read-only-shell"),
        decision("Bash", "git-read"),
        decision("Read", "read-workspace"),
        decision("Edit", "edit-workspace"),
      ]),
    ).toEqual([]);
    expect(openCodeRules(autofix, [decision("Bash", "git-read"), decision("Bash", "test-commands")])).toEqual(
      ["test-commands"],
    );
  });

  it("ignores what was denied, and names each rule once, sorted", () => {
    expect(openCodeRules(autofix, [decision("Bash", "test-commands", "deny")])).toEqual([]);
    const policy = new ToolPolicy({
      name: "custom",
      rules: [
        { id: "z-any-bash", effect: "allow", tools: ["Bash"] },
        { id: "a-make", effect: "allow", tools: ["Bash"], commandPrefixes: ["make"] },
        { id: "m-both", effect: "allow", tools: ["Bash"], commands: ["ls"], commandPrefixes: ["make"] },
      ],
    });
    expect(
      openCodeRules(policy, [
        decision("Bash", "z-any-bash"),
        decision("Bash", "a-make"),
        decision("Bash", "z-any-bash"),
        decision("Bash", "m-both"),
      ]),
    ).toEqual(["a-make", "m-both", "z-any-bash"]);
  });

  it("counts a Bash call allowed by a rule the policy does not hold (nothing says it is closed)", () => {
    expect(openCodeRules(autofix, [decision("Bash", "runner:something")])).toEqual(["runner:something"]);
    // A non-Bash tool under an unknown rule runs no command line.
    expect(openCodeRules(autofix, [decision("StructuredOutput", "runner:structured-output")])).toEqual([]);
  });
});

describe("openCodeAllowedBy: the rules that would let the agent run open code, before anything ran", () => {
  it("names the autofix's test commands, not a review's or an audit's allowlisted commands", () => {
    expect(
      openCodeAllowedBy(builtInPolicy("autofix", { workspace: "/w", testCommands: ["npm test"] })),
    ).toEqual(["test-commands"]);
    expect(openCodeAllowedBy(builtInPolicy("review", { workspace: "/w" }))).toEqual([]);
    expect(openCodeAllowedBy(builtInPolicy("audit", { workspace: "/w" }))).toEqual([]);
  });

  it("counts an allow rule that reaches Bash by glob with no command list; not a deny, not another tool", () => {
    const policy = new ToolPolicy({
      name: "custom",
      rules: [
        { id: "z-any-shell", effect: "allow", tools: ["Ba*"] },
        { id: "a-prefixes", effect: "allow", tools: ["Bash"], commandPrefixes: ["make"] },
        { id: "deny-shell", effect: "deny", tools: ["Bash"] },
        { id: "any-read", effect: "allow", tools: ["Read"] },
        { id: "listed", effect: "allow", tools: ["Bash"], commands: ["ls"] },
      ],
    });
    expect(openCodeAllowedBy(policy)).toEqual(["a-prefixes", "z-any-shell"]);
  });
});
