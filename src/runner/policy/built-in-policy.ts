import type { PolicyRule } from "./policy-document.js";
import { ToolPolicy } from "./tool-policy.js";

export type BuiltInPolicyName = "review" | "autofix" | "audit";
export const BUILT_IN_POLICY_NAMES: readonly BuiltInPolicyName[] = ["review", "autofix", "audit"];

/** Test commands autofix may run when the caller does not name its own. */
export const DEFAULT_TEST_COMMANDS = [
  "npm test",
  "npm run test",
  "npx vitest run",
  "npx jest",
  "pnpm test",
  "yarn test",
  "pytest",
  "python -m pytest",
  "go test",
  "cargo test",
  "make test",
];

const FILE_READ_TOOLS = ["Read", "Glob", "Grep", "LS", "NotebookRead"];
const FILE_WRITE_TOOLS = ["Edit", "Write", "MultiEdit", "NotebookEdit"];

const readWorkspace: PolicyRule = {
  id: "read-workspace",
  effect: "allow",
  tools: FILE_READ_TOOLS,
  paths: ["**"],
};

// 2.1.235 ships no Glob/Grep tools in print mode (the CLI tells the model to use `find` via Bash),
// so read-only policies must allow plain search commands. Each runs only with the options on its
// allowlist (command-allowlists.ts), resolved as the tool parses them, and only on arguments that
// stay inside the workspace. The forbidden arguments are a second layer behind the allowlists.
const readOnlyShell: PolicyRule = {
  id: "read-only-shell",
  effect: "allow",
  tools: ["Bash"],
  commands: ["ls", "cat", "head", "tail", "wc", "grep", "find", "pwd"],
  forbiddenArguments: ["-exec*", "-ok*", "-delete", "-fprint*", "-fls", "-follow", "--dereference*"],
};

// `git diff --output=FILE` writes, `git grep -O`/`--open-files-in-pager` (any unique prefix, from
// `--op`) runs a pager command, `--ext-diff` and `--textconv` run drivers, `--no-index` reads anywhere.
const gitRead: PolicyRule = {
  id: "git-read",
  effect: "allow",
  tools: ["Bash"],
  commands: ["git diff", "git log", "git show", "git status", "git ls-files", "git blame", "git grep"],
  forbiddenArguments: ["--output*", "--ext-diff", "-O*", "--op*", "--textconv", "--no-index"],
};

/**
 * Options test commands may take: test selection and output detail. A test command runs the
 * repository's own code (autofix only, never on forks), so this list mainly keeps the call to the
 * test run the caller configured (no `--config` pointing elsewhere, no `--prefix`).
 */
export const TEST_COMMAND_OPTIONS = [
  "--",
  "--run",
  "--reporter=",
  "-t",
  "--testNamePattern",
  "--testNamePattern=",
  "--bail",
  "--silent",
  "--verbose",
  "-v",
  "-vv",
  "-q",
  "-x",
  "-k",
  "--maxfail=",
  "-run",
  "-run=",
  "-count=1",
  "--exact",
  "--nocapture",
];

const protectWorkflows: PolicyRule = {
  id: "protect-workflows",
  effect: "deny",
  tools: FILE_WRITE_TOOLS,
  paths: [".github/workflows/**"],
  message: "Changing GitHub workflow files is not allowed by the autofix policy.",
};

// Writing into .git (hooks, config) would turn an edit into code execution on the next git command.
const protectGitDir: PolicyRule = {
  id: "protect-git-dir",
  effect: "deny",
  tools: FILE_WRITE_TOOLS,
  paths: [".git", ".git/**"],
  message: "Writing inside .git is not allowed.",
};

// Agent configuration runs as code in every later session on the branch (hooks, MCP servers) and
// instructs it (CLAUDE.md); the session itself reads its base's (agent-config.ts).
const protectAgentConfig: PolicyRule = {
  id: "protect-agent-config",
  effect: "deny",
  tools: FILE_WRITE_TOOLS,
  paths: ["**/.claude", "**/.claude/**", "**/CLAUDE.md", "**/CLAUDE.local.md", "**/.mcp.json"],
  message:
    "Changing agent configuration (CLAUDE.md, .claude, .mcp.json) is not allowed by the autofix policy.",
};

const editWorkspace: PolicyRule = {
  id: "edit-workspace",
  effect: "allow",
  tools: FILE_WRITE_TOOLS,
  paths: ["**"],
};

/**
 * The shipped policies: `review` reads the checkout and its git history; `autofix` adds edits inside
 * the workspace (never workflows or .git) and an allowlist of test commands; `audit` only reads files.
 */
export function builtInPolicy(
  name: BuiltInPolicyName,
  options: { workspace: string; testCommands?: string[] },
): ToolPolicy {
  const rules: PolicyRule[] = (() => {
    switch (name) {
      case "review":
        return [readWorkspace, readOnlyShell, gitRead];
      case "audit":
        return [readWorkspace, readOnlyShell];
      case "autofix":
        return [
          protectWorkflows,
          protectGitDir,
          protectAgentConfig,
          readWorkspace,
          readOnlyShell,
          gitRead,
          editWorkspace,
          {
            id: "test-commands",
            effect: "allow",
            tools: ["Bash"],
            commandPrefixes: options.testCommands?.length ? options.testCommands : DEFAULT_TEST_COMMANDS,
            allowedOptions: TEST_COMMAND_OPTIONS,
          },
        ];
      default:
        throw new Error(
          `unknown built-in policy "${String(name)}"; expected one of ${BUILT_IN_POLICY_NAMES.join(", ")}`,
        );
    }
  })();
  return new ToolPolicy({ name, rules }, { workspace: options.workspace });
}

export function isBuiltInPolicyName(value: string): value is BuiltInPolicyName {
  return (BUILT_IN_POLICY_NAMES as readonly string[]).includes(value);
}
