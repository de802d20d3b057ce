// docs/protocol.md#seed-references: "Partial messages:实时预览不是简单透传". stream_event frames build previews; the complete
// `assistant` frame stays the authoritative record and replaces what was streamed; retracted
// messages (system/model_refusal_fallback.retracted_message_uuids) drop out of the visible text;
// a stream the CLI closes synthetically (content_block_stop/message_delta/message_stop, or a new
// message_start on the same stream) ends its preview instead of leaving it "generating" forever.
import type { ContentBlock, StreamEvent } from "./content-blocks.js";
import type { AssistantFrame, StdoutFrame, StreamEventFrame } from "./stdout-frames.js";

export interface PreviewBlock {
  index: number;
  type: string;
  /** text for text blocks, thinking for thinking blocks. */
  text: string;
  /** tool_use: raw input JSON as streamed so far. */
  partialJson: string;
  /** tool_use: the parsed input once the block is complete (or taken from the assistant frame). */
  input?: unknown;
  id?: string;
  name?: string;
  closed: boolean;
  /** "assistant" once the complete assistant frame supplied this block. */
  source: "stream" | "assistant";
}

export type PreviewStatus = "streaming" | "complete" | "interrupted" | "retracted";

export interface MessagePreview {
  messageId: string;
  parentToolUseId: string | null;
  /** streaming until message_stop; interrupted when a new message started without one. */
  status: PreviewStatus;
  /** At least one complete assistant frame for this message arrived. */
  authoritative: boolean;
  blocks: PreviewBlock[];
  stopReason?: string | null;
  /** Wire uuids of the frames that built this message (what retractions name). */
  uuids: string[];
}

export class PartialMessageAssembler {
  private readonly messages = new Map<string, MessagePreview>();
  /** The message currently streaming on each stream (main loop or a subagent's parent_tool_use_id). */
  private readonly current = new Map<string, MessagePreview>();
  private readonly uuidOwner = new Map<string, MessagePreview>();
  private readonly retracted = new Set<string>();

  /** Feed any stdout frame; returns the preview it changed, if any. */
  receive(frame: StdoutFrame): MessagePreview | undefined {
    if (frame.type === "stream_event") return this.onStreamEvent(frame);
    if (frame.type === "assistant") return this.onAssistant(frame);
    if (frame.type === "system" && frame.subtype === "model_refusal_fallback") {
      const uuids = frame.retracted_message_uuids;
      if (Array.isArray(uuids)) for (const uuid of uuids) if (typeof uuid === "string") this.retract(uuid);
    }
    return undefined;
  }

  /** Previews in the order their messages started, retracted ones included (flagged). */
  previews(): MessagePreview[] {
    return [...this.messages.values()];
  }

  preview(messageId: string): MessagePreview | undefined {
    return this.messages.get(messageId);
  }

  /** Text of all non-retracted messages of the main loop (subagents excluded), in order. */
  visibleText(): string {
    const parts: string[] = [];
    for (const message of this.messages.values()) {
      if (message.status === "retracted" || message.parentToolUseId !== null) continue;
      const text = messageText(message);
      if (text.length > 0) parts.push(text);
    }
    return parts.join("\n\n");
  }

  private onStreamEvent(frame: StreamEventFrame): MessagePreview | undefined {
    const streamKey = frame.parent_tool_use_id ?? "";
    const event: StreamEvent = frame.event;
    if (event.type === "message_start") {
      const start = event as Extract<StreamEvent, { type: "message_start" }>;
      const previous = this.current.get(streamKey);
      if (previous && previous.status === "streaming") closePreview(previous, "interrupted");
      const messageId =
        typeof start.message?.id === "string" ? start.message.id : `stream-${this.messages.size}`;
      const existing = this.messages.get(messageId);
      const message: MessagePreview = existing ?? {
        messageId,
        parentToolUseId: frame.parent_tool_use_id ?? null,
        status: "streaming",
        authoritative: false,
        blocks: [],
        uuids: [],
      };
      if (!existing) this.messages.set(messageId, message);
      if (message.status !== "retracted") message.status = "streaming";
      this.current.set(streamKey, message);
      this.own(message, frame.uuid);
      return message;
    }
    const message = this.current.get(streamKey);
    if (!message) return undefined; // an event without its message_start: nothing to attach it to
    this.own(message, frame.uuid);
    switch (event.type) {
      case "content_block_start": {
        const start = event as Extract<StreamEvent, { type: "content_block_start" }>;
        if (blockAt(message, start.index)) return message; // the assistant frame may have supplied it
        const block = newBlock(start.index, start.content_block, "stream");
        message.blocks.push(block);
        message.blocks.sort((a, b) => a.index - b.index);
        return message;
      }
      case "content_block_delta": {
        const delta = event as Extract<StreamEvent, { type: "content_block_delta" }>;
        const block = blockAt(message, delta.index);
        if (!block || block.source === "assistant" || block.closed) return message; // authoritative wins
        const d = delta.delta as { type: string; text?: unknown; thinking?: unknown; partial_json?: unknown };
        if (d.type === "text_delta" && typeof d.text === "string") block.text += d.text;
        else if (d.type === "thinking_delta" && typeof d.thinking === "string") block.text += d.thinking;
        else if (d.type === "input_json_delta" && typeof d.partial_json === "string")
          block.partialJson += d.partial_json;
        return message;
      }
      case "content_block_stop": {
        const stop = event as Extract<StreamEvent, { type: "content_block_stop" }>;
        const block = blockAt(message, stop.index);
        if (block) closeBlock(block);
        return message;
      }
      case "message_delta": {
        const delta = event as Extract<StreamEvent, { type: "message_delta" }>;
        if (delta.delta && "stop_reason" in delta.delta) message.stopReason = delta.delta.stop_reason ?? null;
        return message;
      }
      case "message_stop":
        if (message.status === "streaming") closePreview(message, "complete");
        if (this.current.get(streamKey) === message) this.current.delete(streamKey);
        return message;
      default:
        return message;
    }
  }

  private onAssistant(frame: AssistantFrame): MessagePreview | undefined {
    const msg = frame.message;
    if (!msg || typeof msg.id !== "string") return undefined;
    let message = this.messages.get(msg.id);
    if (!message) {
      // No partial messages (or they were off): the complete frame is the whole preview.
      message = {
        messageId: msg.id,
        parentToolUseId: frame.parent_tool_use_id ?? null,
        status: "complete",
        authoritative: true,
        blocks: [],
        uuids: [],
      };
      this.messages.set(msg.id, message);
    }
    message.authoritative = true;
    this.own(message, frame.uuid);
    if (msg.stop_reason !== undefined && msg.stop_reason !== null) message.stopReason = msg.stop_reason;
    const content = Array.isArray(msg.content) ? msg.content : [];
    for (const block of content) applyAuthoritative(message, block);
    // A retraction may have named this frame's uuid before the frame itself arrived.
    if (frame.uuid !== undefined && this.retracted.has(frame.uuid)) message.status = "retracted";
    return message;
  }

  private own(message: MessagePreview, uuid: string | undefined): void {
    if (typeof uuid !== "string") return;
    message.uuids.push(uuid);
    this.uuidOwner.set(uuid, message);
    if (this.retracted.has(uuid)) message.status = "retracted";
  }

  private retract(uuid: string): void {
    this.retracted.add(uuid);
    const owner = this.uuidOwner.get(uuid) ?? this.messages.get(uuid);
    if (!owner) return;
    owner.status = "retracted";
    for (const block of owner.blocks) block.closed = true;
    for (const [key, message] of this.current) if (message === owner) this.current.delete(key);
  }
}

/**
 * The complete frame's block replaces the streamed one. The CLI emits one assistant frame per
 * content block (before that block's content_block_stop), so each authoritative block is matched to
 * the streamed block it finalises: by tool_use id, else the first not-yet-authoritative block of the
 * same type; an identical block already taken (a cumulative frame) is not added twice.
 */
function applyAuthoritative(message: MessagePreview, block: ContentBlock): void {
  const type = typeof block.type === "string" ? block.type : "unknown";
  const incoming = newBlock(0, block, "assistant");
  if (type === "tool_use" && typeof block.id === "string") {
    const same = message.blocks.find((b) => b.type === "tool_use" && b.id === block.id);
    if (same) {
      replaceBlock(same, incoming);
      return;
    }
  } else if (
    message.blocks.some(
      (b) => b.source === "assistant" && b.type === type && b.text === incoming.text && b.text !== "",
    )
  ) {
    return;
  }
  const target = message.blocks.find(
    (b) => b.source === "stream" && b.type === type && (type !== "tool_use" || !b.id),
  );
  if (target) {
    replaceBlock(target, incoming);
    return;
  }
  const index = message.blocks.length === 0 ? 0 : Math.max(...message.blocks.map((b) => b.index)) + 1;
  incoming.index = index;
  message.blocks.push(incoming);
}

function replaceBlock(target: PreviewBlock, incoming: PreviewBlock): void {
  const index = target.index;
  Object.assign(target, incoming, { index });
}

function newBlock(
  index: number,
  block: ContentBlock | undefined,
  source: PreviewBlock["source"],
): PreviewBlock {
  const type = typeof block?.type === "string" ? block.type : "unknown";
  const authoritative = source === "assistant";
  const out: PreviewBlock = { index, type, text: "", partialJson: "", closed: authoritative, source };
  if (!block) return out;
  if (type === "text" && typeof block.text === "string") out.text = block.text;
  if (type === "thinking" && typeof block.thinking === "string") out.text = block.thinking;
  if (type === "tool_use") {
    if (typeof block.id === "string") out.id = block.id;
    if (typeof block.name === "string") out.name = block.name;
    const input = block.input;
    // content_block_start carries `input: {}` as a placeholder; the real input streams as JSON deltas.
    if (input !== undefined && (authoritative || !isEmptyObject(input))) out.input = input;
  }
  return out;
}

function closeBlock(block: PreviewBlock): void {
  if (block.closed) return;
  block.closed = true;
  if (block.type === "tool_use" && block.source === "stream" && block.partialJson.length > 0) {
    try {
      block.input = JSON.parse(block.partialJson);
    } catch {
      // A synthetically closed block may hold half an object; keep the raw text only.
    }
  }
}

function closePreview(message: MessagePreview, status: "complete" | "interrupted"): void {
  for (const block of message.blocks) closeBlock(block);
  message.status = status;
}

function blockAt(message: MessagePreview, index: number): PreviewBlock | undefined {
  return message.blocks.find((b) => b.index === index);
}

function messageText(message: MessagePreview): string {
  return message.blocks
    .filter((b) => b.type === "text")
    .map((b) => b.text)
    .join("");
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}
