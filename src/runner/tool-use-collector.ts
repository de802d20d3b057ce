import type { ContentBlock, ToolResultBlock, ToolUseBlock } from "../protocol/content-blocks.js";
import {
  keepsToolResult,
  MAX_TOOL_RESULT_CHARS,
  MAX_TOOL_USE_RECORDS,
  type ToolUseRecord,
} from "../protocol/tool-use-record.js";

/**
 * The CLI session's tool calls, from its stdout frames: each `assistant` tool_use block becomes a
 * record, and the `user` frame's tool_result that answers it marks an error or, for Grep, keeps the
 * text that says where it matched. Bounded: past MAX_TOOL_USE_RECORDS calls nothing more is kept.
 */
export class ToolUseCollector {
  private readonly byId = new Map<string, ToolUseRecord>();

  get records(): ToolUseRecord[] {
    return [...this.byId.values()];
  }

  observeAssistant(content: readonly ContentBlock[]): void {
    for (const block of content) {
      if (block.type !== "tool_use" || this.byId.size >= MAX_TOOL_USE_RECORDS) continue;
      const use = block as ToolUseBlock;
      const input =
        use.input && typeof use.input === "object" && !Array.isArray(use.input)
          ? (use.input as Record<string, unknown>)
          : {};
      this.byId.set(use.id, { id: use.id, name: use.name, input });
    }
  }

  observeUser(content: string | readonly ContentBlock[]): void {
    if (typeof content === "string") return;
    for (const block of content) {
      if (block.type !== "tool_result") continue;
      const result = block as ToolResultBlock;
      const record = this.byId.get(result.tool_use_id);
      if (!record) continue;
      if (result.is_error) record.isError = true;
      if (keepsToolResult(record.name)) record.result = textOf(result).slice(0, MAX_TOOL_RESULT_CHARS);
    }
  }
}

function textOf(result: ToolResultBlock): string {
  if (typeof result.content === "string") return result.content;
  return (result.content ?? [])
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("\n");
}
