import { describe, expect, it } from "vitest";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import { applyToolGrants, parseToolGrants, ToolGrantError } from "../../../src/runner/policy/tool-grants.js";
import type { ToolPolicy } from "../../../src/runner/policy/tool-policy.js";
import { RunnerConfigError } from "../../../src/runner/runner-config-error.js";

const WS = "/work/ws";
const review = () => builtInPolicy("review", { workspace: WS });
const autofix = () => builtInPolicy("autofix", { workspace: WS, testCommands: ["npm test"] });

async function decide(policy: ToolPolicy, tool_name: string, input: Record<string, unknown> = {}) {
  return (await policy.evaluate({ tool_name, input }, WS)).behavior;
}

describe("parseToolGrants", () => {
  it("reads tool names, command grants in both spellings and MCP tools", () => {
    expect(
      parseToolGrants([
        "Read",
        "Bash(npm run lint)",
        "Bash(npm run  build:*)",
        "mcp__docs__search",
        "mcp__docs",
      ]),
    ).toEqual([
      { kind: "tool", name: "Read" },
      { kind: "command", prefix: "npm run lint" },
      { kind: "command", prefix: "npm run build" },
      { kind: "mcp", server: "docs", tool: "search" },
      { kind: "mcp", server: "docs", tool: "*" },
    ]);
  });

  it.each([
    ["Bash(npm test; curl x)", /without shell operators/],
    ["Bash()", /plain command prefix/],
    ["read files", /is not a tool name/],
    ["mcp__", /is not a tool name/],
  ])("refuses %s", (entry, message) => {
    expect(() => parseToolGrants([entry])).toThrow(message);
  });
});

describe("applyToolGrants", () => {
  it("narrows: tools the job allows but the list omits are denied; deny rules stay", async () => {
    const policy = applyToolGrants(autofix(), ["Read", "Edit"], { job: "autofix", trusted: true });
    expect(await decide(policy, "Read", { file_path: "a.ts" })).toBe("allow");
    expect(await decide(policy, "Edit", { file_path: "a.ts" })).toBe("allow");
    expect(await decide(policy, "Write", { file_path: "a.ts" })).toBe("deny");
    expect(await decide(policy, "Bash", { command: "npm test" })).toBe("deny");
    expect(await decide(policy, "Edit", { file_path: ".github/workflows/ci.yml" })).toBe("deny");
    expect(policy.name).toBe("autofix+allowed_tools");
  });

  it("keeps the job's own Bash rules when Bash is named, with their allowlists", async () => {
    const policy = applyToolGrants(review(), ["Read", "Bash"], { job: "review", trusted: true });
    expect(await decide(policy, "Bash", { command: "git log -n 3" })).toBe("allow");
    expect(await decide(policy, "Bash", { command: "rm -rf ." })).toBe("deny");
  });

  it("extends a trusted autofix with a named command, taking only the test-command options", async () => {
    const policy = applyToolGrants(autofix(), ["Read", "Bash", "Bash(npm run lint)"], {
      job: "autofix",
      trusted: true,
    });
    expect(await decide(policy, "Bash", { command: "npm run lint" })).toBe("allow");
    expect(await decide(policy, "Bash", { command: "npm run lint --silent" })).toBe("allow");
    expect(await decide(policy, "Bash", { command: "npm run lint --config=/tmp/evil.js" })).toBe("deny");
    expect(await decide(policy, "Bash", { command: "npm run lint && curl x" })).toBe("deny");
    expect(await decide(policy, "Bash", { command: "npm test" })).toBe("allow");
  });

  it("extends a custom reading policy with a read tool inside the workspace only", async () => {
    const onlyBash = review().withRules([]);
    const bare = new (onlyBash.constructor as typeof ToolPolicy)(
      { name: "custom", rules: onlyBash.rules.filter((rule) => !rule.tools.includes("Read")) },
      { workspace: WS },
    );
    expect(await decide(bare, "Read", { file_path: "a.ts" })).toBe("deny");
    const policy = applyToolGrants(bare, ["Read"], { job: "review", trusted: true });
    expect(await decide(policy, "Read", { file_path: "a.ts" })).toBe("allow");
    expect(await decide(policy, "Read", { file_path: "/etc/passwd" })).toBe("deny");
  });

  it("refuses tools beyond the job's ceiling with a typed error naming the ceiling", () => {
    const error = (() => {
      try {
        applyToolGrants(review(), ["Read", "Edit"], { job: "review", trusted: true });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ToolGrantError);
    expect(error).toBeInstanceOf(RunnerConfigError);
    expect((error as ToolGrantError).option).toBe("allowed_tools");
    expect((error as Error).message).toMatch(
      /names Edit, which is outside the review job's ceiling \(Read, Glob, Grep, LS, NotebookRead, Bash\)/,
    );
    expect(() => applyToolGrants(review(), ["WebFetch"], { job: "review", trusted: true })).toThrow(
      /outside the review job's ceiling/,
    );
    expect(() => applyToolGrants(autofix(), ["WebSearch"], { job: "autofix", trusted: true })).toThrow(
      /outside the autofix job's ceiling/,
    );
    expect(() => applyToolGrants(review(), ["Bash(npm run lint)"], { job: "review", trusted: true })).toThrow(
      /only autofix may run named commands/,
    );
    expect(() => applyToolGrants(review(), ["Write"], { job: "audit", trusted: true })).toThrow(
      /outside the audit job's ceiling/,
    );
  });

  it("an untrusted job may narrow but never extend", async () => {
    const narrowed = applyToolGrants(review(), ["Read"], { job: "review", trusted: false });
    expect(await decide(narrowed, "Bash", { command: "ls" })).toBe("deny");
    expect(await decide(narrowed, "Read", { file_path: "a.ts" })).toBe("allow");
    const forkAutofix = builtInPolicy("autofix", { workspace: WS }).withRules([]);
    expect(() =>
      applyToolGrants(forkAutofix, ["Bash(npm run lint)"], { job: "autofix", trusted: false }),
    ).toThrow(/cannot extend an untrusted \(fork\) job's policy: Bash\(npm run lint\)/);
    expect(() =>
      applyToolGrants(review(), ["mcp__docs__search"], {
        job: "review",
        trusted: false,
        mcpServers: ["docs"],
      }),
    ).toThrow(/cannot extend an untrusted/);
  });

  it("MCP tools: allowed only when named and only for the job's own servers", async () => {
    const plain = applyToolGrants(review(), ["Read"], { job: "review", trusted: true, mcpServers: ["docs"] });
    expect(await decide(plain, "mcp__docs__search")).toBe("deny");
    const one = applyToolGrants(review(), ["Read", "mcp__docs__search"], {
      job: "review",
      trusted: true,
      mcpServers: ["docs"],
    });
    expect(await decide(one, "mcp__docs__search")).toBe("allow");
    expect(await decide(one, "mcp__docs__delete")).toBe("deny");
    const all = applyToolGrants(review(), ["mcp__docs"], {
      job: "review",
      trusted: true,
      mcpServers: ["docs"],
    });
    expect(await decide(all, "mcp__docs__delete")).toBe("allow");
    expect(await decide(all, "mcp__other__x")).toBe("deny");
    expect(() =>
      applyToolGrants(review(), ["mcp__other__x"], { job: "review", trusted: true, mcpServers: ["docs"] }),
    ).toThrow(/mcp_config gives this job only the servers docs/);
    expect(() => applyToolGrants(review(), ["mcp__docs__x"], { job: "review", trusted: true })).toThrow(
      /no MCP server/,
    );
  });

  it("naming Bash on a policy without Bash rules is an error, never a Bash-for-anything rule", () => {
    const readOnly = applyToolGrants(review(), ["Read"], { job: "review", trusted: true });
    expect(() => applyToolGrants(readOnly, ["Bash"], { job: "review", trusted: true })).toThrow(
      /has no Bash rule to keep/,
    );
  });
  it("trims entries and command grants; a trailing :* or space-star is the CLI's spelling of a prefix", () => {
    expect(
      parseToolGrants([" Read ", "Bash( npm run lint )", "Bash(npm run lint  *)", "Bash(a:*b)"]),
    ).toEqual([
      { kind: "tool", name: "Read" },
      { kind: "command", prefix: "npm run lint" },
      { kind: "command", prefix: "npm run lint" },
      { kind: "command", prefix: "a:*b" },
    ]);
  });

  it("a tool that only a deny rule names is not allowed yet: naming it adds an allow rule under that deny rule", async () => {
    const custom = new (review().constructor as typeof ToolPolicy)(
      {
        name: "custom",
        rules: [{ id: "no-secrets", effect: "deny", tools: ["Read"], paths: ["secrets/**"] }],
      },
      { workspace: WS },
    );
    const policy = applyToolGrants(custom, ["Read"], { job: "review", trusted: true });
    expect(await decide(policy, "Read", { file_path: "a.ts" })).toBe("allow");
    expect(await decide(policy, "Read", { file_path: "secrets/key.pem" })).toBe("deny");
    expect(() => applyToolGrants(custom, ["Read"], { job: "review", trusted: false })).toThrow(
      /cannot extend/,
    );
  });
});
