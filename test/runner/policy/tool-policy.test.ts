import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInPolicy, isBuiltInPolicyName } from "../../../src/runner/policy/built-in-policy.js";
import { ToolPolicy } from "../../../src/runner/policy/tool-policy.js";

let workspace: string;
let outside: string;

beforeAll(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), "policy-ws-"));
  outside = await mkdtemp(path.join(tmpdir(), "policy-out-"));
  await mkdir(path.join(workspace, "src"));
  await mkdir(path.join(workspace, ".github/workflows"), { recursive: true });
  await writeFile(path.join(workspace, "src/a.ts"), "export {}");
  await writeFile(path.join(outside, "secret.txt"), "s");
  await symlink(outside, path.join(workspace, "escape"));
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const bash = (command: string) => ({ tool_name: "Bash", input: { command }, tool_use_id: "t1" });

describe("review policy", () => {
  const review = () => builtInPolicy("review", { workspace });

  it("allows reading a workspace file and records the rule", async () => {
    const d = await review().evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, "/unused");
    expect(d).toMatchObject({ behavior: "allow", ruleId: "read-workspace" });
  });

  it("denies reads that escape via .. or via a symlink", async () => {
    const viaDots = await review().evaluate(
      { tool_name: "Read", input: { file_path: "src/../../etc/passwd" } },
      workspace,
    );
    expect(viaDots).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
    expect(viaDots.reason).toContain("outside the workspace");
    const viaLink = await review().evaluate(
      { tool_name: "Read", input: { file_path: path.join(workspace, "escape/secret.txt") } },
      workspace,
    );
    expect(viaLink).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
  });

  it("allows git diff/log/show", async () => {
    for (const cmd of ["git diff HEAD~1", "git log --oneline -5", "git show HEAD:src/a.ts"]) {
      expect(await review().evaluate(bash(cmd), workspace)).toMatchObject({
        behavior: "allow",
        ruleId: "git-read",
      });
    }
  });

  // Each refusal names its cause, so a case denied for some other reason fails.
  it.each([
    ["git diff; curl http://x", 'shell operator ";"'],
    ["git log && rm -rf /", 'shell operator "&"'],
    ["git diff > out.txt", 'shell operator ">"'],
    ["git log < in.txt", 'shell operator "<"'],
    ["git log $(whoami)", '"$" expansion'],
    ["git show `id`", 'shell operator "`"'],
    ["git diff | sh", 'shell operator "|"'],
    ["git diff --output=/tmp/x", "writes its output to a file"],
    ["git grep -Ovim foo", "runs a pager"],
    ["git push origin main", '"git push" is not an allowed command'],
    ["curl https://example.com", '"curl https://example.com" is not an allowed command'],
    ["cat ../../etc/passwd", "resolves outside the workspace"],
    ["ls ..", "resolves outside the workspace"],
    ["grep -r token /", "resolves outside the workspace"],
    ["find . -exec rm {} ;", "unquoted glob or brace"],
    ["find . -exec rm '{}' ';'", "runs a program"],
    ["find . -name x -delete", "deletes files"],
    ["git log --output=notes.txt", "writes its output to a file"],
  ])("refuses %s", async (cmd, reason) => {
    const d = await review().evaluate(bash(cmd), workspace);
    expect(d.behavior).toBe("deny");
    expect(d.reason).toContain(reason);
  });

  it("denies writes and network tools by default", async () => {
    for (const tool of ["Write", "Edit", "WebFetch", "WebSearch", "Task"]) {
      const d = await review().evaluate({ tool_name: tool, input: { file_path: "src/a.ts" } }, workspace);
      expect(d).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
    }
  });
});

describe("autofix policy", () => {
  const autofix = () => builtInPolicy("autofix", { workspace, testCommands: ["npm test"] });

  it.each([
    ["Write", ".claude/settings.json"],
    ["Edit", "CLAUDE.md"],
    ["Write", "pkg/deep/CLAUDE.md"],
    ["Write", "pkg/.claude/skills/x/SKILL.md"],
    ["Write", ".mcp.json"],
    ["MultiEdit", "CLAUDE.local.md"],
  ])(
    "never lets an autofix %s agent configuration (%s): later sessions run its hooks and MCP servers",
    async (tool, file) => {
      expect(
        await autofix().evaluate({ tool_name: tool, input: { file_path: file } }, workspace),
      ).toMatchObject({
        behavior: "deny",
        ruleId: "protect-agent-config",
        reason:
          "Changing agent configuration (CLAUDE.md, .claude, .mcp.json) is not allowed by the autofix policy.",
      });
    },
  );

  it("reads dot files and dot directories with the workspace-wide glob", async () => {
    for (const file_path of [".github/dependabot.yml", "src/.env.example", ".eslintrc"]) {
      expect(await autofix().evaluate({ tool_name: "Read", input: { file_path } }, workspace)).toMatchObject({
        behavior: "allow",
        ruleId: "read-workspace",
      });
    }
  });

  it("allows edits inside the workspace but never workflows or .git", async () => {
    expect(
      await autofix().evaluate({ tool_name: "Edit", input: { file_path: "src/a.ts" } }, workspace),
    ).toMatchObject({
      behavior: "allow",
      ruleId: "edit-workspace",
    });
    expect(
      await autofix().evaluate(
        { tool_name: "Write", input: { file_path: ".github/workflows/ci.yml" } },
        workspace,
      ),
    ).toMatchObject({ behavior: "deny", ruleId: "protect-workflows" });
    expect(
      await autofix().evaluate(
        { tool_name: "Write", input: { file_path: "src/../.git/hooks/pre-commit" } },
        workspace,
      ),
    ).toMatchObject({ behavior: "deny", ruleId: "protect-git-dir" });
    expect(
      await autofix().evaluate(
        { tool_name: "Write", input: { file_path: path.join(outside, "x") } },
        workspace,
      ),
    ).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
  });

  it("allows only the listed test commands", async () => {
    expect(await autofix().evaluate(bash("npm test -- --run"), workspace)).toMatchObject({
      behavior: "allow",
      ruleId: "test-commands",
    });
    expect((await autofix().evaluate(bash("npm install left-pad"), workspace)).behavior).toBe("deny");
  });
});

describe("audit policy", () => {
  it("is read-only: no git, no writes", async () => {
    const audit = builtInPolicy("audit", { workspace });
    expect(
      (await audit.evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, workspace)).behavior,
    ).toBe("allow");
    expect((await audit.evaluate(bash("git log"), workspace)).behavior).toBe("deny");
    expect(
      (await audit.evaluate({ tool_name: "Write", input: { file_path: "x" } }, workspace)).behavior,
    ).toBe("deny");
  });
});

describe("custom rules", () => {
  it("lets a deny rule win over an earlier allow rule", async () => {
    const policy = new ToolPolicy({
      name: "custom",
      rules: [
        { id: "all-reads", effect: "allow", tools: ["Read"], paths: ["**"] },
        {
          id: "no-env-files",
          effect: "deny",
          tools: ["Read"],
          paths: ["**/.env", ".env"],
          message: "no .env",
        },
      ],
    });
    const d = await policy.evaluate({ tool_name: "Read", input: { file_path: ".env" } }, workspace);
    expect(d).toMatchObject({ behavior: "deny", ruleId: "no-env-files", reason: "no .env" });
  });

  it("matches tool names by glob", async () => {
    const policy = new ToolPolicy({
      name: "mcp",
      rules: [{ id: "gh", effect: "allow", tools: ["mcp__github__*"] }],
    });
    expect(
      (await policy.evaluate({ tool_name: "mcp__github__get_issue", input: {} }, workspace)).ruleId,
    ).toBe("gh");
    expect((await policy.evaluate({ tool_name: "mcp__other__x", input: {} }, workspace)).ruleId).toBe(
      "default-deny",
    );
  });
});

describe("path rules", () => {
  const policy = () =>
    new ToolPolicy(
      {
        name: "src-only",
        rules: [{ id: "read-src", effect: "allow", tools: ["Read", "Glob", "LS"], paths: ["src/**"] }],
      },
      { workspace },
    );

  it("allows only paths the globs cover, and says which globs when refusing", async () => {
    expect(
      await policy().evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, workspace),
    ).toMatchObject({ behavior: "allow", ruleId: "read-src", reason: "paths within src/**" });
    const d = await policy().evaluate({ tool_name: "Read", input: { file_path: "secrets.env" } }, workspace);
    expect(d).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
    expect(d.reason).toBe("secrets.env is not covered by src/** (rule read-src)");
  });

  it("judges the workspace root itself as '.' and `..` as outside", async () => {
    const root = await policy().evaluate({ tool_name: "LS", input: { path: "." } }, workspace);
    expect(root.reason).toBe(". is not covered by src/** (rule read-src)");
    const all = new ToolPolicy({
      name: "all",
      rules: [{ id: "r", effect: "allow", tools: ["LS"], paths: ["**"] }],
    });
    expect(await all.evaluate({ tool_name: "LS", input: { path: "." } }, workspace)).toMatchObject({
      behavior: "allow",
    });
    expect(await all.evaluate({ tool_name: "LS", input: {} }, workspace)).toMatchObject({
      behavior: "allow",
    });
    const up = await all.evaluate({ tool_name: "LS", input: { path: ".." } }, workspace);
    expect(up).toMatchObject({ behavior: "deny" });
    expect(up.reason).toBe(".. resolves outside the workspace (rule r)");
  });

  it("checks a Glob pattern that is absolute or climbs out, and lets a relative one through", async () => {
    const glob = (pattern: string, p?: string) =>
      policy().evaluate({ tool_name: "Glob", input: { pattern, ...(p ? { path: p } : {}) } }, workspace);
    expect(await glob("**/*.ts", "src")).toMatchObject({ behavior: "allow" });
    const absolute = await glob("/etc/**", "src");
    expect(absolute.behavior).toBe("deny");
    expect(absolute.reason).toBe("/etc/** resolves outside the workspace (rule read-src)");
    const climbing = await glob("../../**", "src");
    expect(climbing.behavior).toBe("deny");
    expect(climbing.reason).toBe("../../** resolves outside the workspace (rule read-src)");
    const backslash = await glob("src\\..\\..\\x", "src");
    expect(backslash.behavior).toBe("deny");
  });

  it("a tool with no path field and no default is refused by a path rule", async () => {
    const d = await policy().evaluate({ tool_name: "Read", input: {} }, workspace);
    expect(d.reason).toBe("Read named no path to check (rule read-src)");
  });

  it("a deny rule with paths matches only paths inside the workspace that its globs cover", async () => {
    const p = new ToolPolicy(
      {
        name: "deny-env",
        rules: [
          { id: "no-env", effect: "deny", tools: ["Read"], paths: ["**/*.env", "*.env"] },
          { id: "all", effect: "allow", tools: ["Read"], paths: ["**"] },
        ],
      },
      { workspace },
    );
    expect(await p.evaluate({ tool_name: "Read", input: { file_path: "x.env" } }, workspace)).toMatchObject({
      behavior: "deny",
      ruleId: "no-env",
      reason: "Read on x.env is denied",
    });
    expect(
      await p.evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, workspace),
    ).toMatchObject({
      behavior: "allow",
      ruleId: "all",
    });
  });
});

describe("Bash rules", () => {
  it("the read-only shell rule is what allows plain reading commands", async () => {
    const review = builtInPolicy("review", { workspace });
    for (const command of ["ls", "cat src/a.ts", "grep -rn export src", "find . -name '*.ts'", "pwd"]) {
      expect(await review.evaluate(bash(command), workspace), command).toMatchObject({
        behavior: "allow",
        ruleId: "read-only-shell",
        reason: `allowlisted command "${command.split(" ")[0]}"`,
      });
    }
  });

  it("a deny rule with commandPrefixes or commands wins over an allow rule", async () => {
    const p = new ToolPolicy(
      {
        name: "deny-cmd",
        rules: [
          { id: "no-cat", effect: "deny", tools: ["Bash"], commands: ["cat"] },
          { id: "no-npm", effect: "deny", tools: ["Bash"], commandPrefixes: ["npm install"] },
          {
            id: "allow",
            effect: "allow",
            tools: ["Bash"],
            commands: ["cat", "ls"],
            commandPrefixes: ["npm"],
          },
        ],
      },
      { workspace },
    );
    expect(await p.evaluate(bash("cat src/a.ts"), workspace)).toMatchObject({
      behavior: "deny",
      ruleId: "no-cat",
      reason: 'the command "cat" is denied',
    });
    expect(await p.evaluate(bash("npm install x"), workspace)).toMatchObject({
      behavior: "deny",
      ruleId: "no-npm",
      reason: 'the command "npm install" is denied',
    });
    expect(await p.evaluate(bash("ls src"), workspace)).toMatchObject({ behavior: "allow", ruleId: "allow" });
  });

  it("prefix rules: forbidden arguments, allowed options and argument confinement", async () => {
    const p = (extra: object) =>
      new ToolPolicy(
        {
          name: "lint",
          rules: [
            { id: "lint", effect: "allow", tools: ["Bash"], commandPrefixes: ["npm run lint"], ...extra },
          ],
        },
        { workspace },
      );
    expect(
      await p({ forbiddenArguments: ["--fix*"] }).evaluate(bash("npm run lint --fix"), workspace),
    ).toMatchObject({
      behavior: "deny",
      reason: 'the argument "--fix" is forbidden for "npm run lint" (rule lint)',
    });
    expect(
      await p({ allowedOptions: ["--quiet", "--format="] }).evaluate(
        bash("npm run lint --quiet --format=json src"),
        workspace,
      ),
    ).toMatchObject({
      behavior: "allow",
      reason: 'command prefix "npm run lint"',
    });
    expect(
      await p({ allowedOptions: ["--quiet"] }).evaluate(bash("npm run lint --fix"), workspace),
    ).toMatchObject({
      behavior: "deny",
      reason: 'the option "--fix" is not allowed for "npm run lint" (rule lint)',
    });
    expect((await p({}).evaluate(bash("npm run lint escape/secret.txt"), workspace)).reason).toContain(
      'the argument "escape/secret.txt" resolves outside the workspace',
    );
    expect(
      await p({ confineArguments: false }).evaluate(bash("npm run lint escape/secret.txt"), workspace),
    ).toMatchObject({
      behavior: "allow",
    });
    expect((await p({}).evaluate(bash("npm run"), workspace)).reason).toBe(
      '"npm run" is not an allowed command (rule lint)',
    );
    expect((await p({}).evaluate(bash("npm run lint $X"), workspace)).reason).toContain('"$" expansion');
  });

  it("tells the model why the command it named was refused, not that another rule did not match", async () => {
    const review = builtInPolicy("review", { workspace });
    const d = await review.evaluate(bash("git grep --op=sh x"), workspace);
    expect(d.reason).toContain("(rule git-read)");
    const other = await review.evaluate(bash("curl x"), workspace);
    expect(other.reason).toBe('"curl x" is not an allowed command (rule read-only-shell)');
  });
});

describe("built-in policy names", () => {
  it("knows its three names and refuses others with the list", async () => {
    expect(["review", "autofix", "audit", "admin"].map(isBuiltInPolicyName)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(() => builtInPolicy("admin" as never, { workspace })).toThrowError(
      'unknown built-in policy "admin"; expected one of review, autofix, audit',
    );
    expect(builtInPolicy("audit", { workspace })).toMatchObject({ name: "audit", workspace });
  });

  it("autofix falls back to the default test commands when none are given", async () => {
    const autofix = builtInPolicy("autofix", { workspace, testCommands: [] });
    expect(await autofix.evaluate(bash("pytest -x"), workspace)).toMatchObject({
      behavior: "allow",
      ruleId: "test-commands",
    });
  });
});

describe("decisions in detail", () => {
  it("records the tool_use id only when the CLI sent one, and names the tool when nothing matched", async () => {
    const review = builtInPolicy("review", { workspace });
    const withId = await review.evaluate(
      { tool_name: "WebFetch", input: {}, tool_use_id: "toolu_1" },
      workspace,
    );
    expect(withId).toEqual({
      toolName: "WebFetch",
      toolUseId: "toolu_1",
      behavior: "deny",
      ruleId: "default-deny",
      reason: 'no rule of policy "review" allows the WebFetch tool',
    });
    const withoutId = await review.evaluate({ tool_name: "WebFetch", input: {} }, workspace);
    expect(Object.keys(withoutId)).not.toContain("toolUseId");
  });

  it("withRules appends rules and keeps the workspace", async () => {
    const base = new ToolPolicy({ name: "p", rules: [] }, { workspace });
    const extended = base.withRules([{ id: "so", effect: "allow", tools: ["StructuredOutput"] }]);
    expect(extended.rules.map((r) => r.id)).toEqual(["so"]);
    expect(extended.workspace).toBe(workspace);
    expect(base.rules).toEqual([]);
    expect(new ToolPolicy({ name: "q", rules: [] }).withRules([]).workspace).toBeUndefined();
    expect(await extended.evaluate({ tool_name: "StructuredOutput", input: {} }, "/unused")).toMatchObject({
      behavior: "allow",
      reason: "tool StructuredOutput",
    });
  });

  it("a deny rule without paths or commands denies the tool, with a default reason", async () => {
    const p = new ToolPolicy({
      name: "p",
      rules: [
        { id: "no-web", effect: "deny", tools: ["WebFetch"] },
        { id: "all", effect: "allow", tools: ["*"] },
      ],
    });
    expect(await p.evaluate({ tool_name: "WebFetch", input: {} }, workspace)).toMatchObject({
      behavior: "deny",
      ruleId: "no-web",
      reason: "the WebFetch tool is denied",
    });
    expect(await p.evaluate({ tool_name: "Read", input: {} }, workspace)).toMatchObject({
      behavior: "allow",
    });
  });

  it("a path deny rule ignores paths outside the workspace (the allow rules refuse those)", async () => {
    const p = new ToolPolicy(
      {
        name: "p",
        rules: [
          { id: "no-all", effect: "deny", tools: ["Read"], paths: ["**"] },
          { id: "all", effect: "allow", tools: ["Read"], paths: ["**"] },
        ],
      },
      { workspace },
    );
    expect(
      await p.evaluate({ tool_name: "Read", input: { file_path: "escape/secret.txt" } }, workspace),
    ).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
    expect(
      await p.evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, workspace),
    ).toMatchObject({
      behavior: "deny",
      ruleId: "no-all",
    });
  });

  it("a deny rule for commands ignores commands the splitter refuses (no rule can allow them)", async () => {
    const p = new ToolPolicy(
      {
        name: "p",
        rules: [
          { id: "no-npm", effect: "deny", tools: ["Bash"], commandPrefixes: ["npm install"] },
          { id: "cat", effect: "allow", tools: ["Bash"], commands: ["cat"] },
        ],
      },
      { workspace },
    );
    expect(await p.evaluate(bash("npm install $X"), workspace)).toMatchObject({
      behavior: "deny",
      ruleId: "default-deny",
      reason: 'the command uses "$" expansion, which policy rules cannot check (rule cat)',
    });
  });

  it("empty path fields name no path; dotfiles are paths like any other", async () => {
    const review = builtInPolicy("review", { workspace });
    expect(await review.evaluate({ tool_name: "Read", input: { file_path: "" } }, workspace)).toMatchObject({
      behavior: "deny",
      reason: "Read named no path to check (rule read-workspace)",
    });
    expect(
      await review.evaluate(
        { tool_name: "Read", input: { file_path: ".github/workflows/ci.yml" } },
        workspace,
      ),
    ).toMatchObject({ behavior: "allow", ruleId: "read-workspace" });
  });

  it("only Glob's pattern is a path: another tool's pattern field never skips the path check", async () => {
    const p = new ToolPolicy(
      { name: "p", rules: [{ id: "src", effect: "allow", tools: ["Grep"], paths: ["src/**"] }] },
      { workspace },
    );
    const d = await p.evaluate(
      { tool_name: "Grep", input: { path: "secrets.env", pattern: "secrets.env" } },
      workspace,
    );
    expect(d).toMatchObject({ behavior: "deny" });
    expect(d.reason).toBe("secrets.env is not covered by src/** (rule src)");
  });

  it("forbidden arguments also apply to allow-listed commands, and match dotted words", async () => {
    const p = new ToolPolicy(
      {
        name: "p",
        rules: [
          {
            id: "ls",
            effect: "allow",
            tools: ["Bash"],
            commands: ["ls"],
            forbiddenArguments: ["-R", "*secret*"],
          },
        ],
      },
      { workspace },
    );
    expect(await p.evaluate(bash("ls -R"), workspace)).toMatchObject({
      behavior: "deny",
      reason: 'the argument "-R" is forbidden for "ls" (rule ls)',
    });
    expect((await p.evaluate(bash("ls .secret"), workspace)).reason).toBe(
      'the argument ".secret" is forbidden for "ls" (rule ls)',
    );
    expect(await p.evaluate(bash("ls -l"), workspace)).toMatchObject({
      behavior: "allow",
      reason: 'allowlisted command "ls"',
    });
  });

  it("a prefix written with stray spaces matches the plain words", async () => {
    const p = new ToolPolicy(
      {
        name: "p",
        rules: [
          {
            id: "t",
            effect: "allow",
            tools: ["Bash"],
            commandPrefixes: [" npm  test "],
            forbiddenArguments: ["--fix"],
          },
        ],
      },
      { workspace },
    );
    expect(await p.evaluate(bash("npm test --run"), workspace)).toMatchObject({
      behavior: "allow",
      reason: 'command prefix " npm  test "',
    });
    // The words after the prefix are the ones checked: a spaced prefix must not swallow them.
    expect((await p.evaluate(bash("npm test --run --fix"), workspace)).reason).toBe(
      'the argument "--fix" is forbidden for " npm  test " (rule t)',
    );
  });
});

describe("which inputs are paths", () => {
  const srcOnly = () =>
    new ToolPolicy(
      {
        name: "p",
        rules: [
          { id: "no-env", effect: "deny", tools: ["Read", "Grep", "Glob"], paths: ["*.env"] },
          { id: "src", effect: "allow", tools: ["Read", "Grep", "Glob"], paths: ["src/**"] },
        ],
      },
      { workspace },
    );

  it("Grep and Glob without a path search the workspace root", async () => {
    for (const tool of ["Grep", "Glob"]) {
      const d = await srcOnly().evaluate({ tool_name: tool, input: { pattern: "x" } }, workspace);
      expect(d.reason, tool).toBe(". is not covered by src/** (rule src)");
    }
  });

  it("a path that is not a string is no path; Grep's pattern is a regex, not a path", async () => {
    expect(
      (await srcOnly().evaluate({ tool_name: "Read", input: { file_path: 42 } }, workspace)).reason,
    ).toBe("Read named no path to check (rule src)");
    expect(
      await srcOnly().evaluate(
        { tool_name: "Grep", input: { path: "src", pattern: "../../etc" } },
        workspace,
      ),
    ).toMatchObject({ behavior: "allow" });
    expect(
      await srcOnly().evaluate({ tool_name: "Glob", input: { path: "src", pattern: 5 } }, workspace),
    ).toMatchObject({ behavior: "allow" });
  });

  it("a deny rule that did not match never becomes the reason of the denial", async () => {
    expect(
      (await srcOnly().evaluate({ tool_name: "Read", input: { file_path: "lib/x" } }, workspace)).reason,
    ).toBe("lib/x is not covered by src/** (rule src)");
  });
});
