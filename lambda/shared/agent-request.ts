import type { PolicyRule } from "../../src/runner/policy/policy-document.js";
import type { SessionOptions } from "../../src/runner/session-options.js";

/**
 * What the orchestrator (the worker, which holds the secrets) sends the agent function for one
 * session. Everything the agent needs arrives here or behind a presigned URL; it has no AWS
 * permission of its own and no GitHub or model credential: model traffic goes to the gateway with a
 * per-job token that stops working when the job ends.
 */
export interface AgentRequest {
  version: 1;
  jobId: string;
  /** Presigned GETs: `workspace.tgz` (the checkout) and `config.tgz` (CLAUDE_CONFIG_DIR, restored parent). */
  download: { workspace: string; config: string };
  /** Presigned PUTs for what comes back; `workspace` only when the session may edit files. */
  upload: { outcome: string; transcript: string; workspace?: string };
  /** The orchestrator's real cwd: the agent moves restored transcripts from its slug to its own. */
  originalCwd: string;
  /**
   * The model gateway and the job's token; `providerSettings` are the non-secret settings the CLI
   * needs for the provider's dialect (AWS_REGION; ANTHROPIC_VERTEX_PROJECT_ID, CLOUD_ML_REGION).
   */
  gateway: { baseUrl: string; token: string; providerSettings?: Record<string, string> };
  session: PortableSessionOptions;
}

/** SessionOptions without functions, host paths or environment: what can cross to another machine. */
export type PortableSessionOptions = Pick<
  SessionOptions,
  | "prompt"
  | "model"
  | "provider"
  | "fallbackModel"
  | "maxTurns"
  | "maxBudgetUsd"
  | "jsonSchema"
  | "tools"
  | "allowedTools"
  | "disallowedTools"
  | "permissionMode"
  | "appendSystemPrompt"
  | "bare"
  | "agentConfigFrom"
  | "includePartialMessages"
  | "resume"
  | "deadlineMs"
  | "watchdog"
  | "lifecycle"
> & {
  /** The policy as data; the agent function rebuilds the ToolPolicy from it. */
  policy: { name: string; rules: PolicyRule[] };
  /** Only a settings object crosses (a path would name a file on the sending host). */
  settings?: Record<string, unknown>;
};

export class AgentRequestError extends Error {
  override readonly name = "AgentRequestError";
}

/**
 * The crossing subset of `options`. Options that name host paths outside the workspace (extra
 * directories, MCP configs, a settings file) cannot mean anything on the agent's machine, so they are
 * refused instead of silently dropped. `env` never crosses: the agent builds its own from the gateway.
 */
export function portableSessionOptions(options: SessionOptions): PortableSessionOptions {
  if (options.addDirs?.length) throw new AgentRequestError("addDirs cannot be used with the agent function");
  if (options.mcpConfig?.length)
    throw new AgentRequestError("mcpConfig cannot be used with the agent function");
  if (typeof options.settings === "string")
    throw new AgentRequestError(
      "a settings file path cannot be used with the agent function; pass an object",
    );
  if (options.multiTurn)
    throw new AgentRequestError("multi-turn sessions cannot be used with the agent function");
  const { policy } = options;
  if (policy.workspace !== undefined && policy.workspace !== options.cwd)
    throw new AgentRequestError("the policy's workspace must be the session's cwd");
  const copy: PortableSessionOptions = {
    prompt: options.prompt,
    policy: { name: policy.name, rules: structuredClone([...policy.rules]) },
  };
  const keys = [
    "model",
    "provider",
    "fallbackModel",
    "maxTurns",
    "maxBudgetUsd",
    "jsonSchema",
    "tools",
    "allowedTools",
    "disallowedTools",
    "permissionMode",
    "appendSystemPrompt",
    "settings",
    "bare",
    "agentConfigFrom",
    "includePartialMessages",
    "resume",
    "deadlineMs",
    "watchdog",
    "lifecycle",
  ] as const;
  for (const key of keys) {
    if (options[key] !== undefined)
      (copy as unknown as Record<string, unknown>)[key] = structuredClone(options[key]);
  }
  return copy;
}

/** A session whose policy lets the agent write files must send its workspace back. */
export function sessionEditsFiles(policy: { rules: readonly PolicyRule[] }): boolean {
  return policy.rules.some(
    (rule) =>
      rule.effect === "allow" &&
      rule.tools.some((tool) => /^(\*|Write|Edit|MultiEdit|NotebookEdit)$/.test(tool)),
  );
}
