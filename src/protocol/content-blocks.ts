// Messages API content as it appears inside assistant/user frames and stream events. Only the fields
// this project reads are typed; everything else is kept through the index signature.

export interface TextBlock {
  type: "text";
  text: string;
  [key: string]: unknown;
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
  [key: string]: unknown;
}

export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature?: string;
  [key: string]: unknown;
}

export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content?: string | Array<Record<string, unknown>>;
  is_error?: boolean;
  [key: string]: unknown;
}

/** Any block type this module does not name (redacted_thinking, server tools, images...). */
export interface OtherBlock {
  type: string;
  [key: string]: unknown;
}

export type ContentBlock = TextBlock | ToolUseBlock | ThinkingBlock | ToolResultBlock | OtherBlock;

export interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  [key: string]: unknown;
}

export interface AssistantMessage {
  id: string;
  type?: "message";
  role: "assistant";
  model?: string;
  content: ContentBlock[];
  stop_reason?: string | null;
  stop_sequence?: string | null;
  usage?: Usage;
  [key: string]: unknown;
}

export interface UserMessage {
  role: "user";
  content: string | ContentBlock[];
  [key: string]: unknown;
}

// docs/protocol.md#seed-references: "Partial messages" — the raw Messages stream events wrapped by `stream_event` frames.
export interface MessageStartEvent {
  type: "message_start";
  message: AssistantMessage;
}
export interface ContentBlockStartEvent {
  type: "content_block_start";
  index: number;
  content_block: ContentBlock;
}
export type ContentBlockDelta =
  | { type: "text_delta"; text: string }
  | { type: "input_json_delta"; partial_json: string }
  | { type: "thinking_delta"; thinking: string }
  | { type: "signature_delta"; signature: string }
  | { type: string; [key: string]: unknown };
export interface ContentBlockDeltaEvent {
  type: "content_block_delta";
  index: number;
  delta: ContentBlockDelta;
}
export interface ContentBlockStopEvent {
  type: "content_block_stop";
  index: number;
}
export interface MessageDeltaEvent {
  type: "message_delta";
  delta: { stop_reason?: string | null; stop_sequence?: string | null; [key: string]: unknown };
  usage?: Usage;
}
export interface MessageStopEvent {
  type: "message_stop";
}
export interface OtherStreamEvent {
  type: string;
  [key: string]: unknown;
}

export type StreamEvent =
  | MessageStartEvent
  | ContentBlockStartEvent
  | ContentBlockDeltaEvent
  | ContentBlockStopEvent
  | MessageDeltaEvent
  | MessageStopEvent
  | OtherStreamEvent;
