import type { LineagePlan } from "../../engines/engine.js";
import { chooseStart, type StartPoint } from "../../sessions/choose-start.js";
import { contextBoundExceeded, DEFAULT_CONTEXT_BOUND } from "../../sessions/context-bound.js";
import type { FreshStart } from "../../sessions/restore-session.js";
import type { ChangeSince } from "./change-since.js";
import { estimateReviewCost, PROMPT_CACHE_TTL_MS, UNKNOWN_FILE_CHARS } from "./review-cost-estimate.js";
import type { PriorReview, ReviewPromptInput } from "./review-prompt.js";

export interface LineageChoice {
  /** The start point read from the lineage, handed to the engine so it does not read it again. */
  start?: StartPoint;
  /** The parent's conversation the review sends again, when it resumes one. */
  resumedContextTokens?: number;
  /** Why the review starts fresh instead, from its parent's summary or on the whole change: resuming would cost more. */
  startFresh?: FreshStart;
  /** The choice and both estimates, for the sticky comment, the check run and the log. */
  notes: string[];
}

/**
 * Resume the PR's last review, start fresh from its summary, or start fresh on the whole change:
 * whichever is estimated to cost least.
 * - A resumed review sends the parent's whole conversation again (its entry's conversation size)
 *   plus the commits since.
 * - A summary start sends a short list of the earlier findings, the PR's text and file list, and the
 *   same commits since (the whole change only when the parent is no ancestor).
 * - A whole-change start is a first review again: for a small PR whose summary and history are
 *   larger than its diff, the cheapest.
 * All are priced with prompt-cache pricing: within the cache's 5 minutes of the parent, the resumed
 * conversation and the fixed prefix every review shares are read back at 0.1×; later they are
 * written again at 1.25×. A parent from the base branch's lineage (a first review) is kept: it
 * brings what is known about the repository, not an earlier diff.
 */
export async function chooseLineageStart(input: {
  lineage: Pick<LineagePlan, "store" | "lineageKey" | "baseKey" | "contextBound">;
  headSha: string;
  /** The fresh review: its whole prompt, and the head-side sizes of the files it may read. */
  fresh: { promptChars: number; readChars: readonly number[] };
  /** The whole prompt of a review that continues the parent: a delta, or a summary start. */
  continuedPromptChars: (continuation: Pick<ReviewPromptInput, "delta" | "priorReview">) => number;
  /** The commits since an earlier head, limited to the files under review. */
  commitsSince: (fromSha: string) => Promise<ChangeSince | undefined>;
  headChars: ReadonlyMap<string, number>;
  model: string | undefined;
  maxTurns: number;
  now?: () => number;
}): Promise<LineageChoice> {
  const start = await chooseStart(input.lineage.store, input.lineage.lineageKey, input.lineage.baseKey).catch(
    () => undefined,
  );
  if (!start) return { notes: [] };
  if (start.kind !== "fork") return { start, notes: [] };
  const { entry } = start;
  const resumedContextTokens = entry.contextTokens;
  // An older entry without its size: nothing to weigh, it is resumed as before.
  if (resumedContextTokens === undefined) return { start, notes: [] };
  if (contextBoundExceeded(entry, input.lineage.contextBound ?? DEFAULT_CONTEXT_BOUND))
    return { start, notes: [] };
  if (start.from === "base") return { start, resumedContextTokens, notes: [] };

  const since = await input.commitsSince(entry.headSha).catch(() => undefined);
  const readChars = since ? readsOf(since, input.headChars) : input.fresh.readChars;
  // A parent recorded within the cache's lifetime is most likely still cached: its prefix is cheap.
  const age = (input.now ?? Date.now)() - Date.parse(entry.createdAt);
  const warm = Number.isFinite(age) && age >= 0 && age < PROMPT_CACHE_TTL_MS;
  const resume = estimateReviewCost({
    model: input.model,
    promptChars: since
      ? input.continuedPromptChars({ delta: { fromSha: entry.headSha, ...since } })
      : input.fresh.promptChars,
    readChars,
    maxTurns: input.maxTurns,
    resumedContextTokens,
    resumedCacheWarm: warm,
    ...(entry.replyTokens === undefined ? {} : { resumedReplyTokens: entry.replyTokens }),
    ...(entry.conversationChars === undefined
      ? {}
      : {
          resumedConversationChars: entry.conversationChars,
          resumedUncachedChars: entry.uncachedChars ?? 0,
        }),
  });
  const summary: PriorReview = {
    reviewedSha: entry.headSha,
    why: "compacted",
    findings: (entry.findings ?? []).map((f) => ({ ...f, state: "outdated" })),
    ...(since ? { since } : {}),
  };
  const fromSummary = estimateReviewCost({
    model: input.model,
    promptChars: input.continuedPromptChars({ priorReview: summary }),
    readChars,
    maxTurns: input.maxTurns,
    overheadCacheWarm: warm,
  });
  // On a rewritten branch (no commits since) every start sends the whole change, and the earlier
  // findings are worth their few hundred characters: the review can say which were fixed. So a
  // review without history is weighed only when the parent is an ancestor.
  const wholeChange = since
    ? estimateReviewCost({
        model: input.model,
        promptChars: input.fresh.promptChars,
        readChars: input.fresh.readChars,
        maxTurns: input.maxTurns,
        overheadCacheWarm: warm,
      })
    : undefined;
  const all =
    `resuming its ${resumedContextTokens.toLocaleString("en-US")}-token conversation (prompt cache ${warm ? "likely warm" : "cold"}) is estimated at $${resume.usd.toFixed(4)}, a fresh review from its summary at $${fromSummary.usd.toFixed(4)}` +
    (wholeChange ? `, a fresh review of the whole change at $${wholeChange.usd.toFixed(4)}` : "");
  const cheapestOther = Math.min(fromSummary.usd, wholeChange?.usd ?? Number.POSITIVE_INFINITY);
  // Ties keep the history: resuming, then the summary, carry what the earlier reviews found.
  if (resume.usd <= cheapestOther)
    return { start, resumedContextTokens, notes: [`Resumed session ${entry.sessionId}: ${all}.`] };
  const withSummary = !wholeChange || fromSummary.usd <= wholeChange.usd;
  const taken = withSummary
    ? "the cheaper fresh start from its summary"
    : "the cheapest, a fresh review of the whole change,";
  return { start, startFresh: { reason: `${all}, so ${taken} was taken`, withSummary }, notes: [] };
}

/** The head-side sizes of the files the commits since the parent touched: what either start may read. */
function readsOf(since: ChangeSince, headChars: ReadonlyMap<string, number>): number[] {
  return since.changedFiles
    .filter((f) => f.status !== "removed")
    .map((f) => headChars.get(f.path) ?? UNKNOWN_FILE_CHARS);
}
