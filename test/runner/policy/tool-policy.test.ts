import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
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
