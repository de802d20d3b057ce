import { type ChangedFile, splitDiffByFile } from "../shared/prompt-blocks.js";
import { byRisk } from "./file-risk.js";
import { estimateReviewCost, type ReviewCostEstimate, UNKNOWN_FILE_CHARS } from "./review-cost-estimate.js";

/**
 * Not even the riskiest changed file fits the budget: the review does not start (a session would
 * die at the cap having published nothing). Doors fail the check run with this message.
 */
export class ReviewOverBudgetError extends Error {
  override readonly name = "ReviewOverBudgetError";
  constructor(
    message: string,
    readonly estimate: ReviewCostEstimate,
  ) {
    super(message);
  }
}

/** The share of `max_budget_usd` an estimate may take: estimates err, and the cap stops a session dead. */
export const BUDGET_SHARE = 0.8;

export interface ReviewChange {
  diff: string;
  changedFiles: ChangedFile[];
  excluded: ChangedFile[];
}

export interface ReviewBudgetInput {
  /** The first prompt built for the whole change (its diff included). */
  promptChars: number;
  /** Head-side sizes of the changed files, where known (a checkout); others count UNKNOWN_FILE_CHARS. */
  headChars: ReadonlyMap<string, number>;
  model: string | undefined;
  maxTurns: number;
  maxBudgetUsd: number;
  /** The conversation a resumed lineage session sends again, when the review would resume one. */
  resumedContextTokens?: number;
}

export type BudgetedReview =
  | {
      status: "within";
      /** The change to review: all of it, or the riskiest files that fit (`leftOut` names the rest). */
      change: ReviewChange;
      estimate: ReviewCostEstimate;
      /** Set when the whole change was estimated over budget and the review was narrowed. */
      narrowed?: { fullEstimateUsd: number; leftOut: string[] };
      notes: string[];
    }
  | { status: "over"; reason: string; estimate: ReviewCostEstimate };

/**
 * Fits a review to `max_budget_usd` before it runs. The whole change is estimated first; when that
 * passes BUDGET_SHARE of the budget, the riskiest files (byRisk) are taken one by one while the
 * estimate stays within it, and the others are left out of the diff, the file list and the review,
 * named in the notes. When not even the riskiest file fits, nothing runs: a session would die at the
 * cap having published nothing.
 */
export function fitReviewToBudget(change: ReviewChange, input: ReviewBudgetInput): BudgetedReview {
  const diffSections = splitDiffByFile(change.diff);
  const sections = new Map<string, number>();
  for (const section of diffSections)
    sections.set(section.path, (sections.get(section.path) ?? 0) + section.text.length);
  const fixedPromptChars = Math.max(0, input.promptChars - change.diff.length);
  const estimateFor = (files: readonly ChangedFile[]) =>
    estimateReviewCost({
      model: input.model,
      promptChars: fixedPromptChars + files.reduce((sum, f) => sum + (sections.get(f.path) ?? 0), 0),
      readChars: files
        .filter((f) => f.status !== "removed")
        .map((f) => input.headChars.get(f.path) ?? UNKNOWN_FILE_CHARS),
      maxTurns: input.maxTurns,
      ...(input.resumedContextTokens ? { resumedContextTokens: input.resumedContextTokens } : {}),
    });
  const ranked = byRisk(change.changedFiles);
  const full = estimateFor(ranked);
  const limit = input.maxBudgetUsd * BUDGET_SHARE;
  if (full.usd <= limit) return { status: "within", change, estimate: full, notes: [estimateNote(full)] };

  const kept: ChangedFile[] = [];
  for (const file of ranked) if (estimateFor([...kept, file]).usd <= limit) kept.push(file);
  if (kept.length === 0) {
    return {
      status: "over",
      estimate: full,
      reason: `not reviewed: the change is estimated at $${full.usd.toFixed(2)} and even its riskiest file alone at $${estimateFor(ranked.slice(0, 1)).usd.toFixed(2)}, over ${BUDGET_SHARE * 100}% of max_budget_usd ($${input.maxBudgetUsd}); raise the budget or narrow the review (review <path…>, include/exclude)`,
    };
  }
  const keptPaths = new Set(kept.map((f) => f.path));
  const leftOut = change.changedFiles.filter((f) => !keptPaths.has(f.path)).map((f) => f.path);
  const estimate = estimateFor(kept);
  return {
    status: "within",
    change: {
      diff: diffSections
        .filter((section) => keptPaths.has(section.path))
        .map((section) => section.text)
        .join(""),
      changedFiles: change.changedFiles.filter((f) => keptPaths.has(f.path)),
      excluded: change.excluded,
    },
    estimate,
    narrowed: { fullEstimateUsd: full.usd, leftOut },
    notes: [
      `Over budget: the whole change (${change.changedFiles.length} files) was estimated at $${full.usd.toFixed(2)}, over ${BUDGET_SHARE * 100}% of max_budget_usd ($${input.maxBudgetUsd}). This review covers the ${kept.length} files most at risk first; ${leftOut.length} not reviewed: ${namedList(leftOut)}`,
      estimateNote(estimate),
    ],
  };
}

function estimateNote(estimate: ReviewCostEstimate): string {
  const tokens = estimate.cacheWriteTokens + estimate.cacheReadTokens;
  return `Estimated before the run: $${estimate.usd.toFixed(4)} (${estimate.turns} turns, about ${tokens.toLocaleString("en-US")} input tokens, priced as ${estimate.pricedAs === "unnamed" ? "the most expensive model: none was named" : estimate.pricedAs})`;
}

function namedList(paths: readonly string[]): string {
  const shown = paths.slice(0, 20).map((p) => `\`${p}\``);
  return `${shown.join(", ")}${paths.length > shown.length ? ` and ${paths.length - shown.length} more` : ""}`;
}
