// docs/protocol.md#seed-references: "本地 stdout/stdin 的真实 envelope / stdin" — stdin accepts user messages, the internal
// bash_command, the two-way control frames, update_environment_variables, queued_notification and
// session_notice. Shapes below are the ones the real CLI accepted (see the probes note).
import type { ContentBlock } from "./content-blocks.js";

export const STDIN_FRAME_TYPES = [
  "user",
  "bash_command",
  "control_request",
  "control_response",
  "control_cancel_request",
  "update_environment_variables",
  "queued_notification",
  "session_notice",
] as const;
export type StdinFrameType = (typeof STDIN_FRAME_TYPES)[number];

export interface UserMessageFrame {
  type: "user";
  message: { role: "user"; content: string | ContentBlock[] };
  parent_tool_use_id: string | null;
  session_id: string;
  uuid?: string;
}

export interface ControlRequestOutFrame {
  type: "control_request";
  request_id: string;
  request: { subtype: string; [key: string]: unknown };
}

export interface ControlSuccessOutFrame {
  type: "control_response";
  response: { subtype: "success"; request_id: string; response: Record<string, unknown> };
}

export interface ControlErrorOutFrame {
  type: "control_response";
  response: { subtype: "error"; request_id: string; error: string };
}

export type ControlResponseOutFrame = ControlSuccessOutFrame | ControlErrorOutFrame;

export interface ControlCancelOutFrame {
  type: "control_cancel_request";
  request_id: string;
}

/**
 * 2.1.235 applies only CLAUDE_CODE_SESSION_ACCESS_TOKEN and CLAUDE_CODE_OAUTH_TOKEN and refuses every
 * other name; with a `request_id` it answers like a control request (success, or error for values
 * that are not strings). Seen in test/conformance/control-and-stdin.test.ts.
 */
export interface UpdateEnvironmentVariablesFrame {
  type: "update_environment_variables";
  variables: Record<string, string>;
  request_id?: string;
}

/** Frames this project does not build itself but may pass through (bash_command, notifications). */
export interface OtherStdinFrame {
  type: "bash_command" | "queued_notification" | "session_notice";
  [key: string]: unknown;
}

export type StdinFrame =
  | UserMessageFrame
  | ControlRequestOutFrame
  | ControlResponseOutFrame
  | ControlCancelOutFrame
  | UpdateEnvironmentVariablesFrame
  | OtherStdinFrame;

/** `{"type":"user","message":{"role":"user","content":text},"parent_tool_use_id":null,"session_id":""}` */
export function userMessageFrame(text: string, sessionId = ""): UserMessageFrame {
  return {
    type: "user",
    message: { role: "user", content: text },
    parent_tool_use_id: null,
    session_id: sessionId,
  };
}

export function controlRequestFrame(
  requestId: string,
  subtype: string,
  fields: Record<string, unknown> = {},
): ControlRequestOutFrame {
  return { type: "control_request", request_id: requestId, request: { ...fields, subtype } };
}

export function controlSuccessFrame(
  requestId: string,
  payload: Record<string, unknown>,
): ControlSuccessOutFrame {
  return {
    type: "control_response",
    response: { subtype: "success", request_id: requestId, response: payload },
  };
}

export function controlErrorFrame(requestId: string, message: string): ControlErrorOutFrame {
  return { type: "control_response", response: { subtype: "error", request_id: requestId, error: message } };
}

export function controlCancelFrame(requestId: string): ControlCancelOutFrame {
  return { type: "control_cancel_request", request_id: requestId };
}

/** One NDJSON line for stdin (JSON.stringify never emits a raw newline, so one frame = one line). */
export function encodeStdinFrame(frame: StdinFrame): string {
  return `${JSON.stringify(frame)}\n`;
}
