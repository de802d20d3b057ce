import type Anthropic from "@anthropic-ai/sdk";
import { type AgentSpec, agentDefinition } from "./agent-definition.js";

export interface AgentRef {
  id: string;
  version: number;
  contentHash: string;
  /** What ensureAgent had to do: nothing (cache or hash match), create, or update a stale definition. */
  action: "cached" | "reused" | "created" | "updated";
}

const HASH_KEY = "claude-pr-runner/content-hash";

/**
 * Creates or updates the job's agent idempotently. Agents are found by name and compared by the
 * content hash in their metadata: the same definition is never created twice, and a changed one
 * updates the existing agent (a new version) instead of piling up agents. `cache` keeps the answer
 * for the life of a process (a Lambda container reuses it across invocations).
 */
export async function ensureAgent(
  client: Anthropic,
  spec: AgentSpec,
  cache: Map<string, AgentRef> = new Map(),
): Promise<AgentRef> {
  const { params, contentHash } = agentDefinition(spec);
  const cached = cache.get(contentHash);
  if (cached) return { ...cached, action: "cached" };

  let existing: { id: string; version: number; metadata?: Record<string, string> } | undefined;
  for await (const agent of client.beta.agents.list()) {
    if (agent.name === params.name && !agent.archived_at) {
      existing = agent;
      if (agent.metadata?.[HASH_KEY] === contentHash) break;
    }
  }
  let ref: AgentRef;
  if (existing && existing.metadata?.[HASH_KEY] === contentHash) {
    ref = { id: existing.id, version: existing.version, contentHash, action: "reused" };
  } else if (existing) {
    const { name: _name, ...changes } = params;
    const updated = await client.beta.agents.update(existing.id, { ...changes, version: existing.version });
    ref = { id: updated.id, version: updated.version, contentHash, action: "updated" };
  } else {
    const created = await client.beta.agents.create(params);
    ref = { id: created.id, version: created.version, contentHash, action: "created" };
  }
  cache.set(contentHash, ref);
  return ref;
}

/** The sandbox the sessions run in: Anthropic's cloud container with package managers only. */
export async function ensureEnvironment(client: Anthropic, name = "claude-pr-runner"): Promise<string> {
  for await (const environment of client.beta.environments.list()) {
    if (environment.name === name && !environment.archived_at) return environment.id;
  }
  const created = await client.beta.environments.create({
    name,
    config: {
      type: "cloud",
      networking: { type: "limited", allow_package_managers: true, allow_mcp_servers: false },
    },
  });
  return created.id;
}
