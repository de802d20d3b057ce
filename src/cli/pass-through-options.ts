import { readFile } from "node:fs/promises";
import path from "node:path";
import { listSetting, textSetting } from "../jobs/settings/setting-values.js";
import type { JobSettings } from "../jobs/shared/job-settings.js";
import {
  type PassThroughValues,
  passThroughNamesSet,
  passThroughSettings,
} from "../jobs/shared/pass-through-settings.js";
import type { CliOption, CliSettings } from "./cli-settings.js";

/**
 * The CLI's flags for the trusted-job pass-through, the Action's `claude_args`, `settings`,
 * `mcp_config`, `allowed_tools`, `disallowed_tools` and `prompt_file` inputs under their flag names
 * (docs/providers.md). Their values go through the same checks as the Action's inputs.
 */
export const PASS_THROUGH_OPTIONS = {
  "claude-args": { setting: textSetting },
  settings: { setting: textSetting },
  "mcp-config": { setting: textSetting },
  "allowed-tools": { setting: listSetting("lines-or-commas") },
  "disallowed-tools": { setting: listSetting("lines-or-commas") },
  "prompt-file": { setting: textSetting },
} as const satisfies Record<string, CliOption>;

export const PASS_THROUGH_HELP = `Trusted changes only (ignored, with a notice, under --untrusted; the Action's inputs of the same
names, checked by the same rules, docs/providers.md):
  --claude-args=<args>    Extra CLI flags from an allowlist (--model, --fallback-model, --max-turns,
                          --effort, --add-dir inside the repository, --append-system-prompt); a flag
                          that would widen tools or permissions is refused. Write it with "=", as
                          the value starts with a dash: --claude-args="--model opus --effort high"
  --settings <json|file>  Claude Code settings merged under the policy: permissions.deny only
  --mcp-config <json|file>
                          MCP servers ({"mcpServers": {...}}); their tools still ask the policy
  --allowed-tools <list>  The agent's whole tool allowance within the review's ceiling
                          (comma-separated or repeated; Read, mcp__server__tool…)
  --disallowed-tools <list>
                          Tools taken away from the agent (comma-separated or repeated)
  --prompt-file <file>    Extra instructions appended to the prompt (at most 64 KiB)
`;

type PassThroughFlags = CliSettings<typeof PASS_THROUGH_OPTIONS>;

/** The flags as the shared pass-through reads them; lists split on commas like the Action's. */
export function passThroughValuesOf(flags: PassThroughFlags): PassThroughValues {
  // A repeated flag's occurrences arrive as written; each may itself be a comma-separated list.
  const list = (values: string[]) =>
    values
      .flatMap((value) => value.split(","))
      .map((entry) => entry.trim())
      .filter(Boolean);
  return {
    claudeArgs: flags["claude-args"],
    settings: flags.settings,
    mcpConfig: flags["mcp-config"],
    allowedTools: list(flags["allowed-tools"]),
    disallowedTools: list(flags["disallowed-tools"]),
    promptFile: flags["prompt-file"],
  };
}

/**
 * The pass-through for a CLI job: files named by a flag are read relative to the current directory
 * (like every other file flag); `--add-dir` must stay inside the reviewed repository. An untrusted
 * change takes none of it, and `notice` says which flags were left out.
 */
export async function cliPassThroughSettings(
  values: PassThroughValues,
  options: {
    cwd: string;
    repoDir: string;
    maxTurns: number;
    untrusted: boolean;
    notice: (line: string) => void;
  },
): Promise<Partial<JobSettings>> {
  if (options.untrusted) {
    const ignored = passThroughNamesSet(values).map((name) => `--${name.replace(/_/g, "-")}`);
    if (ignored.length) options.notice(`untrusted change: ${ignored.join(", ")} ignored for this review`);
    return {};
  }
  return passThroughSettings(
    values,
    { workspace: options.repoDir, readFile: (file) => readFile(path.resolve(options.cwd, file), "utf8") },
    { maxTurns: options.maxTurns },
  );
}
