// Deterministic NDJSON stream built from the frame shapes the real CLI 2.1.235 prints under
// `--output-format stream-json --verbose --include-partial-messages` (see the probes note).

const WORDS = [
  "the",
  "function",
  "returns",
  "a",
  "promise",
  "that",
  "resolves",
  "when",
  "every",
  "pending",
  "request",
  "settles",
  "review",
  "this",
  "change",
  "carefully",
  "naïve",
  "café",
  "résumé",
  "Straße",
  "数据",
  "协议",
  "请求",
  "状态机",
  "会话",
  "🚀",
  "✅",
  "λ",
  "→",
  "—",
];

/** Small seeded PRNG (mulberry32) so every run decodes the same bytes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateFrames(targetBytes: number, seed = 42): Buffer {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const text = (words: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < words; i++) parts.push(pick(WORDS));
    return parts.join(" ");
  };
  const id = (prefix: string): string => `${prefix}${Math.floor(random() * 1e12).toString(36)}`;
  const uuid = (): string =>
    "xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx".replace(/x/g, () => Math.floor(random() * 16).toString(16));
  const sessionId = uuid();
  const usage = () => ({
    input_tokens: Math.floor(random() * 5000),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: Math.floor(random() * 20000),
    output_tokens: Math.floor(random() * 800),
    service_tier: "standard",
  });

  const init = {
    type: "system",
    subtype: "init",
    cwd: "/home/runner/work/repo/repo",
    session_id: sessionId,
    tools: [
      "Task",
      "Bash",
      "Glob",
      "Grep",
      "LS",
      "Read",
      "Edit",
      "MultiEdit",
      "Write",
      "WebFetch",
      "TodoWrite",
    ],
    mcp_servers: [],
    model: "claude-sonnet-4-5-20250929",
    permissionMode: "default",
    slash_commands: ["compact", "context", "cost", "init", "review", "security-review"],
    apiKeySource: "ANTHROPIC_API_KEY",
    claude_code_version: "2.1.235",
    output_style: "default",
    agents: ["general-purpose", "statusline-setup", "output-style-setup"],
    skills: [],
    plugins: [],
    uuid: uuid(),
  };

  const lines: string[] = [];
  let size = 0;
  const add = (frame: unknown): void => {
    const line = JSON.stringify(frame);
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  };

  while (size < targetBytes) {
    add(init);
    add({ type: "system", subtype: "status", status: "requesting", session_id: sessionId, uuid: uuid() });
    const turns = 2 + Math.floor(random() * 4);
    for (let turn = 0; turn < turns; turn++) {
      const messageId = id("msg_01");
      const answer = text(40 + Math.floor(random() * 400));
      const base = { session_id: sessionId, parent_tool_use_id: null };
      add({
        type: "stream_event",
        event: {
          type: "message_start",
          message: {
            id: messageId,
            type: "message",
            role: "assistant",
            model: "claude-sonnet-4-5-20250929",
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: usage(),
          },
        },
        ...base,
        uuid: uuid(),
        ttft_ms: Math.floor(random() * 2000),
      });
      add({
        type: "stream_event",
        event: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        ...base,
        uuid: uuid(),
      });
      for (let at = 0; at < answer.length; at += 60 + Math.floor(random() * 200)) {
        add({
          type: "stream_event",
          event: {
            type: "content_block_delta",
            index: 0,
            delta: { type: "text_delta", text: answer.slice(at, at + 200) },
          },
          ...base,
          uuid: uuid(),
        });
      }
      const toolUseId = id("toolu_01");
      const message = {
        id: messageId,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        content: [
          { type: "text", text: answer },
          {
            type: "tool_use",
            id: toolUseId,
            name: "Read",
            input: { file_path: "/home/runner/work/repo/repo/src/index.ts" },
          },
        ],
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: usage(),
      };
      add({ type: "assistant", message, ...base, uuid: uuid() });
      add({ type: "stream_event", event: { type: "content_block_stop", index: 0 }, ...base, uuid: uuid() });
      add({
        type: "stream_event",
        event: {
          type: "message_delta",
          delta: { stop_reason: "tool_use", stop_sequence: null },
          usage: usage(),
        },
        ...base,
        uuid: uuid(),
      });
      add({ type: "stream_event", event: { type: "message_stop" }, ...base, uuid: uuid() });
      const fileText = Array.from(
        { length: 5 + Math.floor(random() * 80) },
        (_, n) => `${n + 1}\t${text(8)}`,
      ).join("\n");
      add({
        type: "user",
        message: {
          role: "user",
          content: [{ tool_use_id: toolUseId, type: "tool_result", content: fileText }],
        },
        ...base,
        uuid: uuid(),
        tool_use_result: {
          type: "text",
          file: { filePath: "src/index.ts", content: fileText, numLines: 80, startLine: 1 },
        },
      });
      if (random() < 0.1) {
        add({
          type: "system",
          subtype: "api_retry",
          attempt: 1,
          max_retries: 10,
          retry_delay_ms: 512,
          error_status: 529,
          error: "overloaded",
          session_id: sessionId,
          uuid: uuid(),
        });
      }
    }
    add({
      type: "result",
      subtype: "success",
      is_error: false,
      duration_ms: 12345,
      duration_api_ms: 11000,
      num_turns: turns,
      result: text(60),
      stop_reason: "end_turn",
      session_id: sessionId,
      total_cost_usd: random() / 10,
      usage: usage(),
      modelUsage: { "claude-sonnet-4-5-20250929": { inputTokens: 1000, outputTokens: 300, costUSD: 0.01 } },
      permission_denials: [],
      terminal_reason: "completed",
      uuid: uuid(),
    });
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}
