import type { LineageEntry } from "./lineage-entry.js";
import { transcriptSize } from "./transcript-size.js";

/**
 * When a lineage's conversation is too long to keep resuming. Every resumed run re-sends the whole
 * history, so past the bound the next run starts fresh from a summary instead (docs/sessions.md#bounded-context).
 */
export interface ContextBound {
  /** Resumed generations after which the next run starts fresh (a push is one generation). */
  maxDepth: number;
  /** Conversation tokens after which the next run starts fresh. */
  maxContextTokens: number;
}

/** About one fresh review of a large PR plus a dozen small pushes; well under any model's window. */
export const DEFAULT_CONTEXT_BOUND: ContextBound = { maxDepth: 12, maxContextTokens: 60_000 };

/** Why continuing from `entry` would pass the bound, or undefined when it may be resumed. */
export function contextBoundExceeded(entry: LineageEntry, bound: ContextBound): string | undefined {
  const depth = entry.depth ?? 0;
  if (depth + 1 > bound.maxDepth) {
    return `it is ${depth + 1} generation(s) deep, over the bound of ${bound.maxDepth}`;
  }
  if (entry.contextTokens !== undefined && entry.contextTokens > bound.maxContextTokens) {
    return `its conversation holds ${entry.contextTokens} tokens, over the bound of ${bound.maxContextTokens}`;
  }
  return undefined;
}

/** Conversation size at the end of a transcript: the last assistant reply's usage (prompt + reply). */
export function transcriptContextTokens(transcript: Uint8Array): number | undefined {
  return transcriptSize(transcript).contextTokens;
}

/**
 * The last reply's own tokens, the tail of transcriptContextTokens: no request has sent it as input
 * yet, so no prompt cache holds it, and a resumed session writes it to the cache however warm the rest.
 */
export function transcriptReplyTokens(transcript: Uint8Array): number | undefined {
  return transcriptSize(transcript).replyTokens;
}
