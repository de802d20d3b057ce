import {
  CACHE_READ_FACTOR,
  CACHE_WRITE_FACTOR,
  priceOf,
  UNKNOWN_MODEL_PRICE,
} from "../../sandbox/credential-proxy/model-prices.js";

/**
 * Characters per token for a review's prompt and the files it reads. Code tokenises denser than
 * prose; 3.5 errs towards more tokens, so an estimate is high rather than low.
 */
export const CHARS_PER_TOKEN = 3.5;

/**
 * What every request of a Claude Code 2.1.235 session carries besides the conversation: its system
 * prompt and the review's tool definitions. Measured on the real CLI with the scripted Messages API
 * and `--model claude-sonnet-4-5`: 14.3 KB + 17.9 KB of JSON, about 9,200 tokens. It was 27.6 KB of
 * system prompt (about 14,700 tokens in all) until the runner turned the CLI's auto memory off: for
 * that model its "# Memory" section alone was 13 KB (2.1 KB for Opus 5, the default).
 * test/jobs/review/review-cost-estimate-real-cli.test.ts keeps it true.
 */
export const SESSION_OVERHEAD_TOKENS = 9_500;

/** A file the agent may read whose size at the head is unknown (no checkout) counts as this many characters. */
export const UNKNOWN_FILE_CHARS = 12_000;

/** The CLI's Read tool returns at most about this many tokens of one file per call. */
export const MAX_READ_TOKENS = 25_000;

/** A turn's own reply (a tool call with a short thought) and the final structured review. */
const REPLY_TOKENS_PER_TURN = 300;
const FINAL_REVIEW_TOKENS = 2_500;

export interface ReviewCostInput {
  /** The model the session runs on; unnamed, it is priced as the most expensive (never low). */
  model: string | undefined;
  /** The whole first prompt: instructions, PR text, file list and the diff. */
  promptChars: number;
  /** The size at the head of each file the agent may read, in the order it is expected to read them. */
  readChars: readonly number[];
  maxTurns: number;
  /**
   * The conversation a resumed session sends again (the lineage entry's context tokens: the last
   * request's whole input, system prompt and tools included, plus its reply). The
   * prompt cache has expired by the next push in most cases, so it is priced as a cache write.
   */
  resumedContextTokens?: number;
  /**
   * The resumed conversation was sent within the prompt cache's lifetime (5 minutes): its first
   * request reads it (and the fixed prefix) from the cache at 0.1× instead of writing it at 1.25×.
   */
  resumedCacheWarm?: boolean;
  /**
   * Of resumedContextTokens, the parent's last reply. No request has sent it as input, so it is in
   * no cache: a warm resume still writes it (1.25×). Unknown (entries recorded before it was kept),
   * it counts as read with the rest, as it was priced before.
   */
  resumedReplyTokens?: number;
  /**
   * The resumed conversation's messages in characters, counted as promptChars is (the lineage entry's
   * conversationChars), and of those the part no request has cached yet (uncachedChars). Given, they
   * replace resumedContextTokens and resumedReplyTokens: the resumed prefix is then the fixed
   * prefix plus these messages, the same fixed prefix a fresh start is priced with, so the two differ
   * by what each really adds. The provider's token count and the fixed-prefix constant are not one
   * unit: a conversation the provider counts below the constant would otherwise add nothing.
   */
  resumedConversationChars?: number;
  resumedUncachedChars?: number;
  /**
   * A fresh session whose fixed prefix (system prompt and tools, the same for every review of the
   * repository) was sent within the cache's lifetime, e.g. by the review it follows: read at 0.1×.
   */
  overheadCacheWarm?: boolean;
}

/** How long Anthropic's prompt cache keeps a prefix by default. */
export const PROMPT_CACHE_TTL_MS = 5 * 60_000;

export interface ReviewCostEstimate {
  /** The model the price is for, or "unnamed" (priced as the most expensive). */
  pricedAs: string;
  turns: number;
  /** Tokens written to the prompt cache: everything new the session sends. */
  cacheWriteTokens: number;
  /** Tokens read back from the prompt cache: the conversation so far, once per later turn. */
  cacheReadTokens: number;
  outputTokens: number;
  usd: number;
}

export function tokensOf(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** The prefix a resumed session sends before its own prompt, and the part of it no cache holds yet. */
function resumedPrefix(input: ReviewCostInput): { tokens: number; uncachedTokens: number } | undefined {
  if (input.resumedConversationChars !== undefined)
    return {
      tokens: SESSION_OVERHEAD_TOKENS + tokensOf(input.resumedConversationChars),
      uncachedTokens: tokensOf(input.resumedUncachedChars ?? 0),
    };
  if (input.resumedContextTokens === undefined) return undefined;
  // The last request's whole input, as the provider counted it, already holds the system prompt and tools.
  return {
    tokens: Math.max(SESSION_OVERHEAD_TOKENS, input.resumedContextTokens),
    uncachedTokens: input.resumedReplyTokens ?? 0,
  };
}

/**
 * A review's expected spend before it runs. The model: one planning turn, one turn per file read
 * (at most the turn cap allows), one turn for the answer. Each turn re-sends the conversation so far
 * from the prompt cache (0.1× input) and writes only what is new (1.25× input); replies are output.
 */
export function estimateReviewCost(input: ReviewCostInput): ReviewCostEstimate {
  const reads = input.readChars
    .slice(0, Math.max(0, input.maxTurns - 2))
    .map((chars) => Math.min(tokensOf(chars), MAX_READ_TOKENS));
  const turns = Math.min(input.maxTurns, reads.length + 2);
  const resumed = resumedPrefix(input);
  const prefix = resumed?.tokens ?? SESSION_OVERHEAD_TOKENS;
  const resumedWarm = input.resumedCacheWarm === true && resumed !== undefined;
  const warm = resumedWarm || (input.overheadCacheWarm === true && resumed === undefined);
  let context = prefix + tokensOf(input.promptChars);
  // What the warm prefix holds that no request has cached yet: the parent's last reply.
  const uncachedTail = resumedWarm ? Math.min(prefix, resumed.uncachedTokens) : 0;
  let cacheWriteTokens = warm ? context - prefix + uncachedTail : context;
  let cacheReadTokens = warm ? prefix - uncachedTail : 0;
  for (let turn = 2; turn <= turns; turn++) {
    cacheReadTokens += context;
    const added = REPLY_TOKENS_PER_TURN + (reads[turn - 2] ?? 0);
    cacheWriteTokens += added;
    context += added;
  }
  const outputTokens = (turns - 1) * REPLY_TOKENS_PER_TURN + FINAL_REVIEW_TOKENS;
  const price = input.model ? priceOf(input.model) : UNKNOWN_MODEL_PRICE;
  const usd =
    ((cacheWriteTokens * CACHE_WRITE_FACTOR + cacheReadTokens * CACHE_READ_FACTOR) * price.input +
      outputTokens * price.output) /
    1_000_000;
  return {
    pricedAs: input.model ?? "unnamed",
    turns,
    cacheWriteTokens,
    cacheReadTokens,
    outputTokens,
    usd,
  };
}
