import { checkMcpServerConfig, type McpServerConfig } from "../../runner/mcp-server-config.js";
import { offeredBuiltInTools } from "../../runner/policy/offered-tools.js";
import { applyToolGrants, type ToolCeilingJob } from "../../runner/policy/tool-grants.js";
import type { ToolPolicy } from "../../runner/policy/tool-policy.js";
import type { JobSettings } from "./job-settings.js";

export interface JobToolAccess {
  policy: ToolPolicy;
  /** `--tools`: the built-in tools the policy can ever allow, so the CLI offers the model no other. */
  tools: string[];
  /** `--mcp-config` JSON: the workflow's servers, the only ones that start (build-claude-argv.ts). */
  mcpConfig?: string[];
}

/**
 * The job's policy shaped by the workflow's `allowed_tools` within the job's ceiling, the built-in
 * tools the CLI offers (only those the shaped policy can allow), and its MCP servers (trusted jobs only). Untrusted jobs that were given either extension fail here, before any
 * spawn, with a typed error (ToolGrantError, McpConfigError).
 */
export function jobToolAccess(
  job: ToolCeilingJob,
  policy: ToolPolicy,
  settings: Pick<JobSettings, "allowedTools" | "mcpServers">,
  trusted: boolean,
): JobToolAccess {
  const mcp: McpServerConfig | undefined = settings.mcpServers
    ? checkMcpServerConfig(settings.mcpServers, { trusted })
    : undefined;
  const shaped = settings.allowedTools?.length
    ? applyToolGrants(policy, settings.allowedTools, {
        job,
        trusted,
        mcpServers: Object.keys(mcp?.mcpServers ?? {}),
      })
    : policy;
  return {
    policy: shaped,
    tools: offeredBuiltInTools(shaped),
    ...(mcp ? { mcpConfig: [JSON.stringify(mcp)] } : {}),
  };
}
