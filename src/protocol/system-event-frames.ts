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

export type SystemEventFrame =
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
