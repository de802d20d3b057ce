import type { Engine } from "../../engines/engine.js";
import type { SessionRunner } from "../../engines/session-runner.js";
import type { IsolationDecision } from "../../runner/isolation/isolation-decision.js";
import type { McpServerConfig } from "../../runner/mcp-server-config.js";
import type { ModelProvider } from "../../runner/model-provider.js";
import type { ToolPolicy } from "../../runner/policy/tool-policy.js";
import type { ProgressEvent } from "../../runner/progress-event.js";

/**
 * What every job shares: how to run the CLI and under which limits. Doors (Action, CLI, Lambda) fill
 * it from their own inputs; jobs never read environment variables or action inputs themselves.
 */
export interface JobSettings {
  claudePath?: string;
  model?: string;
  /** Where the model runs (the credential proxy authenticates upstream); absent: from the environment. */
  provider?: ModelProvider;
  /**
   * The workflow owner's extras for trusted jobs only (claude_args, settings, disallowed_tools): they
   * can narrow the job or tune the model, never widen tools or permissions (docs/providers.md).
   */
  trustedExtras?: {
    fallbackModel?: string;
    effort?: string;
    addDirs?: string[];
    appendSystemPrompt?: string;
    settings?: Record<string, unknown>;
    disallowedTools?: string[];
  };
  /**
   * The workflow's `allowed_tools`: the agent's whole tool allowance, within the job's ceiling
   * (applyToolGrants). Untrusted jobs may only narrow with it.
   */
  allowedTools?: string[];
  /** The workflow's `mcp_config`, already checked; trusted jobs only (checkMcpServerConfig). */
  mcpServers?: McpServerConfig;
  /**
   * The workflow's `env` for a same-repository autofix's test commands (checkAutofixEnv); never
   * given to a fork's job. `secretNames` lists the variables the workflow passed on purpose.
   */
  autofixEnv?: { variables: Record<string, string>; secretNames: string[] };
  maxTurns: number;
  maxBudgetUsd: number;
  /** Wall-clock deadline of the session. */
  timeoutMs: number;
  /** Overrides the job's built-in policy (a custom file or another built-in). */
  policy?: ToolPolicy;
  /** Overrides the job's built-in output schema. */
  jsonSchema?: Record<string, unknown>;
  /** Extra instructions appended to the prompt (trusted: they come from the workflow owner). */
  extraInstructions?: string;
  /**
   * The door's process environment: the agent's allowlisted variables (PATH, HOME, locale) and git's
   * environment come from it. Only doors read `process.env`; jobs get it here.
   */
  hostEnv: NodeJS.ProcessEnv;
  /** Variables the agent needs to reach the model (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, Bedrock/Vertex). */
  agentEnv: Record<string, string>;
  /** Values to redact from logs and stored transcripts (tokens, keys). */
  secretValues: string[];
  executionLogPath?: string;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * The engine that runs the session: absent, the local Claude Code CLI; set, a Claude Managed Agents
   * session in Anthropic's container (docs/engines.md). Jobs hand both the same prompt, schema and policy.
   */
  engine?: Engine;
  /** Where sessions run; default: the CLI in this process (runSessionHere). */
  sessionRunner?: SessionRunner;
  /** Hosts a same-repository autofix's sandboxed Bash may reach; default none. */
  autofixAllowedDomains?: string[];
  /** How the door isolated the agent from the host (decideIsolation); absent: the host's user. */
  isolation?: IsolationDecision;
}

/** The part of a session's options that every job takes from its settings unchanged. */
export function sessionLimitsFrom(settings: JobSettings) {
  return {
    maxTurns: settings.maxTurns,
    maxBudgetUsd: settings.maxBudgetUsd,
    deadlineMs: settings.timeoutMs,
    env: settings.agentEnv,
    sourceEnv: settings.hostEnv,
    ...(settings.claudePath ? { claudePath: settings.claudePath } : {}),
    ...(settings.model ? { model: settings.model } : {}),
    ...(settings.provider ? { provider: settings.provider } : {}),
    ...settings.trustedExtras,
    ...(settings.executionLogPath ? { executionLogPath: settings.executionLogPath } : {}),
    ...(settings.onProgress ? { onProgress: settings.onProgress } : {}),
    ...(settings.sessionRunner ? { sessionRunner: settings.sessionRunner } : {}),
    ...(settings.isolation?.kind === "separate-user" ? { agentUser: settings.isolation.user } : {}),
    ...(settings.isolation?.kind === "no-bash" ? { withoutBash: true } : {}),
    // Where bubblewrap runs, Bash gets the CLI's OS sandbox with no network: reviews and audits read,
    // and autofix test commands run on what the workflow installed before the job (docs/security.md).
    // An agent on the host's own user may run open code (test commands) only inside it.
    bashSandbox: {
      allowedDomains: [] as string[],
      ...(settings.isolation?.kind === "same-user" ? { requiredForOpenCode: true } : {}),
    },
  };
}
