/**
 * How big a stored conversation is, read once from its transcript: what the model's last request
 * reported (tokens, the provider's own count), and how many characters of messages a resumed session
 * sends again (the same unit the review estimate uses for every prompt, so the two can be compared).
 */
export interface TranscriptSize {
  /** The last reply's request input (cache fields included) plus the reply; absent without a reply. */
  contextTokens?: number;
  /** Of contextTokens, the last reply's own output tokens. */
  replyTokens?: number;
  /** Characters of every message on the main thread (user and assistant content, as JSON). */
  conversationChars: number;
  /**
   * Of conversationChars, the last reply and what follows it (its tool results): no request has sent
   * them as input, so no prompt cache holds them and a resumed session writes them at 1.25×.
   */
  uncachedChars: number;
}

interface TranscriptRecord {
  type?: unknown;
  isSidechain?: unknown;
  message?: { content?: unknown; usage?: Record<string, unknown> };
}

export function transcriptSize(transcript: Uint8Array): TranscriptSize {
  let conversationChars = 0;
  let charsBeforeLastReply = 0;
  let lastUsage: Record<string, unknown> | undefined;
  for (const line of Buffer.from(transcript).toString("utf8").split("\n")) {
    const record = parseRecord(line);
    // A subagent's thread (sidechain) is its own conversation: a resume does not send it.
    if (!record || record.isSidechain === true) continue;
    if (record.type !== "user" && record.type !== "assistant") continue;
    const usage = record.type === "assistant" ? record.message?.usage : undefined;
    if (usage) {
      lastUsage = usage;
      charsBeforeLastReply = conversationChars;
    }
    if (record.message?.content !== undefined)
      conversationChars += JSON.stringify(record.message.content).length;
  }
  const size: TranscriptSize = {
    conversationChars,
    uncachedChars: lastUsage ? conversationChars - charsBeforeLastReply : conversationChars,
  };
  if (!lastUsage) return size;
  const replyTokens = tokenCount(lastUsage, "output_tokens");
  size.replyTokens = replyTokens;
  size.contextTokens =
    tokenCount(lastUsage, "input_tokens") +
    tokenCount(lastUsage, "cache_creation_input_tokens") +
    tokenCount(lastUsage, "cache_read_input_tokens") +
    replyTokens;
  return size;
}

function parseRecord(line: string): TranscriptRecord | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    const record: unknown = JSON.parse(trimmed);
    return typeof record === "object" && record !== null ? (record as TranscriptRecord) : undefined;
  } catch {
    return undefined;
  }
}

function tokenCount(usage: Record<string, unknown>, key: string): number {
  return typeof usage[key] === "number" ? (usage[key] as number) : 0;
}
