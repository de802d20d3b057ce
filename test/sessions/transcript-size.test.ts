import { describe, expect, it } from "vitest";
import { transcriptSize } from "../../src/sessions/transcript-size.js";

// Records shaped as Claude Code 2.1.235 writes them (see the resumed review in docs/sessions.md):
// attachments and bookkeeping records between the messages, and a resume's own meta pair.
const line = (record: unknown) => JSON.stringify(record);
const user = (content: unknown, extra: Record<string, unknown> = {}) =>
  line({ type: "user", message: { role: "user", content }, ...extra });
const assistant = (content: unknown, usage?: Record<string, number>, extra: Record<string, unknown> = {}) =>
  line({ type: "assistant", message: { role: "assistant", content, ...(usage ? { usage } : {}) }, ...extra });
const chars = (content: unknown) => JSON.stringify(content).length;
const encode = (lines: string[]) => new TextEncoder().encode(`${lines.join("\n")}\n`);

const PROMPT = "Review the changes of o/n from a to b.";
const CALL = [{ type: "tool_use", id: "t1", name: "StructuredOutput", input: { verdict: "pass" } }];
const RESULT = [
  { type: "tool_result", tool_use_id: "t1", content: "Structured output provided successfully" },
];

describe("transcriptSize", () => {
  it("counts every message a resume sends, and the last reply with what follows it as uncached", () => {
    const size = transcriptSize(
      encode([
        line({ type: "queue-operation", operation: "enqueue" }),
        user(PROMPT),
        line({ type: "attachment", attachment: { type: "budget", text: "x".repeat(500) } }),
        assistant(CALL, { input_tokens: 12_814, output_tokens: 74 }),
        user(RESULT),
        line({ type: "last-prompt", lastPrompt: PROMPT }),
      ]),
    );
    expect(size).toEqual({
      contextTokens: 12_888,
      replyTokens: 74,
      conversationChars: chars(PROMPT) + chars(CALL) + chars(RESULT),
      uncachedChars: chars(CALL) + chars(RESULT),
    });
  });

  it("takes the last reply that has usage, leaves subagent threads out, and skips lines that are not records", () => {
    const later = [{ type: "text", text: "Second answer." }];
    const size = transcriptSize(
      encode([
        user(PROMPT),
        assistant(CALL, { input_tokens: 10, output_tokens: 1 }),
        user(RESULT),
        // A resume's own meta pair: sent with the conversation, its usage all zeros.
        user([{ type: "text", text: "Continue from where you left off." }], { isMeta: true }),
        assistant([{ type: "text", text: "No response requested." }], { input_tokens: 0, output_tokens: 0 }),
        user("The pull request moved on."),
        assistant(later, { input_tokens: 30, cache_read_input_tokens: 5, output_tokens: 3 }),
        assistant(
          [{ type: "text", text: "sidechain" }],
          { input_tokens: 999, output_tokens: 999 },
          { isSidechain: true },
        ),
        "not json {",
        "[1, 2]",
      ]),
    );
    expect(size.contextTokens).toBe(38);
    expect(size.replyTokens).toBe(3);
    expect(size.uncachedChars).toBe(chars(later));
    expect(size.conversationChars).toBe(
      chars(PROMPT) +
        chars(CALL) +
        chars(RESULT) +
        chars([{ type: "text", text: "Continue from where you left off." }]) +
        chars([{ type: "text", text: "No response requested." }]) +
        chars("The pull request moved on.") +
        chars(later),
    );
  });

  it("without a reply the whole conversation is uncached and the token counts are unknown", () => {
    expect(transcriptSize(encode([user(PROMPT)]))).toEqual({
      conversationChars: chars(PROMPT),
      uncachedChars: chars(PROMPT),
    });
    expect(transcriptSize(new Uint8Array())).toEqual({ conversationChars: 0, uncachedChars: 0 });
  });
});
