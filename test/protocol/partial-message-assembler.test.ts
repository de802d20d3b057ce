import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PartialMessageAssembler, parseStdoutFrame, type StdoutFrame } from "../../src/protocol/index.js";

const recorded: StdoutFrame[] = readFileSync(
  new URL("./fixtures/stream-json-turn.ndjson", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((l) => l.length > 0)
  .map((l) => parseStdoutFrame(JSON.parse(l)));

let uuidCounter = 0;
const ev = (
  event: Record<string, unknown>,
  parent: string | null = null,
  uuid = `u-${++uuidCounter}`,
): StdoutFrame =>
  parseStdoutFrame({ type: "stream_event", event, parent_tool_use_id: parent, session_id: "s", uuid });
const start = (id: string, parent: string | null = null, uuid?: string) =>
  ev({ type: "message_start", message: { id, role: "assistant", content: [] } }, parent, uuid);
const blockStart = (index: number, block: Record<string, unknown>, parent: string | null = null) =>
  ev({ type: "content_block_start", index, content_block: block }, parent);
const text = (index: number, t: string, parent: string | null = null) =>
  ev({ type: "content_block_delta", index, delta: { type: "text_delta", text: t } }, parent);
const json = (index: number, partial: string) =>
  ev({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: partial } });
const blockStop = (index: number, parent: string | null = null) =>
  ev({ type: "content_block_stop", index }, parent);
const messageDelta = (stop: string) => ev({ type: "message_delta", delta: { stop_reason: stop } });
const messageStop = (parent: string | null = null) => ev({ type: "message_stop" }, parent);
const assistant = (
  id: string,
  content: unknown[],
  uuid = `a-${++uuidCounter}`,
  parent: string | null = null,
) =>
  parseStdoutFrame({
    type: "assistant",
    message: { id, role: "assistant", content },
    parent_tool_use_id: parent,
    session_id: "s",
    uuid,
  });
const refusal = (uuids: string[]) =>
  parseStdoutFrame({ type: "system", subtype: "model_refusal_fallback", retracted_message_uuids: uuids });

function feed(assembler: PartialMessageAssembler, frames: StdoutFrame[]) {
  for (const frame of frames) assembler.receive(frame);
  return assembler;
}

describe("PartialMessageAssembler", () => {
  it("builds the recorded turn: streamed text and tool input, then authoritative blocks, then complete", () => {
    const assembler = feed(new PartialMessageAssembler(), recorded);
    const first = assembler.preview("msg_01A");
    expect(first).toMatchObject({ status: "complete", authoritative: true, stopReason: "tool_use" });
    expect(first?.blocks.map((b) => [b.index, b.type, b.source, b.closed])).toEqual([
      [0, "text", "assistant", true],
      [1, "tool_use", "assistant", true],
    ]);
    expect(first?.blocks[1]).toMatchObject({
      id: "toolu_01R",
      name: "Read",
      input: { file_path: "/tmp/work/仓库/README.md" },
    });
    expect(assembler.preview("msg_01B")).toMatchObject({ status: "complete", authoritative: true });
    expect(assembler.visibleText()).toBe("先读取文件 — café 🚀 then review it.\n\nLooks good. 看起来不错 ✅");
  });

  it("shows a live preview while text deltas stream in", () => {
    const assembler = feed(new PartialMessageAssembler(), recorded.slice(0, 6));
    const preview = assembler.preview("msg_01A");
    expect(preview).toMatchObject({ status: "streaming", authoritative: false });
    expect(preview?.blocks[0]).toMatchObject({
      type: "text",
      text: "先读取文件 — café 🚀 ",
      closed: false,
      source: "stream",
    });
    assembler.receive(recorded[6]!);
    expect(assembler.visibleText()).toBe("先读取文件 — café 🚀 then review it.");
  });

  it("parses streamed tool input at content_block_stop when no assistant frame came", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      start("m1"),
      blockStart(0, { type: "tool_use", id: "toolu_1", name: "Bash", input: {} }),
      json(0, '{"command":'),
      json(0, '"ls -la"}'),
    ]);
    expect(assembler.preview("m1")?.blocks[0]).toMatchObject({
      partialJson: '{"command":"ls -la"}',
      closed: false,
    });
    expect(assembler.preview("m1")?.blocks[0]?.input).toBeUndefined();
    assembler.receive(blockStop(0));
    expect(assembler.preview("m1")?.blocks[0]).toMatchObject({ input: { command: "ls -la" }, closed: true });
  });

  it("lets the complete assistant frame win over streamed text, and ignores deltas after it", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      start("m2"),
      blockStart(0, { type: "text", text: "" }),
      text(0, "Helo wrld"),
      assistant("m2", [{ type: "text", text: "Hello world" }]),
      text(0, " (late delta)"),
      blockStop(0),
      messageStop(),
    ]);
    expect(assembler.preview("m2")?.blocks).toHaveLength(1);
    expect(assembler.preview("m2")?.blocks[0]).toMatchObject({ text: "Hello world", source: "assistant" });
    expect(assembler.visibleText()).toBe("Hello world");
  });

  it("accumulates thinking deltas", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      start("m3"),
      blockStart(0, { type: "thinking", thinking: "" }),
      ev({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Let me " } }),
      ev({ type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "check." } }),
    ]);
    expect(assembler.preview("m3")?.blocks[0]).toMatchObject({ type: "thinking", text: "Let me check." });
    expect(assembler.visibleText()).toBe("");
  });

  it("closes a synthetically closed stream, applies the retraction and shows only the fallback message", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      start("refused", null, "wire-1"),
      blockStart(0, { type: "text", text: "" }),
      text(0, "I can't help with th"),
      // docs/protocol.md#partial-messages: the CLI synthesises the missing stop events to close the consumer's stream...
      blockStop(0),
      messageDelta("refusal"),
      messageStop(),
    ]);
    expect(assembler.preview("refused")).toMatchObject({ status: "complete", stopReason: "refusal" });
    expect(assembler.preview("refused")?.blocks[0]?.closed).toBe(true);
    // ...retracts what was previewed, and starts the fallback message.
    assembler.receive(refusal(["wire-1"]));
    expect(assembler.preview("refused")?.status).toBe("retracted");
    feed(assembler, [
      start("fallback"),
      blockStart(0, { type: "text", text: "" }),
      text(0, "Here is the review."),
      assistant("fallback", [{ type: "text", text: "Here is the review." }]),
      blockStop(0),
      messageStop(),
    ]);
    expect(assembler.visibleText()).toBe("Here is the review.");
    expect(assembler.previews().map((p) => [p.messageId, p.status])).toEqual([
      ["refused", "retracted"],
      ["fallback", "complete"],
    ]);
  });

  it("marks a message interrupted when a new one starts without message_stop, keeping half JSON raw", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      start("cut"),
      blockStart(0, { type: "tool_use", id: "toolu_9", name: "Edit", input: {} }),
      json(0, '{"file_path":"/a'),
      start("next"),
    ]);
    expect(assembler.preview("cut")).toMatchObject({ status: "interrupted" });
    expect(assembler.preview("cut")?.blocks[0]).toMatchObject({
      closed: true,
      partialJson: '{"file_path":"/a',
    });
    expect(assembler.preview("cut")?.blocks[0]?.input).toBeUndefined();
    expect(assembler.preview("next")?.status).toBe("streaming");
  });

  it("retracts complete assistant messages by uuid, also when the retraction came first", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      assistant("keep", [{ type: "text", text: "kept" }], "uuid-keep"),
      assistant("gone", [{ type: "text", text: "gone" }], "uuid-gone"),
      refusal(["uuid-gone", "uuid-future"]),
      assistant("later", [{ type: "text", text: "later" }], "uuid-future"),
    ]);
    expect(assembler.preview("gone")?.status).toBe("retracted");
    expect(assembler.preview("later")?.status).toBe("retracted");
    expect(assembler.visibleText()).toBe("kept");
  });

  it("keeps subagent streams apart from the main stream and out of the visible text", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      start("main"),
      blockStart(0, { type: "text", text: "" }),
      start("sub", "toolu_task"),
      blockStart(0, { type: "text", text: "" }, "toolu_task"),
      text(0, "sub says", "toolu_task"),
      text(0, "main says"),
      blockStop(0, "toolu_task"),
      messageStop("toolu_task"),
    ]);
    expect(assembler.preview("main")).toMatchObject({ status: "streaming", parentToolUseId: null });
    expect(assembler.preview("sub")).toMatchObject({ status: "complete", parentToolUseId: "toolu_task" });
    expect(assembler.preview("sub")?.blocks[0]?.text).toBe("sub says");
    expect(assembler.visibleText()).toBe("main says");
  });

  it("does not add a block twice when an assistant frame repeats earlier blocks", () => {
    const assembler = feed(new PartialMessageAssembler(), [
      assistant("cum", [{ type: "text", text: "A" }]),
      assistant("cum", [
        { type: "text", text: "A" },
        { type: "tool_use", id: "t1", name: "Read", input: {} },
      ]),
    ]);
    expect(assembler.preview("cum")?.blocks.map((b) => b.type)).toEqual(["text", "tool_use"]);
    expect(assembler.preview("cum")?.blocks[1]?.input).toEqual({});
  });

  it("ignores frames it has no use for and events without a message_start", () => {
    const assembler = new PartialMessageAssembler();
    expect(assembler.receive(text(0, "orphan"))).toBeUndefined();
    expect(assembler.receive(parseStdoutFrame({ type: "keep_alive" }))).toBeUndefined();
    expect(assembler.previews()).toEqual([]);
  });
});
