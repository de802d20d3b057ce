import type { LineagePlan } from "../../engines/engine.js";
import { chooseStart, type StartPoint } from "../../sessions/choose-start.js";
import { contextBoundExceeded, DEFAULT_CONTEXT_BOUND } from "../../sessions/context-bound.js";
import type { GitCheckout } from "../shared/git-checkout.js";
import { estimateReviewCost, PROMPT_CACHE_TTL_MS, UNKNOWN_FILE_CHARS } from "./review-cost-estimate.js";

/** The words around a delta prompt (what changed since the last review, and how to report). */
const DELTA_PROMPT_FRAME_CHARS = 3_000;
/** One remembered finding as a summary prompt lists it. */
const SUMMARY_CHARS_PER_FINDING = 160;

export interface LineageChoice {
  /** The start point read from the lineage, handed to the engine so it does not read it again. */
  start?: StartPoint;
  /** The parent's conversation the review sends again, when it resumes one. */
  resumedContextTokens?: number;
  /** Why the review starts fresh from its parent's summary instead: resuming would cost more. */
  startFresh?: string;
  /** The choice and both estimates, for the sticky comment, the check run and the log. */
  notes: string[];
}

/**
 * Resume the PR's last review, or start fresh from its summary: whichever is estimated to cost less.
 * A resumed review sends the parent's whole conversation again (its entry's context tokens) plus the
 * commits since; a fresh one sends the whole change plus a short list of the earlier findings. Both
 * are priced with prompt-cache pricing: a parent recorded within the cache's 5 minutes is read back at
 * 0.1×; an older one is written again at 1.25×, and then the fresh start, which sends fewer tokens,
 * is the cheaper one. A parent from the base branch's lineage
 * (a first review) is kept: it brings what is known about the repository, not an earlier diff.
 */
export async function chooseLineageStart(input: {
  lineage: Pick<LineagePlan, "store" | "lineageKey" | "baseKey" | "contextBound">;
  checkout: GitCheckout;
  headSha: string;
  /** The fresh review: its whole prompt, and the head-side sizes of the files it may read. */
  fresh: { promptChars: number; readChars: readonly number[] };
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

  const delta = await deltaSince(input.checkout, entry.headSha, input.headSha);
  // A parent recorded within the cache's lifetime is most likely still cached: its prefix is cheap.
  const age = (input.now ?? Date.now)() - Date.parse(entry.createdAt);
  const warm = Number.isFinite(age) && age >= 0 && age < PROMPT_CACHE_TTL_MS;
  const resume = estimateReviewCost({
    model: input.model,
    promptChars: delta ? DELTA_PROMPT_FRAME_CHARS + delta.diffChars : input.fresh.promptChars,
    readChars: delta
      ? delta.paths.map((path) => input.headChars.get(path) ?? UNKNOWN_FILE_CHARS)
      : input.fresh.readChars,
    maxTurns: input.maxTurns,
    resumedContextTokens,
    resumedCacheWarm: warm,
  });
  const fresh = estimateReviewCost({
    model: input.model,
    promptChars: input.fresh.promptChars + (entry.findings?.length ?? 0) * SUMMARY_CHARS_PER_FINDING,
    readChars: input.fresh.readChars,
    maxTurns: input.maxTurns,
  });
  const both = `resuming its ${resumedContextTokens.toLocaleString("en-US")}-token conversation (prompt cache ${warm ? "likely warm" : "cold"}) is estimated at $${resume.usd.toFixed(4)}, a fresh review from its summary at $${fresh.usd.toFixed(4)}`;
  if (resume.usd <= fresh.usd)
    return { start, resumedContextTokens, notes: [`Resumed session ${entry.sessionId}: ${both}.`] };
  return { start, startFresh: `${both}, so the cheaper fresh start was taken`, notes: [] };
}

/** The commits since the parent's head, when it is an ancestor here (else the resumed prompt is whole). */
async function deltaSince(
  checkout: GitCheckout,
  parentHeadSha: string,
  headSha: string,
): Promise<{ diffChars: number; paths: string[] } | undefined> {
  if (parentHeadSha === headSha) return undefined;
  if (!(await checkout.hasCommit(parentHeadSha)) || !(await checkout.isAncestor(parentHeadSha, headSha)))
    return undefined;
  const [diff, files] = await Promise.all([
    checkout.diff(parentHeadSha, headSha),
    checkout.changedFiles(parentHeadSha, headSha),
  ]);
  return { diffChars: diff.length, paths: files.filter((f) => f.status !== "removed").map((f) => f.path) };
}
