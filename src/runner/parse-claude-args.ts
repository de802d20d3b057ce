import path from "node:path";
import { RunnerConfigError } from "./runner-config-error.js";

/** What a workflow owner may set through `claude_args`: limits and model choice, never tools or permissions. */
export interface ClaudeArgsOptions {
  model?: string;
  fallbackModel?: string;
  maxTurns?: number;
  effort?: (typeof EFFORT_LEVELS)[number];
  addDirs?: string[];
  appendSystemPrompt?: string;
}

export const EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max"] as const;

/** The allowlist, by flag. Every other flag is refused, with the reason for the known wideners. */
const ALLOWED = [
  "--model",
  "--fallback-model",
  "--max-turns",
  "--effort",
  "--add-dir",
  "--append-system-prompt",
];
const WIDENERS = new Set([
  "--allowedTools",
  "--allowed-tools",
  "--tools",
  "--dangerously-skip-permissions",
  "--allow-dangerously-skip-permissions",
  "--permission-mode",
  "--permission-prompt-tool",
  "--mcp-config",
  "--strict-mcp-config",
  "--settings",
  "--setting-sources",
  "--plugin-dir",
  "--agents",
  "--disallowedTools",
  "--disallowed-tools",
]);

/**
 * Parses the `claude_args` input (shell-like words; quotes group, no expansion) into typed session
 * options. Only the flags in the allowlist are accepted; a flag that would widen tools or permissions,
 * or any unknown flag, is a RunnerConfigError that names it. `--add-dir` must stay inside the workspace.
 */
export function parseClaudeArgs(text: string, workspace: string): ClaudeArgsOptions {
  const words = splitWords(text);
  const out: ClaudeArgsOptions = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const eq = word.indexOf("=");
    const flag = word.startsWith("--") && eq !== -1 ? word.slice(0, eq) : word;
    const inline = word.startsWith("--") && eq !== -1 ? word.slice(eq + 1) : undefined;
    if (WIDENERS.has(flag)) {
      throw new RunnerConfigError(
        `claude_args: ${flag} would change the agent's tools or permissions, which the job policy decides; use the policy, allowed_tools or disallowed_tools inputs instead`,
        "claude_args",
      );
    }
    if (!ALLOWED.includes(flag)) {
      throw new RunnerConfigError(
        `claude_args: ${JSON.stringify(word)} is not allowed; allowed flags: ${ALLOWED.join(", ")}`,
        "claude_args",
      );
    }
    const value = inline ?? words[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw new RunnerConfigError(`claude_args: ${flag} needs a value`, "claude_args");
    }
    switch (flag) {
      case "--model":
        out.model = value;
        break;
      case "--fallback-model":
        out.fallbackModel = value;
        break;
      case "--max-turns": {
        const turns = Number(value);
        if (!Number.isInteger(turns) || turns < 1) {
          throw new RunnerConfigError(
            `claude_args: --max-turns must be a positive integer; got "${value}"`,
            "claude_args",
          );
        }
        out.maxTurns = turns;
        break;
      }
      case "--effort":
        if (!(EFFORT_LEVELS as readonly string[]).includes(value)) {
          throw new RunnerConfigError(
            `claude_args: --effort must be one of ${EFFORT_LEVELS.join(", ")}; got "${value}"`,
            "claude_args",
          );
        }
        out.effort = value as ClaudeArgsOptions["effort"];
        break;
      case "--add-dir": {
        const root = path.resolve(workspace);
        const dir = path.resolve(root, value);
        if (dir !== root && !dir.startsWith(`${root}${path.sep}`)) {
          throw new RunnerConfigError(
            `claude_args: --add-dir ${value} is outside the workspace`,
            "claude_args",
          );
        }
        out.addDirs = [...(out.addDirs ?? []), dir];
        break;
      }
      case "--append-system-prompt":
        out.appendSystemPrompt = value;
        break;
    }
  }
  return out;
}

/** Shell-like splitting: whitespace separates, single and double quotes group, backslash escapes in double quotes. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < text.length) current += text[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) throw new RunnerConfigError(`claude_args: unterminated ${quote} quote`, "claude_args");
  if (inWord) words.push(current);
  return words;
}
