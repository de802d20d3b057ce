// docs/protocol.md#seed-references: "本地 stdout/stdin 的真实 envelope / stdout" — one JSON object per line. Every type in the seed's
// stdout table (and the extra types it lists) has a variant here; anything else becomes `UnknownFrame`.
import type { AssistantMessage, StreamEvent, Usage, UserMessage } from "./content-blocks.js";
import type { ExtraFrame } from "./extra-stdout-frames.js";
import type { ResultErrorSubtype, SystemSubtype } from "./observed-subtypes.js";
import type { SystemEventFrame, SystemEventSubtype, SystemFrameOf } from "./system-event-frames.js";

export type * from "./extra-stdout-frames.js";
export type * from "./system-event-frames.js";

/** The ten types of the seed's stdout table (docs/protocol.md#seed-references). */
export const CORE_STDOUT_FRAME_TYPES = [
  "assistant",
  "user",
  "stream_event",
  "system",
  "tool_progress",
  "result",
  "control_request",
  "control_response",
  "control_cancel_request",
  "keep_alive",
] as const;

/** The nine further types the seed lists after the table ("另外还有 ...", docs/protocol.md#seed-references). */
export const EXTRA_STDOUT_FRAME_TYPES = [
  "auth_status",
  "tool_use_summary",
  "rate_limit_event",
  "prompt_suggestion",
  "conversation_reset",
  "command_lifecycle",
  "transcript_mirror",
  "active_goal",
  "autocompact_state",
] as const;

export const STDOUT_FRAME_TYPES = [...CORE_STDOUT_FRAME_TYPES, ...EXTRA_STDOUT_FRAME_TYPES] as const;
export type StdoutFrameType = (typeof STDOUT_FRAME_TYPES)[number];
export type ExtraStdoutFrameType = (typeof EXTRA_STDOUT_FRAME_TYPES)[number];

export interface AssistantFrame {
  type: "assistant";
  message: AssistantMessage;
  uuid?: string;
  session_id?: string;
  parent_tool_use_id?: string | null;
  error?: unknown;
  [key: string]: unknown;
}

export interface UserFrame {
  type: "user";
  message: UserMessage;
  uuid?: string;
  session_id?: string;
  parent_tool_use_id?: string | null;
  tool_use_result?: unknown;
  isReplay?: boolean;
  [key: string]: unknown;
}

export interface StreamEventFrame {
  type: "stream_event";
  event: StreamEvent;
  uuid?: string;
  session_id?: string;
  parent_tool_use_id?: string | null;
  ttft_ms?: number;
  [key: string]: unknown;
}

export interface ToolProgressFrame {
  type: "tool_progress";
  tool_use_id?: string;
  tool_name?: string;
  parent_tool_use_id?: string | null;
  elapsed_time_seconds?: number;
  [key: string]: unknown;
}

export interface SystemInitFrame extends SystemFrameOf<"init"> {
  session_id: string;
  tools: string[];
  model: string;
  cwd: string;
  permissionMode?: string;
  claude_code_version?: string;
  mcp_servers?: Array<{ name: string; status: string }>;
  capabilities?: string[];
}

export interface SystemApiRetryFrame extends SystemFrameOf<"api_retry"> {
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: string;
}

export interface SystemStatusFrame extends SystemFrameOf<"status"> {
  status: string | null;
}

export interface SystemControlRequestProgressFrame extends SystemFrameOf<"control_request_progress"> {
  request_id: string;
  status?: string;
}

/** A refusal retried on the next model of the line-up; the refused assistant messages are retracted. */
export interface SystemModelRefusalFallbackFrame extends SystemFrameOf<"model_refusal_fallback"> {
  trigger?: string;
  original_model?: string;
  fallback_model?: string;
  api_refusal_category?: string | null;
  retracted_message_uuids?: string[];
}

/** A tool call refused before anyone was asked (a deny rule); the model gets an error tool_result. */
export interface SystemPermissionDeniedFrame extends SystemFrameOf<"permission_denied"> {
  tool_name?: string;
  tool_use_id?: string;
  decision_reason_type?: string;
  message?: string;
}

type SpecificSystemSubtype =
  | "init"
  | "api_retry"
  | "status"
  | "control_request_progress"
  | "model_refusal_fallback"
  | "permission_denied"
  | SystemEventSubtype;

/** One frame type per remaining system subtype, so `subtype` narrows precisely. */
export type OtherSystemFrame = {
  [S in Exclude<SystemSubtype, SpecificSystemSubtype>]: SystemFrameOf<S>;
}[Exclude<SystemSubtype, SpecificSystemSubtype>];

export type SystemFrame =
  | SystemInitFrame
  | SystemApiRetryFrame
  | SystemStatusFrame
  | SystemControlRequestProgressFrame
  | SystemModelRefusalFallbackFrame
  | SystemPermissionDeniedFrame
  | SystemEventFrame
  | OtherSystemFrame;

export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input?: unknown;
  [key: string]: unknown;
}

interface ResultFrameBase {
  type: "result";
  is_error: boolean;
  session_id: string;
  total_cost_usd: number;
  usage: Usage;
  num_turns: number;
  permission_denials: PermissionDenial[];
  duration_ms?: number;
  duration_api_ms?: number;
  modelUsage?: Record<string, unknown>;
  stop_reason?: string | null;
  terminal_reason?: string;
  uuid?: string;
  errors?: string[];
  api_error_status?: number | null;
  [key: string]: unknown;
}

export interface ResultSuccessFrame extends ResultFrameBase {
  subtype: "success";
  result?: string;
  structured_output?: unknown;
}

export interface ResultErrorFrame extends ResultFrameBase {
  subtype: ResultErrorSubtype;
  result?: string;
  structured_output?: unknown;
}

export type ResultFrame = ResultSuccessFrame | ResultErrorFrame;

// --- incoming control requests (loop -> client) ---------------------------------------------

export interface CanUseToolRequest {
  subtype: "can_use_tool";
  tool_name: string;
  input: Record<string, unknown>;
  tool_use_id?: string;
  permission_suggestions?: unknown;
  blocked_path?: string;
  decision_reason?: string;
  [key: string]: unknown;
}

export interface HookCallbackRequest {
  subtype: "hook_callback";
  callback_id: string;
  input: unknown;
  tool_use_id?: string;
  [key: string]: unknown;
}

export interface ElicitationRequest {
  subtype: "elicitation";
  mcp_server_name?: string;
  message?: string;
  mode?: string;
  requested_schema?: unknown;
  [key: string]: unknown;
}

export interface RequestUserDialogRequest {
  subtype: "request_user_dialog";
  dialog_kind: string;
  payload?: unknown;
  tool_use_id?: string;
  [key: string]: unknown;
}

export interface McpMessageRequest {
  subtype: "mcp_message";
  server_name: string;
  message: unknown;
  [key: string]: unknown;
}

/** Any other subtype, known or not: the channel answers the ones it cannot handle with `error`. */
export interface OtherControlRequest {
  subtype: string;
  [key: string]: unknown;
}

export type ControlRequestBody =
  | CanUseToolRequest
  | HookCallbackRequest
  | ElicitationRequest
  | RequestUserDialogRequest
  | McpMessageRequest
  | OtherControlRequest;

export interface ControlRequestFrame {
  type: "control_request";
  request_id: string;
  request: ControlRequestBody;
  [key: string]: unknown;
}

export interface ControlSuccessResponse {
  subtype: "success";
  request_id: string;
  response?: Record<string, unknown>;
  pending_permission_requests?: unknown[];
  pending_user_dialog_requests?: unknown[];
  [key: string]: unknown;
}

export interface ControlErrorResponse {
  subtype: "error";
  request_id: string;
  error: string;
  /** Machine-readable reason, added by 2.1.332 (e.g. `unsupported_request`). */
  error_code?: string;
  pending_permission_requests?: unknown[];
  pending_user_dialog_requests?: unknown[];
  [key: string]: unknown;
}

export interface ControlResponseFrame {
  type: "control_response";
  response: ControlSuccessResponse | ControlErrorResponse;
  [key: string]: unknown;
}

export interface ControlCancelRequestFrame {
  type: "control_cancel_request";
  request_id: string;
  [key: string]: unknown;
}

export interface KeepAliveFrame {
  type: "keep_alive";
  [key: string]: unknown;
}

/**
 * Forward compatibility (docs/protocol.md#seed-references: "收到未知 type/subtype ... 忽略并记录,继续等待 result"): anything that is
 * not a recognised frame is kept whole in `raw` and passed on, never dropped and never fatal.
 */
export interface UnknownFrame {
  type: "unknown";
  /** Why the frame is not typed: unseen type, unseen subtype, or a known type missing its key fields. */
  reason: "unknown_type" | "unknown_subtype" | "malformed" | "not_an_object";
  /** The `type` field of the raw frame, when it was a string. */
  frameType?: string;
  /** The `subtype` field of the raw frame, when it was a string. */
  subtype?: string;
  raw: unknown;
}

export type StdoutFrame =
  | AssistantFrame
  | UserFrame
  | StreamEventFrame
  | SystemFrame
  | ToolProgressFrame
  | ResultFrame
  | ControlRequestFrame
  | ControlResponseFrame
  | ControlCancelRequestFrame
  | KeepAliveFrame
  | ExtraFrame
  | UnknownFrame;
