import { readFile } from "node:fs/promises";
import { RunnerConfigError } from "./runner-config-error.js";

/**
 * Produces the `--settings` JSON: the user's settings plus `permissions.ask: ["*"]`.
 *
 * Observed on 2.1.235: without an ask rule the CLI auto-approves Read and read-only Bash commands
 * itself and the host never hears about them; `ask: ["*"]` (which also beats `--allowedTools`)
 * routes every tool call, StructuredOutput included, to `can_use_tool`, so the policy sees all.
 */
export async function mergeRunnerSettings(
  settings: Record<string, unknown> | string | undefined,
  /** Top-level keys the runner enforces over the user's (the Bash sandbox). */
  enforced: Record<string, unknown> = {},
  /** `claudeMdExcludes` the runner adds to the user's (ancestor-agent-files.ts). */
  excludedAgentFiles: readonly string[] = [],
  /**
   * The agent's PATH (agent-search-path.ts), set as `env.PATH` too: a project's `.claude/settings.json`
   * may set `env.PATH`, and 2.1.235 then finds bwrap, socat, ps and grep through it; these settings
   * come first.
   */
  searchPath?: string,
): Promise<string> {
  let user: Record<string, unknown> = {};
  if (typeof settings === "string") {
    let text: string;
    try {
      text = await readFile(settings, "utf8");
    } catch (error) {
      throw new RunnerConfigError(
        `cannot read the settings file ${settings}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        "settings",
      );
    }
    try {
      user = JSON.parse(text);
    } catch (error) {
      throw new RunnerConfigError(
        `the settings file ${settings} is not JSON: ${(error as Error).message}`,
        "settings",
      );
    }
  } else if (settings) {
    user = settings;
  }
  if (typeof user !== "object" || user === null || Array.isArray(user)) {
    throw new RunnerConfigError("settings must be a JSON object", "settings");
  }
  const permissions = (user.permissions ?? {}) as Record<string, unknown>;
  if (typeof permissions !== "object" || Array.isArray(permissions)) {
    throw new RunnerConfigError("settings.permissions must be an object", "settings");
  }
  const mode = permissions.defaultMode;
  if (mode === "bypassPermissions" || mode === "dontAsk" || mode === "auto") {
    throw new RunnerConfigError(
      `settings.permissions.defaultMode "${mode}" would bypass the tool policy; remove it`,
      "settings",
    );
  }
  // The settings' `env` key (variables the CLI sets for itself), not an environment this module reads.
  const variables = (user.env ?? {}) as Record<string, unknown>;
  if (typeof variables !== "object" || Array.isArray(variables)) {
    throw new RunnerConfigError("settings.env must be an object", "settings");
  }
  if (searchPath !== undefined && "PATH" in variables) {
    throw new RunnerConfigError(
      "settings.env.PATH would choose the programs the CLI starts itself (bwrap, git); set PATH in the job's environment instead, where the runner keeps what a PR could commit to off it",
      "settings",
    );
  }
  // 2.1.235's auto memory writes outside the tool policy (see agent-environment.ts); it stays off.
  if (user.autoMemoryEnabled === true || "autoMemoryDirectory" in user) {
    throw new RunnerConfigError(
      `settings.${user.autoMemoryEnabled === true ? "autoMemoryEnabled" : "autoMemoryDirectory"}: the CLI's auto memory lets the agent write files the tool policy never sees, and loads them as instructions; the runner keeps it off`,
      "settings",
    );
  }
  const excludes = user.claudeMdExcludes ?? [];
  if (!Array.isArray(excludes) || excludes.some((pattern) => typeof pattern !== "string")) {
    throw new RunnerConfigError("settings.claudeMdExcludes must be a list of strings", "settings");
  }
  return JSON.stringify({
    ...user,
    ...enforced,
    ...(excludes.length + excludedAgentFiles.length > 0
      ? { claudeMdExcludes: [...excludes, ...excludedAgentFiles] }
      : {}),
    // Before a project's settings, which could otherwise turn auto memory on (or point it elsewhere).
    autoMemoryEnabled: false,
    env: {
      ...variables,
      ...(searchPath !== undefined ? { PATH: searchPath } : {}),
      CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1",
    },
    permissions: { ...permissions, ask: ["*"] },
  });
}
