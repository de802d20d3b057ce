import { describe, expect, it } from "vitest";
import {
  CHARS_PER_TOKEN,
  estimateReviewCost,
  MAX_READ_TOKENS,
  SESSION_OVERHEAD_TOKENS,
} from "../../../src/jobs/review/review-cost-estimate.js";

const base = { model: "claude-sonnet-4-5", promptChars: 7_000, readChars: [3_500, 7_000], maxTurns: 10 };

describe("estimateReviewCost", () => {
  it("prices one planning turn, one turn per read and the answer, with the conversation re-read from the cache", () => {
    const estimate = estimateReviewCost(base);
    // Turn 1 writes overhead + prompt (2,000 tokens); turn 2 adds a reply and the first read
    // (1,000); turn 3 a reply and the second read (2,000); turn 4 a reply.
    const first = SESSION_OVERHEAD_TOKENS + 2_000;
    expect(estimate.turns).toBe(4);
    expect(estimate.cacheWriteTokens).toBe(first + 1_300 + 2_300 + 300);
    expect(estimate.cacheReadTokens).toBe(first + (first + 1_300) + (first + 3_600));
    expect(estimate.outputTokens).toBe(3 * 300 + 2_500);
    const usd =
      ((estimate.cacheWriteTokens * 1.25 + estimate.cacheReadTokens * 0.1) * 3 + estimate.outputTokens * 15) /
      1_000_000;
    expect(estimate.usd).toBeCloseTo(usd, 10);
    expect(estimate.pricedAs).toBe("claude-sonnet-4-5");
  });

  it("reads no more files than the turn cap leaves room for, and caps each read at what Read returns", () => {
    const capped = estimateReviewCost({ ...base, readChars: [1e9, 1e9, 1e9, 1e9], maxTurns: 4 });
    expect(capped.turns).toBe(4);
    expect(capped.cacheWriteTokens).toBe(
      SESSION_OVERHEAD_TOKENS + 2_000 + 2 * (300 + MAX_READ_TOKENS) + 300 * (capped.turns - 3),
    );
    expect(estimateReviewCost({ ...base, readChars: [], maxTurns: 1 }).turns).toBe(1);
  });

  it("a resumed lineage sends its conversation again (system prompt and tools included in its size); a bigger prompt costs more", () => {
    const fresh = estimateReviewCost(base);
    const resumed = estimateReviewCost({ ...base, resumedContextTokens: 40_000 });
    // The conversation's size already counts the fixed prefix: only what it adds beyond it is new.
    expect(resumed.cacheWriteTokens - fresh.cacheWriteTokens).toBe(40_000 - SESSION_OVERHEAD_TOKENS);
    expect(resumed.usd).toBeGreaterThan(fresh.usd);
    // A conversation smaller than the fixed prefix (a model without one named) still sends the prefix.
    expect(estimateReviewCost({ ...base, resumedContextTokens: 1_000 })).toEqual(fresh);
    const bigger = estimateReviewCost({
      ...base,
      promptChars: base.promptChars + 35 * CHARS_PER_TOKEN * 100,
    });
    expect(bigger.cacheWriteTokens - fresh.cacheWriteTokens).toBe(3_500);
  });

  it("a resumed conversation still in the prompt cache is read back (0.1×) instead of written again (1.25×)", () => {
    const cold = estimateReviewCost({ ...base, resumedContextTokens: 40_000 });
    const warm = estimateReviewCost({ ...base, resumedContextTokens: 40_000, resumedCacheWarm: true });
    expect(warm.cacheWriteTokens).toBe(cold.cacheWriteTokens - 40_000);
    expect(warm.cacheReadTokens).toBe(cold.cacheReadTokens + 40_000);
    expect(warm.usd).toBeLessThan(cold.usd);
    // Without a resumed conversation there is nothing warm to read.
    expect(estimateReviewCost({ ...base, resumedCacheWarm: true })).toEqual(estimateReviewCost(base));
  });

  it("a warm resume still writes the parent's last reply, which no request has cached yet", () => {
    const warm = { ...base, resumedContextTokens: 40_000, resumedCacheWarm: true };
    const withoutReply = estimateReviewCost(warm);
    const withReply = estimateReviewCost({ ...warm, resumedReplyTokens: 2_000 });
    expect(withReply.cacheWriteTokens).toBe(withoutReply.cacheWriteTokens + 2_000);
    expect(withReply.cacheReadTokens).toBe(withoutReply.cacheReadTokens - 2_000);
    expect(withReply.usd - withoutReply.usd).toBeCloseTo((2_000 * (1.25 - 0.1) * 3) / 1_000_000, 12);
    // Cold, the whole conversation is written anyway: the reply changes nothing.
    const cold = { ...base, resumedContextTokens: 40_000 };
    expect(estimateReviewCost({ ...cold, resumedReplyTokens: 2_000 })).toEqual(estimateReviewCost(cold));
    // No more than the conversation holds is moved.
    expect(estimateReviewCost({ ...warm, resumedReplyTokens: 90_000 }).cacheReadTokens).toBe(
      withoutReply.cacheReadTokens - 40_000,
    );
  });

  it("a resumed conversation measured in characters adds its messages to the fixed prefix, in the unit a fresh prompt is counted in", () => {
    const fresh = estimateReviewCost({ ...base, overheadCacheWarm: true });
    // The provider counts fewer tokens than the fixed-prefix constant: by that count the resumed
    // messages would be free. Counted as a prompt is, they are 2,000 tokens on the prefix.
    const providerCount = SESSION_OVERHEAD_TOKENS - 3_000;
    const byProvider = { ...base, resumedContextTokens: providerCount, resumedCacheWarm: true };
    expect(estimateReviewCost(byProvider)).toEqual(fresh);
    const byChars = estimateReviewCost({
      ...byProvider,
      resumedConversationChars: 2_000 * CHARS_PER_TOKEN,
      resumedUncachedChars: 500 * CHARS_PER_TOKEN,
    });
    // The first request reads the prefix and the cached messages, and writes the uncached tail.
    expect(byChars.cacheWriteTokens).toBe(fresh.cacheWriteTokens + 500);
    // Every turn after it reads the 2,000 messages again as well (4 turns, the first included).
    expect(byChars.cacheReadTokens).toBe(fresh.cacheReadTokens + 1_500 + 3 * 2_000);
    // Cold, the whole conversation is written: the uncached tail changes nothing.
    const cold = {
      ...base,
      resumedContextTokens: providerCount,
      resumedConversationChars: 2_000 * CHARS_PER_TOKEN,
    };
    expect(estimateReviewCost(cold).cacheWriteTokens).toBe(estimateReviewCost(base).cacheWriteTokens + 2_000);
    expect(estimateReviewCost({ ...cold, resumedUncachedChars: 500 * CHARS_PER_TOKEN })).toEqual(
      estimateReviewCost(cold),
    );
  });

  it("a fresh session after a recent one reads the fixed prefix every review shares from the cache", () => {
    const cold = estimateReviewCost(base);
    const warm = estimateReviewCost({ ...base, overheadCacheWarm: true });
    expect(warm.cacheWriteTokens).toBe(cold.cacheWriteTokens - SESSION_OVERHEAD_TOKENS);
    expect(warm.cacheReadTokens).toBe(cold.cacheReadTokens + SESSION_OVERHEAD_TOKENS);
    expect(warm.usd).toBeLessThan(cold.usd);
    // A resumed session's warmth is its own flag: the prefix alone says nothing about its conversation.
    const resumed = { ...base, resumedContextTokens: 40_000 };
    expect(estimateReviewCost({ ...resumed, overheadCacheWarm: true })).toEqual(estimateReviewCost(resumed));
  });

  it("an unnamed model is priced as the most expensive, never low", () => {
    const unnamed = estimateReviewCost({ ...base, model: undefined });
    expect(unnamed.pricedAs).toBe("unnamed");
    expect(unnamed.usd).toBeCloseTo(estimateReviewCost(base).usd * 5, 10);
    expect(estimateReviewCost({ ...base, model: "claude-haiku-4-5" }).usd).toBeLessThan(
      estimateReviewCost(base).usd,
    );
  });
});
