import { describe, expect, it } from "vitest";
import { jobToolAccess } from "../../../src/jobs/shared/job-tool-access.js";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import { CLI_BUILT_IN_TOOLS, offeredBuiltInTools } from "../../../src/runner/policy/offered-tools.js";
import type { PolicyRule } from "../../../src/runner/policy/policy-document.js";

const workspace = "/tmp/offered-tools-ws";
const NEVER_OFFERED = [
  "Agent",
  "Workflow",
  "CronCreate",
  "EnterWorktree",
  "SendMessage",
  "WebFetch",
  "WebSearch",
];
const rules = (...list: PolicyRule[]) => ({ rules: list });

describe("offeredBuiltInTools", () => {
  it("offers the read-only jobs their read tools and Bash, and nothing agentic or networked", () => {
    for (const name of ["review", "audit"] as const) {
      const tools = offeredBuiltInTools(builtInPolicy(name, { workspace }));
      expect(tools).toEqual(["Bash", "Glob", "Grep", "LS", "NotebookRead", "Read"]);
      for (const tool of NEVER_OFFERED) expect(tools).not.toContain(tool);
    }
  });

  it("adds the write tools for autofix, whose path-scoped deny rules do not take a tool away", () => {
    expect(offeredBuiltInTools(builtInPolicy("autofix", { workspace }))).toEqual([
      "Bash",
      "Edit",
      "Glob",
      "Grep",
      "LS",
      "MultiEdit",
      "NotebookEdit",
      "NotebookRead",
      "Read",
      "Write",
    ]);
  });

  it("expands glob patterns against the CLI's built-ins and leaves MCP tools to --mcp-config", () => {
    expect(offeredBuiltInTools(rules({ id: "all", effect: "allow", tools: ["*"] }))).toEqual(
      [...CLI_BUILT_IN_TOOLS].sort(),
    );
    expect(
      offeredBuiltInTools(rules({ id: "nb", effect: "allow", tools: ["Notebook*", "Cron{List,Delete}"] })),
    ).toEqual(["CronDelete", "CronList", "NotebookEdit"]);
    expect(
      offeredBuiltInTools(
        rules({ id: "mcp", effect: "allow", tools: ["mcp__github__*", "mcp__probe__lookup", "Read"] }),
      ),
    ).toEqual(["Read"]);
  });

  it("drops a tool an unconditional deny rule names, keeps one a conditional deny only narrows", () => {
    const policy = rules(
      { id: "all", effect: "allow", tools: ["*"] },
      { id: "no-web", effect: "deny", tools: ["Web*", "Agent"] },
      { id: "no-rm", effect: "deny", tools: ["Bash"], commandPrefixes: ["rm"] },
      { id: "no-secrets", effect: "deny", tools: ["Read"], paths: [".env"] },
    );
    const tools = offeredBuiltInTools(policy);
    expect(tools).not.toContain("WebFetch");
    expect(tools).not.toContain("WebSearch");
    expect(tools).not.toContain("Agent");
    expect(tools).toContain("Bash");
    expect(tools).toContain("Read");
    expect(tools).toHaveLength(CLI_BUILT_IN_TOOLS.length - 3);
  });

  it("offers no built-in at all when nothing is allowed", () => {
    expect(offeredBuiltInTools(rules({ id: "x", effect: "deny", tools: ["Bash"] }))).toEqual([]);
    expect(offeredBuiltInTools(rules())).toEqual([]);
  });
});

describe("jobToolAccess offers what allowed_tools left of the policy", () => {
  it("narrows --tools with the policy", () => {
    const review = jobToolAccess(
      "review",
      builtInPolicy("review", { workspace }),
      { allowedTools: ["Read"] },
      false,
    );
    expect(review.tools).toEqual(["Read"]);
    const autofix = jobToolAccess(
      "autofix",
      builtInPolicy("autofix", { workspace }),
      { allowedTools: ["Read", "Edit", "Bash(npm run lint)"] },
      true,
    );
    expect(autofix.tools).toEqual(["Bash", "Edit", "Read"]);
  });

  it("without allowed_tools, offers the whole policy's built-ins", () => {
    expect(jobToolAccess("audit", builtInPolicy("audit", { workspace }), {}, true).tools).toEqual(
      offeredBuiltInTools(builtInPolicy("audit", { workspace })),
    );
  });
});
