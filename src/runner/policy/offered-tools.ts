import picomatch from "picomatch";
import type { PolicyRule } from "./policy-document.js";

/**
 * The built-in tools Claude Code 2.1.235 can offer in print mode (what it offers with no `--tools`,
 * plus Glob and Grep, which it offers only when named). Used to expand glob patterns (`*`,
 * `Notebook*`) in a policy's rules; a plain name is passed on as written, since the CLI ignores a
 * name it does not know.
 */
export const CLI_BUILT_IN_TOOLS: readonly string[] = [
  "Agent",
  "AskUserQuestion",
  "Bash",
  "CronCreate",
  "CronDelete",
  "CronList",
  "Edit",
  "EnterPlanMode",
  "EnterWorktree",
  "ExitPlanMode",
  "ExitWorktree",
  "Glob",
  "Grep",
  "NotebookEdit",
  "Read",
  "ReportFindings",
  "ScheduleWakeup",
  "SendMessage",
  "Skill",
  "TaskOutput",
  "TaskStop",
  "WebFetch",
  "WebSearch",
  "Workflow",
  "Write",
];

const GLOB_CHARACTERS = /[*?[\]{}()!+@]/;

/** Unconditional deny rules take the tool away whatever its input; conditional ones judge the input. */
function deniesWholeTool(rule: PolicyRule): boolean {
  return rule.effect === "deny" && !rule.paths && !rule.commandPrefixes && !rule.commands;
}

/**
 * The built-in tools the policy can ever allow, for `--tools`: a second layer behind can_use_tool,
 * so the CLI never even offers the model a tool the policy would refuse (Workflow, WebFetch, Agent,
 * Cron*, ...). MCP tools (`mcp__*`) are not built-ins: the CLI offers a server's tools whatever
 * `--tools` says (observed on 2.1.235), so they stay governed by `--mcp-config` and the policy.
 * StructuredOutput is offered with `--json-schema` whatever `--tools` says. An empty list means no
 * built-in tool at all.
 */
export function offeredBuiltInTools(policy: { rules: readonly PolicyRule[] }): string[] {
  const named = new Set<string>();
  for (const rule of policy.rules) {
    if (rule.effect !== "allow") continue;
    for (const pattern of rule.tools) {
      if (pattern.startsWith("mcp__")) continue;
      if (!GLOB_CHARACTERS.test(pattern)) named.add(pattern);
      else for (const tool of CLI_BUILT_IN_TOOLS) if (picomatch.isMatch(tool, pattern)) named.add(tool);
    }
  }
  const denied = policy.rules.filter(deniesWholeTool);
  return [...named]
    .filter(
      (tool) => !denied.some((rule) => rule.tools.some((p) => p === tool || picomatch.isMatch(tool, p))),
    )
    .sort();
}
