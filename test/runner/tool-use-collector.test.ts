import { describe, expect, it } from "vitest";
import { MAX_TOOL_RESULT_CHARS, MAX_TOOL_USE_RECORDS } from "../../src/protocol/tool-use-record.js";
import { ToolUseCollector } from "../../src/runner/tool-use-collector.js";

describe("ToolUseCollector", () => {
  it("records each tool_use, marks errors from its tool_result, and keeps only Grep's text", () => {
    const collector = new ToolUseCollector();
    collector.observeAssistant([
      { type: "text", text: "looking" },
      { type: "tool_use", id: "r", name: "Read", input: { file_path: "a.ts" } },
      { type: "tool_use", id: "g", name: "Grep", input: { pattern: "x" } },
      { type: "tool_use", id: "b", name: "Bash", input: "not an object" },
    ]);
    collector.observeUser("plain text, no results");
    collector.observeUser([
      { type: "tool_result", tool_use_id: "r", content: "1\tconst a = 1;" },
      {
        type: "tool_result",
        tool_use_id: "g",
        content: [{ type: "text", text: "a.ts:1:x" }, { type: "image" }],
      },
      { type: "tool_result", tool_use_id: "b", content: "Exit code 1", is_error: true },
      { type: "tool_result", tool_use_id: "unknown", content: "ignored" },
    ]);
    expect(collector.records).toEqual([
      { id: "r", name: "Read", input: { file_path: "a.ts" } },
      { id: "g", name: "Grep", input: { pattern: "x" }, result: "a.ts:1:x\n" },
      { id: "b", name: "Bash", input: {}, isError: true },
    ]);
  });

  it("is bounded: calls past the cap and text past the cut are not kept", () => {
    const collector = new ToolUseCollector();
    collector.observeAssistant(
      Array.from({ length: MAX_TOOL_USE_RECORDS + 3 }, (_, i) => ({
        type: "tool_use",
        id: `t${i}`,
        name: "grep",
        input: {},
      })),
    );
    collector.observeUser([
      { type: "tool_result", tool_use_id: "t0", content: "x".repeat(MAX_TOOL_RESULT_CHARS + 10) },
    ]);
    expect(collector.records).toHaveLength(MAX_TOOL_USE_RECORDS);
    expect(collector.records[0]?.result).toHaveLength(MAX_TOOL_RESULT_CHARS);
  });
});
