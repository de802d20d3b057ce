import { RunnerConfigError } from "./runner-config-error.js";

/** Permission modes that keep every tool call flowing through the host's policy. */
export const POLICY_SAFE_PERMISSION_MODES = ["manual", "acceptEdits", "plan"] as const;
export type PermissionMode = (typeof POLICY_SAFE_PERMISSION_MODES)[number];

/** The typed subset of CLI flags the runner controls. */
export interface ClaudeArgvOptions {
  model?: string;
  maxTurns?: number;
  maxBudgetUsd?: number;
  /** Already validated JSON Schema object. */
  jsonSchema?: Record<string, unknown>;
  /** Tool availability (`--tools`); the policy still decides every call. */
  tools?: string[];
  allowedTools?: string[];
  disallowedTools?: string[];
  permissionMode?: PermissionMode;
  appendSystemPrompt?: string;
  addDirs?: string[];
  /** Final settings JSON text (the runner merges the user's settings with its own `ask` rule). */
  settingsJson: string;
  /** MCP config files or JSON strings: the only servers that start (`--strict-mcp-config` always). */
  mcpConfig?: string[];
  /** Minimal mode for untrusted repositories: no CLAUDE.md discovery, hooks or plugins. */
  bare?: boolean;
  fallbackModel?: string;
  /** `--effort` (low, medium, high, xhigh, max). */
  effort?: string;
  includePartialMessages?: boolean;
  resume?: { sessionId: string; fork: boolean };
}

/**
 * Builds the argv for one host-driven session. The fixed part is what the Agent SDK uses too
 * (docs/protocol.md#seed-references: "SDK 固定启动 stream-json + verbose"); `--permission-prompt-tool stdio` turns every
 * permission question into a `can_use_tool` control request on stdout.
 */
export function buildClaudeArgv(options: ClaudeArgvOptions): string[] {
  // No explicit `--print`, like the Agent SDK: stream-json input on a pipe already runs the CLI's
  // print worker (docs/protocol.md#seed-references: the stream-json rules apply when print mode is on, explicitly or implicitly),
  // and with the flag 2.1.235 spends ~15 ms more per turn (bench/overhead: median gap between model
  // requests 53–59 ms with it, 36–45 ms without, same session, same process).
  const argv = [
    "--input-format",
    "stream-json",
    "--output-format",
    "stream-json",
    "--verbose",
    "--permission-prompt-tool",
    "stdio",
    // Always explicit, so a repository's settings cannot pick a mode that skips the policy.
    "--permission-mode",
    options.permissionMode ?? "manual",
    "--settings",
    options.settingsJson,
  ];
  if (options.permissionMode && !POLICY_SAFE_PERMISSION_MODES.includes(options.permissionMode)) {
    throw new RunnerConfigError(
      `permission mode "${options.permissionMode}" would let tool calls bypass the tool policy; use one of ${POLICY_SAFE_PERMISSION_MODES.join(", ")}`,
      "permissionMode",
    );
  }
  if (options.model) argv.push("--model", options.model);
  if (options.effort) argv.push("--effort", options.effort);
  if (options.fallbackModel) {
    if (options.fallbackModel === options.model) {
      throw new RunnerConfigError("the fallback model must differ from the main model", "fallbackModel");
    }
    argv.push("--fallback-model", options.fallbackModel);
  }
  if (options.maxTurns !== undefined) {
    if (!Number.isInteger(options.maxTurns) || options.maxTurns < 1) {
      throw new RunnerConfigError(`maxTurns must be a positive integer; got ${options.maxTurns}`, "maxTurns");
    }
    argv.push("--max-turns", String(options.maxTurns));
  }
  if (options.maxBudgetUsd !== undefined) {
    if (!Number.isFinite(options.maxBudgetUsd) || options.maxBudgetUsd <= 0) {
      throw new RunnerConfigError(
        `maxBudgetUsd must be a positive number; got ${options.maxBudgetUsd}`,
        "maxBudgetUsd",
      );
    }
    argv.push("--max-budget-usd", String(options.maxBudgetUsd));
  }
  if (options.jsonSchema) argv.push("--json-schema", JSON.stringify(options.jsonSchema));
  // Variadic flags take one comma-joined value so a following flag is never swallowed.
  if (options.tools) argv.push("--tools", options.tools.join(","));
  if (options.allowedTools?.length) argv.push("--allowedTools", options.allowedTools.join(","));
  if (options.disallowedTools?.length) argv.push("--disallowedTools", options.disallowedTools.join(","));
  if (options.appendSystemPrompt) argv.push("--append-system-prompt", options.appendSystemPrompt);
  for (const dir of options.addDirs ?? []) argv.push(`--add-dir=${dir}`);
  for (const config of options.mcpConfig ?? []) argv.push(`--mcp-config=${config}`);
  // Only the servers the job was given (--mcp-config) ever start. 2.1.235 otherwise starts every
  // stdio server of a `.mcp.json` in its working directory or any directory above it, with no
  // approval asked, in a git checkout too: `/tmp/.mcp.json`, left by any local user or an earlier job,
  // ran its command as the CLI (test/red-team/ancestor-claude-md.test.ts). The checkout's own could
  // never be of use: no grant allows the tools of a server the job was not given (tool-grants.ts).
  argv.push("--strict-mcp-config");
  // No session loads the user settings source: that file lies in CLAUDE_CONFIG_DIR, which is the
  // agent's to write (its uid owns it, or it shares the host's), and 2.1.235 reloads it mid-session,
  // running a hook added to it itself, outside the tool policy and the Bash sandbox
  // (test/runner/run-session.isolation.test.ts). The runner's own settings come with --settings.
  // Observed on 2.1.235 (test/conformance/bare-mode.test.ts): --bare skips CLAUDE.md, hooks, project
  // MCP servers and apiKeyHelper, but still loads the checkout's .claude/settings.json, whose `env`
  // can point ANTHROPIC_BASE_URL (with our API key) at any host and whose `model` applies. Untrusted
  // runs therefore load no settings source at all, only --settings; trusted runs keep the checkout's
  // (the base's configuration, in the agent's copy).
  argv.push("--setting-sources", options.bare ? "" : "project,local");
  if (options.bare) argv.push("--bare");
  if (options.includePartialMessages) argv.push("--include-partial-messages");
  if (options.resume) {
    if (!options.resume.sessionId) throw new RunnerConfigError("resume needs a session id", "resume");
    argv.push("--resume", options.resume.sessionId);
    if (options.resume.fork) argv.push("--fork-session");
  }
  return argv;
}
