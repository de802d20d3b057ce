import { isWithheldSecret } from "./agent-environment.js";
import { RunnerConfigError } from "./runner-config-error.js";

/** One MCP server as the CLI's `--mcp-config` takes it: a local stdio command or a remote URL. */
export type McpServerEntry =
  | { type: "stdio"; command: string; args?: string[]; env?: Record<string, string> }
  | { type: "http" | "sse"; url: string; headers?: Record<string, string> };

export interface McpServerConfig {
  mcpServers: Record<string, McpServerEntry>;
}

export class McpConfigError extends RunnerConfigError {
  constructor(message: string) {
    super(message, "mcp_config");
  }
}

const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Checks the workflow's `mcp_config` (`{"mcpServers": {...}}`) for a job. MCP servers are for trusted
 * jobs only: a server is code or a network endpoint the agent drives, and a fork's job must not get
 * one. Every tool a server offers still goes through `can_use_tool` and is denied unless
 * `allowed_tools` names it. A server's `env` may not carry credential-looking variables the runner
 * withholds (GITHUB_TOKEN, AWS keys...): the server runs beside the agent, with the agent's
 * environment underneath.
 */
export function checkMcpServerConfig(value: unknown, options: { trusted: boolean }): McpServerConfig {
  if (!options.trusted) {
    throw new McpConfigError(
      "mcp_config is refused for an untrusted (fork) job: MCP servers are only started for trusted jobs",
    );
  }
  if (!isObject(value) || !isObject(value.mcpServers)) {
    throw new McpConfigError('mcp_config must be a JSON object {"mcpServers": {"name": {...}}}');
  }
  const extra = Object.keys(value).filter((key) => key !== "mcpServers");
  if (extra.length) throw new McpConfigError(`mcp_config has unknown keys: ${extra.join(", ")}`);
  const servers: Record<string, McpServerEntry> = {};
  for (const [name, entry] of Object.entries(value.mcpServers)) {
    if (!SERVER_NAME.test(name)) {
      throw new McpConfigError(`mcp_config server name "${name}" must be letters, digits, _ or -`);
    }
    servers[name] = checkServer(name, entry);
  }
  if (Object.keys(servers).length === 0) throw new McpConfigError("mcp_config names no server");
  return { mcpServers: servers };
}

function checkServer(name: string, entry: unknown): McpServerEntry {
  if (!isObject(entry)) throw new McpConfigError(`mcp_config server ${name} must be an object`);
  const type = entry.type ?? (typeof entry.url === "string" ? "http" : "stdio");
  if (type === "stdio") {
    allowOnly(name, entry, ["type", "command", "args", "env"]);
    if (typeof entry.command !== "string" || entry.command.trim() === "") {
      throw new McpConfigError(`mcp_config server ${name} needs a command`);
    }
    const args = entry.args ?? [];
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) {
      throw new McpConfigError(`mcp_config server ${name}: args must be an array of strings`);
    }
    const env = stringRecord(name, "env", entry.env);
    for (const variable of Object.keys(env)) {
      if (!ENV_NAME.test(variable)) {
        throw new McpConfigError(`mcp_config server ${name}: env name "${variable}" is not a variable name`);
      }
      if (isWithheldSecret(variable)) {
        throw new McpConfigError(
          `mcp_config server ${name}: env.${variable} is a credential the runner withholds from the agent's side; it cannot be handed to an MCP server`,
        );
      }
    }
    return {
      type: "stdio",
      command: entry.command,
      ...(args.length ? { args: args as string[] } : {}),
      ...(Object.keys(env).length ? { env } : {}),
    };
  }
  if (type === "http" || type === "sse") {
    allowOnly(name, entry, ["type", "url", "headers"]);
    if (typeof entry.url !== "string" || !/^https?:\/\/[^/]/.test(entry.url)) {
      throw new McpConfigError(`mcp_config server ${name} needs an http(s) url`);
    }
    const headers = stringRecord(name, "headers", entry.headers);
    return { type, url: entry.url, ...(Object.keys(headers).length ? { headers } : {}) };
  }
  throw new McpConfigError(`mcp_config server ${name}: type must be stdio, http or sse; got ${String(type)}`);
}

function allowOnly(name: string, entry: Record<string, unknown>, keys: string[]): void {
  const unknown = Object.keys(entry).filter((key) => !keys.includes(key));
  if (unknown.length) {
    throw new McpConfigError(`mcp_config server ${name} has unsupported keys: ${unknown.join(", ")}`);
  }
}

function stringRecord(name: string, field: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value) || Object.values(value).some((v) => typeof v !== "string")) {
    throw new McpConfigError(`mcp_config server ${name}: ${field} must map names to strings`);
  }
  return value as Record<string, string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
