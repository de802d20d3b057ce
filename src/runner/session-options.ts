import type { ClaudeArgvOptions } from "./build-claude-argv.js";
import type { WorkspaceAccess } from "./isolation/agent-files.js";
import type { AgentUser } from "./isolation/agent-user.js";
import type { BashSandboxRequest } from "./isolation/bash-sandbox.js";
import type { ProviderCredentialSources } from "./model-gateway.js";
import type { ModelProvider } from "./model-provider.js";
import type { ToolPolicy } from "./policy/tool-policy.js";
import type { ProgressEvent } from "./progress-event.js";

/** Timing of the stop ladder and of reaping (docs/protocol.md#seed-references: "输入流关闭的语义是让 CLI 完成当前 turn 后退出"). */
export interface LifecycleTimings {
  /** After `result` and stdin close, how long the child may linger before it is killed (default 5000). */
  reapGraceMs?: number;
  /** After an `interrupt` request, how long before SIGTERM (default 5000). */
  interruptGraceMs?: number;
  /** After SIGTERM, how long before SIGKILL (default 3000). */
  termGraceMs?: number;
}

/** The runner's own limits, enforced from the frames independently of the CLI's caps. */
export interface WatchdogLimits {
  /** Assistant turns (distinct model responses) allowed; default maxTurns + 1 when maxTurns is set. */
  maxTurns?: number;
  /** Cumulative cost allowed; default maxBudgetUsd. */
  maxCostUsd?: number;
  /** Used to estimate cost from assistant usage between results; without it only results count. */
  usdPerMillionTokens?: { input: number; output: number };
}

/** The CLI flags a session passes through as they are (build-claude-argv.ts documents each). */
type PassThroughFlags = Pick<
  ClaudeArgvOptions,
  | "model"
  | "fallbackModel"
  | "effort"
  | "maxTurns"
  | "maxBudgetUsd"
  | "tools"
  | "allowedTools"
  | "disallowedTools"
  | "permissionMode"
  | "appendSystemPrompt"
  | "addDirs"
  | "mcpConfig"
  | "bare"
  | "includePartialMessages"
  | "resume"
>;

export interface SessionOptions extends PassThroughFlags {
  prompt: string;
  /** The workspace: the agent's cwd and the root of the policy's path rules. */
  cwd: string;
  policy: ToolPolicy;
  /** Defaults to the bin of the installed @anthropic-ai/claude-code package. */
  claudePath?: string;
  /** JSON Schema (an object) for structured output; compiled before spawning. */
  jsonSchema?: unknown;
  /** Settings object, or a path to a settings JSON file. */
  settings?: Record<string, unknown> | string;
  /** CLAUDE_CONFIG_DIR to use (kept afterwards); a temporary one is created and removed when absent. */
  configDir?: string;
  /**
   * Where the session's own files go (HOME, the agent's copy of the workspace): a fixed private
   * directory (a session slot), emptied first and removed afterwards, so the paths the CLI puts in
   * its prompt are the same from run to run (src/runner/session-slot.ts). Absent: a new temp dir.
   */
  workRoot?: string;
  /** Extra variables for the agent's environment. */
  env?: Record<string, string>;
  /** Names of credential variables (GITHUB_TOKEN, AWS_*...) to pass on purpose. */
  passSecrets?: string[];
  /**
   * The host environment the agent's allowlisted variables are drawn from: the door's process
   * environment, passed down because nothing below the doors reads `process.env`.
   */
  sourceEnv: NodeJS.ProcessEnv;
  /**
   * Model traffic through a per-session loopback credential proxy (default true): the agent gets the
   * proxy's URL and a per-job token, never the real API key or OAuth token; the proxy enforces the
   * spend cap and fails fast on a rejected credential (docs/security.md#credential-proxy). `false`
   * passes the credential to the agent directly, as a plain CLI run would.
   */
  credentialProxy?: boolean;
  /**
   * Where the model runs (docs/providers.md). Default: the host environment's switches
   * (CLAUDE_CODE_USE_BEDROCK/VERTEX/FOUNDRY), else `anthropic`. `model` and `fallbackModel` are mapped
   * to the provider's ids before spawn.
   */
  provider?: ModelProvider;
  /** Where the proxy gets cloud credentials (tests, custom hosts); default: the providers' standard chains. */
  providerCredentials?: ProviderCredentialSources;
  /** Wall-clock limit for the whole session. */
  deadlineMs?: number;
  /** Keep stdin open after a result and accept further messages via sendUserMessage. */
  multiTurn?: boolean;
  /** Run the CLI and everything it starts as this unprivileged user (docs/security.md). */
  agentUser?: AgentUser;
  /**
   * `write` (autofix): the agent's edits to its copy of the workspace come back to `cwd` when the
   * session ends. `read` (default): nothing comes back, and under agentUser the kernel refuses edits.
   */
  workspaceAccess?: WorkspaceAccess;
  /**
   * A commit of `cwd`'s repository (a PR's base) whose agent configuration the agent reads: its
   * copy of the workspace carries that commit's CLAUDE.md, `.claude` and `.mcp.json` files, at any
   * depth, and none of the checkout's (src/runner/isolation/agent-config.ts). A PR's head can then
   * neither add hooks or MCP servers nor instruct the agent that reads it. The session fails to start
   * when the commit is not there.
   */
  agentConfigFrom?: string;
  /** Take the Bash tool away (an untrusted job on a host that cannot isolate the agent). */
  withoutBash?: boolean;
  /** Confine Bash in the CLI's own OS sandbox (bubblewrap) where it can run here. */
  bashSandbox?: BashSandboxRequest;
  /** Where to write the redacted NDJSON execution log. */
  executionLogPath?: string;
  onProgress?: (event: ProgressEvent) => void;
  lifecycle?: LifecycleTimings;
  watchdog?: WatchdogLimits;
}
