import picomatch from "picomatch";
import { allowlistedCommandOf, checkAllowlistedCommand } from "./check-allowlisted-command.js";
import { confineArgument } from "./confine-argument.js";
import { confinePath, realWorkspaceRoot } from "./confine-path.js";
import { bashFlagRefusal, FOREGROUND_BASH_RULE } from "./foreground-bash.js";
import type { PolicyDocument, PolicyRule } from "./policy-document.js";
import { splitShellWords } from "./shell-words.js";

/** What the CLI asked permission for (the fields of a `can_use_tool` control request). */
export interface ToolUseRequest {
  tool_name: string;
  input: Record<string, unknown>;
  tool_use_id?: string;
}

/** One recorded policy decision; every `can_use_tool` produces exactly one. */
export interface PolicyDecision {
  toolName: string;
  toolUseId?: string;
  behavior: "allow" | "deny";
  /** The rule that decided, or `default-deny` when none matched. */
  ruleId: string;
  reason: string;
  /** Short, redacted description of the input (command or path). */
  subject: string;
  at: string;
}

export const DEFAULT_DENY_RULE = "default-deny";

/** Input fields that name files or directories, across the built-in tools. */
const PATH_FIELDS = ["file_path", "notebook_path", "path"] as const;
/** Tools whose path field is optional and defaults to the working directory. */
const DEFAULTS_TO_CWD = new Set(["Glob", "Grep", "LS"]);

/**
 * `specific` marks a refusal by a rule that covers the command (its arguments were refused), whose
 * reason tells the model more than "not an allowed command" from a rule for other commands.
 */
type RuleMatch = { matched: true; reason: string } | { matched: false; reason?: string; specific?: boolean };

/**
 * Declarative tool policy: the runner's foreground rule first (foreground-bash.ts), then deny rules
 * win, then the first matching allow rule, else default deny.
 * Paths are judged by where they really resolve (the control channel is trusted, so the host
 * is the only gate between the model and the machine).
 */
export class ToolPolicy {
  readonly name: string;
  readonly rules: readonly PolicyRule[];
  /** Workspace root for path rules; when absent the session's cwd is used. */
  readonly workspace: string | undefined;
  /** Each workspace's real place, resolved at its first use (see pinRoot). */
  private readonly pinnedRoots = new Map<string, Promise<string>>();

  constructor(document: PolicyDocument, options: { workspace?: string } = {}) {
    this.name = document.name;
    this.rules = document.rules;
    this.workspace = options.workspace;
  }

  /** Returns a copy with extra rules appended (used by the runner for StructuredOutput). */
  withRules(rules: PolicyRule[]): ToolPolicy {
    return new ToolPolicy(
      { name: this.name, rules: [...this.rules, ...rules] },
      this.workspace ? { workspace: this.workspace } : {},
    );
  }

  /** Returns a copy whose path rules are rooted at `workspace` (the agent's own copy of the checkout). */
  rootedAt(workspace: string): ToolPolicy {
    return new ToolPolicy({ name: this.name, rules: [...this.rules] }, { workspace });
  }

  /**
   * Resolves where the workspace really is, once: every later decision judges paths against that
   * place. The host pins it before the agent starts; re-resolving it per decision let code the agent
   * ran swap the workspace for a link to any directory and carry the confinement there.
   */
  pinRoot(workspace?: string): Promise<string> {
    const spelled = this.workspace ?? workspace;
    if (spelled === undefined) throw new TypeError(`policy "${this.name}" has no workspace to pin`);
    let pinned = this.pinnedRoots.get(spelled);
    if (!pinned) {
      pinned = realWorkspaceRoot(spelled);
      this.pinnedRoots.set(spelled, pinned);
    }
    return pinned;
  }

  async evaluate(
    request: ToolUseRequest,
    workspace: string,
  ): Promise<Omit<PolicyDecision, "at" | "subject">> {
    const base = {
      toolName: request.tool_name,
      ...(request.tool_use_id ? { toolUseId: request.tool_use_id } : {}),
    };
    const flagRefusal = bashFlagRefusal(request.tool_name, request.input);
    if (flagRefusal) return { ...base, behavior: "deny", ruleId: FOREGROUND_BASH_RULE, reason: flagRefusal };
    const root = await this.pinRoot(workspace);
    for (const rule of this.rules) {
      if (rule.effect !== "deny" || !toolMatches(rule, request.tool_name)) continue;
      const match = await denyRuleMatches(rule, request, root);
      if (match.matched) {
        return { ...base, behavior: "deny", ruleId: rule.id, reason: rule.message ?? match.reason };
      }
    }
    let nearMiss: string | undefined;
    let specificMiss: string | undefined;
    for (const rule of this.rules) {
      if (rule.effect !== "allow" || !toolMatches(rule, request.tool_name)) continue;
      const match = await allowRuleMatches(rule, request, root);
      if (match.matched) return { ...base, behavior: "allow", ruleId: rule.id, reason: match.reason };
      const described = match.reason ? `${match.reason} (rule ${rule.id})` : undefined;
      nearMiss ??= described;
      if (match.specific) specificMiss ??= described;
    }
    return {
      ...base,
      behavior: "deny",
      ruleId: DEFAULT_DENY_RULE,
      reason:
        specificMiss ?? nearMiss ?? `no rule of policy "${this.name}" allows the ${request.tool_name} tool`,
    };
  }
}

/** Whether a rule names a tool (by name or glob). */
export function toolMatches(rule: PolicyRule, toolName: string): boolean {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: picomatch matches a plain name too; the equality is a short cut (and no tool name starts with a dot)
  return rule.tools.some((pattern) => pattern === toolName || compiledGlob(pattern, false)(toolName));
}

/** A policy's globs are few and fixed, and every tool call tests them: each is compiled once. */
const compiledGlobs = new Map<string, (subject: string) => boolean>();

function compiledGlob(pattern: string, dot: boolean): (subject: string) => boolean {
  // Stryker disable next-line StringLiteral: the cache only saves compiling; a key shared by both modes matches the same
  const key = `${dot ? "d" : "n"}:${pattern}`;
  let matcher = compiledGlobs.get(key);
  // Stryker disable next-line ConditionalExpression: compiling again gives the same matcher
  if (!matcher) {
    matcher = picomatch(pattern, { dot });
    compiledGlobs.set(key, matcher);
  }
  return matcher;
}

export function toolInputPaths(request: ToolUseRequest): string[] {
  const paths: string[] = [];
  for (const field of PATH_FIELDS) {
    const value = request.input[field];
    if (typeof value === "string" && value.length > 0) paths.push(value);
  }
  if (paths.length === 0 && DEFAULTS_TO_CWD.has(request.tool_name)) paths.push(".");
  // Glob's pattern is itself a path expression; an absolute or parent-relative pattern escapes `path`.
  const pattern = request.input.pattern;
  if (request.tool_name === "Glob" && typeof pattern === "string") paths.push(pattern);
  return paths;
}

function globMatches(globs: string[], relative: string): boolean {
  const subject = relative === "" ? "." : relative;
  return globs.some((g) => (g === "**" && subject === ".") || compiledGlob(g, true)(subject));
}

async function denyRuleMatches(rule: PolicyRule, request: ToolUseRequest, root: string): Promise<RuleMatch> {
  if (rule.paths) {
    const paths = toolInputPaths(request);
    let hit: string | undefined;
    for (const p of paths) {
      const confined = await confinePath(root, p);
      if (confined.inside && globMatches(rule.paths, confined.relative)) {
        hit = confined.relative;
        break;
      }
    }
    if (!hit) return { matched: false };
    if (!rule.commandPrefixes) return { matched: true, reason: `${request.tool_name} on ${hit} is denied` };
  }
  if (rule.commandPrefixes || rule.commands) {
    const words = splitShellWords(String(request.input.command ?? ""));
    // A command the splitter refuses cannot be allowed by any rule either, so no need to match it here.
    if (!words.ok) return { matched: false };
    const prefix =
      matchingPrefix(rule.commandPrefixes ?? [], words.words) ??
      allowlistedCommandOf(words.words, rule.commands ?? []);
    if (!prefix) return { matched: false };
    return { matched: true, reason: `the command "${prefix}" is denied` };
  }
  return { matched: true, reason: `the ${request.tool_name} tool is denied` };
}

async function allowRuleMatches(rule: PolicyRule, request: ToolUseRequest, root: string): Promise<RuleMatch> {
  if (rule.paths) {
    const paths = toolInputPaths(request);
    if (paths.length === 0) return { matched: false, reason: `${request.tool_name} named no path to check` };
    for (const p of paths) {
      if (
        request.tool_name === "Glob" &&
        p === request.input.pattern &&
        !p.startsWith("/") &&
        !hasParentSegment(p)
      ) {
        continue; // a relative, non-escaping pattern stays under the (already checked) search root
      }
      const confined = await confinePath(root, p);
      if (!confined.inside) return { matched: false, reason: `${p} resolves outside the workspace` };
      if (!globMatches(rule.paths, confined.relative)) {
        return {
          matched: false,
          reason: `${confined.relative || "."} is not covered by ${rule.paths.join(", ")}`,
        };
      }
    }
  }
  if (rule.commands) {
    const words = splitShellWords(String(request.input.command ?? ""));
    if (!words.ok) return { matched: false, reason: words.reason };
    const checked = await checkAllowlistedCommand(words.words, rule.commands, root);
    if (!checked.allowed)
      return { matched: false, reason: checked.reason, specific: checked.command !== undefined };
    const forbidden = forbiddenArgument(rule, words.words.slice(checked.command.split(" ").length));
    if (forbidden) return { matched: false, reason: `${forbidden} for "${checked.command}"`, specific: true };
    return { matched: true, reason: `allowlisted command "${checked.command}"` };
  }
  if (rule.commandPrefixes) {
    const command = String(request.input.command ?? "");
    const words = splitShellWords(command);
    if (!words.ok) return { matched: false, reason: words.reason };
    const prefix = matchingPrefix(rule.commandPrefixes, words.words);
    if (!prefix)
      return { matched: false, reason: `"${words.words.slice(0, 2).join(" ")}" is not an allowed command` };
    const rest = words.words.slice(prefixWords(prefix).length);
    const forbidden = forbiddenArgument(rule, rest);
    if (forbidden) return { matched: false, reason: `${forbidden} for "${prefix}"`, specific: true };
    const unlisted =
      rule.allowedOptions && rest.find((word) => isUnlistedOption(rule.allowedOptions ?? [], word));
    if (unlisted) {
      return {
        matched: false,
        reason: `the option "${unlisted}" is not allowed for "${prefix}"`,
        specific: true,
      };
    }
    if (rule.confineArguments !== false) {
      for (const word of rest) {
        const refusal = await confineArgument(root, word);
        if (refusal) return { matched: false, reason: refusal, specific: true };
      }
    }
    return { matched: true, reason: `command prefix "${prefix}"` };
  }
  return {
    matched: true,
    reason: rule.paths ? `paths within ${rule.paths.join(", ")}` : `tool ${request.tool_name}`,
  };
}

function matchingPrefix(prefixes: string[], words: string[]): string | undefined {
  return prefixes.find((prefix) => prefixWords(prefix).every((part, i) => words[i] === part));
}

/** A prefix as written in a policy file may carry stray spaces: `" npm  test "` is `npm test`. */
function prefixWords(prefix: string): string[] {
  return prefix.trim().split(/\s+/);
}

function hasParentSegment(p: string): boolean {
  return p.split(/[\\/]/).includes("..");
}

/** The denylist, a second layer behind the allowlists: globs matched against the raw words. */
function forbiddenArgument(rule: PolicyRule, words: readonly string[]): string | undefined {
  const word = words.find((w) =>
    rule.forbiddenArguments?.some((g) => picomatch.isMatch(w, g, { dot: true })),
  );
  return word === undefined ? undefined : `the argument "${word}" is forbidden`;
}

function isUnlistedOption(allowedOptions: readonly string[], word: string): boolean {
  if (!word.startsWith("-")) return false;
  return !allowedOptions.some(
    (option) => option === word || (option.endsWith("=") && word.startsWith(option)),
  );
}
