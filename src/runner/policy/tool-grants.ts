import { RunnerConfigError } from "../runner-config-error.js";
import { TEST_COMMAND_OPTIONS } from "./built-in-policy.js";
import type { PolicyRule } from "./policy-document.js";
import { ToolPolicy } from "./tool-policy.js";

/** The job kinds whose tool ceiling is fixed here. */
export type ToolCeilingJob = "review" | "audit" | "autofix";

const FILE_READ_TOOLS = ["Read", "Glob", "Grep", "LS", "NotebookRead"];
const FILE_WRITE_TOOLS = ["Edit", "Write", "MultiEdit", "NotebookEdit"];

/**
 * The most a job kind may ever be given, whatever `allowed_tools` says. Reading jobs never write
 * and never run new commands; autofix may edit the workspace and run named commands. `Bash` here
 * keeps the policy's own Bash rules (their command allowlists still apply); it never adds a
 * Bash-for-anything rule. Web tools are outside every ceiling: they would let the agent send what
 * it read anywhere.
 */
export const JOB_TOOL_CEILINGS: Readonly<Record<ToolCeilingJob, readonly string[]>> = {
  review: [...FILE_READ_TOOLS, "Bash"],
  audit: [...FILE_READ_TOOLS, "Bash"],
  autofix: [...FILE_READ_TOOLS, ...FILE_WRITE_TOOLS, "Bash"],
};

/** Job kinds that may take `Bash(command prefix)` grants: the one job that already runs test commands. */
const COMMAND_GRANT_JOBS: ReadonlySet<ToolCeilingJob> = new Set(["autofix"]);

export class ToolGrantError extends RunnerConfigError {
  constructor(message: string) {
    super(message, "allowed_tools");
  }
}

/** One `allowed_tools` entry, parsed. */
export type ToolGrant =
  | { kind: "tool"; name: string }
  | { kind: "command"; prefix: string }
  | { kind: "mcp"; server: string; tool: string };

const TOOL_NAME = /^[A-Z][A-Za-z]*$/;
const COMMAND_ENTRY = /^Bash\((.*)\)$/;
const MCP_ENTRY = /^mcp__([A-Za-z0-9_-]+?)__([A-Za-z0-9_*-]+)$|^mcp__([A-Za-z0-9_-]+)$/;

/** Parses the entries of `allowed_tools` (comma or newline separated in the Action input). */
export function parseToolGrants(entries: readonly string[]): ToolGrant[] {
  return entries.map((raw) => {
    const entry = raw.trim();
    const command = COMMAND_ENTRY.exec(entry)?.[1];
    if (command !== undefined) {
      // The CLI's own spelling `Bash(npm run lint:*)` means the same prefix.
      const prefix = command.replace(/(?::\*|\s+\*)$/, "").trim();
      if (prefix === "" || /[;&|`$<>(){}\n]/.test(prefix)) {
        throw new ToolGrantError(
          `allowed_tools entry "${entry}": a Bash grant names a plain command prefix such as Bash(npm run lint), without shell operators`,
        );
      }
      return { kind: "command", prefix: prefix.replace(/\s+/g, " ") };
    }
    const mcp = MCP_ENTRY.exec(entry);
    if (mcp) {
      const server = (mcp[1] ?? mcp[3]) as string;
      return { kind: "mcp", server, tool: mcp[2] ?? "*" };
    }
    if (TOOL_NAME.test(entry)) return { kind: "tool", name: entry };
    throw new ToolGrantError(
      `allowed_tools entry "${entry}" is not a tool name (Read), a command grant (Bash(npm run lint)) or an MCP tool (mcp__server__tool)`,
    );
  });
}

export interface ToolGrantContext {
  job: ToolCeilingJob;
  /** Untrusted (fork) jobs may narrow the policy but never extend it. */
  trusted: boolean;
  /** Names of the MCP servers the job was given (mcp_config, trusted jobs only). */
  mcpServers?: readonly string[];
}

/**
 * The job policy as `allowed_tools` shapes it. The list is the agent's whole allowance: the
 * policy's allow rules apply only to the tools it names (narrowing), and a named tool the policy
 * does not allow gets an allow rule if the job's ceiling has it (extending): file tools inside
 * the workspace, `Bash(prefix)` commands for autofix, MCP tools of the job's own servers. Deny
 * rules are always kept. Anything beyond the ceiling, and any extension on an untrusted job, is a
 * ToolGrantError before the session starts.
 */
export function applyToolGrants(
  policy: ToolPolicy,
  entries: readonly string[],
  context: ToolGrantContext,
): ToolPolicy {
  const grants = parseToolGrants(entries);
  const ceiling = JOB_TOOL_CEILINGS[context.job];
  const named = new Set(grants.flatMap((grant) => (grant.kind === "tool" ? [grant.name] : [])));
  const alreadyAllowed = new Set(
    policy.rules.filter((rule) => rule.effect === "allow").flatMap((rule) => rule.tools),
  );

  const extending = (what: string) => {
    if (!context.trusted) {
      throw new ToolGrantError(
        `allowed_tools cannot extend an untrusted (fork) job's policy: ${what} is not in the ${context.job} policy; an untrusted job can only be narrowed`,
      );
    }
  };

  const added: PolicyRule[] = [];
  for (const grant of grants) {
    if (grant.kind === "tool") {
      if (!ceiling.includes(grant.name)) {
        throw new ToolGrantError(
          `allowed_tools names ${grant.name}, which is outside the ${context.job} job's ceiling (${ceiling.join(", ")})`,
        );
      }
      if (alreadyAllowed.has(grant.name)) continue;
      if (grant.name === "Bash") {
        throw new ToolGrantError(
          `allowed_tools names Bash, but the ${context.job} policy has no Bash rule to keep; name commands instead, e.g. Bash(npm run lint) (autofix only)`,
        );
      }
      extending(grant.name);
      added.push({ id: `allowed-tools:${grant.name}`, effect: "allow", tools: [grant.name], paths: ["**"] });
    } else if (grant.kind === "command") {
      if (!COMMAND_GRANT_JOBS.has(context.job)) {
        throw new ToolGrantError(
          `allowed_tools entry Bash(${grant.prefix}) is outside the ${context.job} job's ceiling: only autofix may run named commands`,
        );
      }
      extending(`Bash(${grant.prefix})`);
      added.push({
        id: `allowed-tools:Bash(${grant.prefix})`,
        effect: "allow",
        tools: ["Bash"],
        commandPrefixes: [grant.prefix],
        // A granted command takes the options the built-in test commands take, no more.
        allowedOptions: [...TEST_COMMAND_OPTIONS],
      });
    } else {
      const servers = context.mcpServers ?? [];
      if (!servers.includes(grant.server)) {
        throw new ToolGrantError(
          `allowed_tools names mcp__${grant.server}__${grant.tool}, but mcp_config gives this job ${
            servers.length ? `only the servers ${servers.join(", ")}` : "no MCP server"
          }`,
        );
      }
      extending(`mcp__${grant.server}__${grant.tool}`);
      added.push({
        id: `allowed-tools:mcp__${grant.server}__${grant.tool}`,
        effect: "allow",
        tools: [`mcp__${grant.server}__${grant.tool}`],
      });
    }
  }

  const kept = policy.rules.flatMap((rule): PolicyRule[] => {
    if (rule.effect === "deny") return [rule];
    const tools = rule.tools.filter((tool) => named.has(tool));
    return tools.length ? [{ ...rule, tools }] : [];
  });
  return new ToolPolicy(
    { name: `${policy.name}+allowed_tools`, rules: [...kept, ...added] },
    policy.workspace ? { workspace: policy.workspace } : {},
  );
}
