// Typed `system` frames the 2.1.235 binary emits in print mode beyond init/status/api_retry, with the
// fields observed on the real binary (test/conformance/stdout-frames.test.ts; docs/conformance.md).
// Every field the CLI may add later stays reachable through the index signature.
import type { SystemSubtype } from "./observed-subtypes.js";

export interface SystemFrameOf<S extends SystemSubtype> {
  type: "system";
  subtype: S;
  uuid?: string;
  session_id?: string;
  [key: string]: unknown;
}

/** Emitted only when the host passed `--include-hook-events` (command hooks from `--settings`). */
interface HookEventFields {
  hook_id: string;
  hook_name: string;
  hook_event: string;
}

export interface SystemHookStartedFrame extends SystemFrameOf<"hook_started">, HookEventFields {}

/** A running hook's output so far, polled about once a second while the hook runs. */
export interface SystemHookProgressFrame extends SystemFrameOf<"hook_progress">, HookEventFields {
  stdout: string;
  stderr: string;
  output: string;
}

export interface SystemHookResponseFrame extends SystemFrameOf<"hook_response">, HookEventFields {
  stdout: string;
  stderr: string;
  output: string;
  exit_code?: number;
  outcome: "success" | "error" | "cancelled";
}

/** A Bash call (foreground or `run_in_background`) registered as a task. */
export interface SystemTaskStartedFrame extends SystemFrameOf<"task_started"> {
  task_id: string;
  tool_use_id?: string;
  description: string;
  task_type?: string;
}

export interface SystemTaskNotificationFrame extends SystemFrameOf<"task_notification"> {
  task_id: string;
  tool_use_id?: string;
  status: string;
  output_file: string;
  summary: string;
}

export interface SystemTaskUpdatedFrame extends SystemFrameOf<"task_updated"> {
  task_id: string;
  patch: Record<string, unknown>;
}

export interface SystemBackgroundTasksChangedFrame extends SystemFrameOf<"background_tasks_changed"> {
  tasks: Array<{ task_id: string; task_type?: string; description?: string; [key: string]: unknown }>;
}

/** Only with `CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS` in the CLI's environment. */
export interface SystemSessionStateChangedFrame extends SystemFrameOf<"session_state_changed"> {
  state: string;
}

export interface SystemCompactBoundaryFrame extends SystemFrameOf<"compact_boundary"> {
  compact_metadata: { trigger: "manual" | "auto" | string; pre_tokens: number; [key: string]: unknown };
}

/** `--fallback-model` took over after an availability error (trigger `server_error`, `overloaded`, ...). */
export interface SystemModelFallbackFrame extends SystemFrameOf<"model_fallback"> {
  trigger: string;
  original_model: string;
  fallback_model: string;
  content: string;
}

/** A refusal (stop_reason `refusal`) with no fallback model left; the turn's result follows. */
export interface SystemModelRefusalNoFallbackFrame extends SystemFrameOf<"model_refusal_no_fallback"> {
  original_model: string;
  request_id: string | null;
  api_refusal_category: string | null;
  api_refusal_explanation: string | null;
  refused_user_message_uuid: string | null;
  content: string;
}

/** A running estimate of the thinking tokens streamed so far (one frame per thinking delta). */
export interface SystemThinkingTokensFrame extends SystemFrameOf<"thinking_tokens"> {
  estimated_tokens: number;
  estimated_tokens_delta: number;
}

/** A hook's `systemMessage` (and other notices the CLI shows the user). */
export interface SystemInformationalFrame extends SystemFrameOf<"informational"> {
  content: string;
  level: string;
  tool_use_id?: string;
  prevent_continuation?: boolean;
}

/** A Bash git commit / push / merge / rebase changed the repository state. */
export interface SystemVcsStateChangedFrame extends SystemFrameOf<"vcs_state_changed"> {
  kind: string;
  branch?: string;
  cwd: string;
}

/** A Bash command published code: the pull request URL it printed (`gh pr create`, `glab mr create`). */
export interface SystemCodeChangePublishedFrame extends SystemFrameOf<"code_change_published"> {
  provider: string;
  url: string;
  repo: string;
  identifier: string;
  action: string;
}

/** A subagent's progress: its latest step and usage so far. */
export interface SystemTaskProgressFrame extends SystemFrameOf<"task_progress"> {
  task_id: string;
  tool_use_id?: string;
  description: string;
  usage: { total_tokens: number; tool_uses: number; duration_ms: number };
  last_tool_name?: string;
}

/** `CLAUDE_CODE_SYNC_PLUGIN_INSTALL`: the start-up plugin install, started then completed or failed. */
export interface SystemPluginInstallFrame extends SystemFrameOf<"plugin_install"> {
  status: string;
  name?: string;
  error?: string;
}

/** The command list changed (plugins or skills reloaded); replaces the one from initialize. */
export interface SystemCommandsChangedFrame extends SystemFrameOf<"commands_changed"> {
  commands: unknown[];
}

/** An MCP server said an elicitation (URL mode) was completed out of band. */
export interface SystemElicitationCompleteFrame extends SystemFrameOf<"elicitation_complete"> {
  mcp_server_name: string;
  elicitation_id: string;
}

/** The turn classifier's verdict on a finished turn (only where a surface shows it, e.g. a bridge). */
export interface SystemPostTurnSummaryFrame extends SystemFrameOf<"post_turn_summary"> {
  summarizes_uuid: string;
  status_category: string;
  status_detail: string;
  needs_action?: string;
}

/** A one-line headline of the task in progress (null clears it). */
export interface SystemTaskSummaryFrame extends SystemFrameOf<"task_summary"> {
  detail: string | null;
}

/** A keyed notice for the user (e.g. `stop-hook-error`); a repeated key replaces the earlier one. */
export interface SystemNotificationFrame extends SystemFrameOf<"notification"> {
  key: string;
  text: string;
  priority: string;
  color?: string;
  timeout_ms?: number;
}

/** Memory files attached to the turn (auto memory's selector picked them for the prompt). */
export interface SystemMemoryRecallFrame extends SystemFrameOf<"memory_recall"> {
  mode: string;
  memories: Array<{ path: string; scope: string }>;
}

export type SystemEventFrame =
  | SystemMemoryRecallFrame
  | SystemNotificationFrame
  | SystemPostTurnSummaryFrame
  | SystemTaskSummaryFrame
  | SystemModelFallbackFrame
  | SystemModelRefusalNoFallbackFrame
  | SystemThinkingTokensFrame
  | SystemInformationalFrame
  | SystemVcsStateChangedFrame
  | SystemCodeChangePublishedFrame
  | SystemTaskProgressFrame
  | SystemPluginInstallFrame
  | SystemCommandsChangedFrame
  | SystemElicitationCompleteFrame
  | SystemHookStartedFrame
  | SystemHookProgressFrame
  | SystemHookResponseFrame
  | SystemTaskStartedFrame
  | SystemTaskNotificationFrame
  | SystemTaskUpdatedFrame
  | SystemBackgroundTasksChangedFrame
  | SystemSessionStateChangedFrame
  | SystemCompactBoundaryFrame;

export type SystemEventSubtype = SystemEventFrame["subtype"];
