import type { JobSessionPlan, JobSessionResult, LineagePlan } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { type DiffLineMap, parseUnifiedDiff } from "../../github/diff-line-map.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { type SessionOutcome, sessionFailureReason } from "../../runner/session-outcome.js";
import type { LineageEntry, LineageFinding } from "../../sessions/lineage-entry.js";
import type { RestoreResult } from "../../sessions/restore-result.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import { jobToolAccess } from "../shared/job-tool-access.js";
import type { ChangedFile } from "../shared/prompt-blocks.js";
import type { ReviewRules } from "../shared/repository-config.js";
import { runJobSession } from "../shared/run-job-session.js";
import { type CommitsSince, rememberedChangeSince, reviewedPathsOf } from "./change-since.js";
import { chooseLineageStart } from "./lineage-choice.js";
import type { PathFilter } from "./path-filter.js";
import { fitReviewToBudget, type ReviewChange, ReviewOverBudgetError } from "./review-budget.js";
import { type CheckedReview, checkReview } from "./review-checks.js";
import type { ReviewCostEstimate } from "./review-cost-estimate.js";
import { type CoverageInput, type ReviewCoverage, reviewCoverage } from "./review-coverage.js";
import {
  buildReviewPrompt,
  type PriorReview,
  type ReviewPromptInput,
  type SummarisedReview,
} from "./review-prompt.js";
import { REVIEW_SCHEMA, reviewFromStructuredOutput } from "./review-schema.js";

export interface ReviewRequest {
  repository: { owner: string; name: string };
  checkoutDir: string;
  baseSha: string;
  headSha: string;
  pullRequest?: { number: number; title: string; body: string; author: string };
  /** Fork PRs and pull_request_target: `--bare` and the read-only policy whatever the settings say. */
  untrusted: boolean;
  lineage?: Omit<LineagePlan, "jobKind" | "headSha">;
  /** Which changed files the review looks at; the others are left out of the diff and the prompt. */
  pathFilter?: PathFilter;
  /** The repository's review rules (read at the base commit): told to the model, applied to its findings. */
  rules?: ReviewRules;
}

export type ReviewResult = (
  | {
      status: "reviewed";
      checked: CheckedReview;
      session: JobSessionResult;
      promptNotes: string[];
      /** What the session looked at of the reviewed change (its prompt's diff and its tool calls). */
      coverage?: ReviewCoverage;
    }
  | { status: "failed"; reason: string; session: JobSessionResult; promptNotes: string[] }
) & {
  /**
   * What the review was estimated to cost before it ran (fitReviewToBudget), for the report next to
   * the actual cost, and what the fit told the reader (the estimate, files left out to fit).
   */
  budget?: { estimate: ReviewCostEstimate; notes: string[] };
};

const validateReview = compileOnFirstUse(REVIEW_SCHEMA);

/**
 * The review job's core: read the change from git, build the prompt, run one read-only session with
 * the review schema (forked from the lineage), and check the findings. Publishing is separate so the
 * same result can go to GitHub, to a terminal or to a file.
 */
export async function runReview(request: ReviewRequest, settings: JobSettings): Promise<ReviewResult> {
  const checkout = new GitCheckout(request.checkoutDir, settings.hostEnv);
  const promptInput = (change: ReviewChange): ReviewPromptInput => ({
    repository: `${request.repository.owner}/${request.repository.name}`,
    baseSha: request.baseSha,
    headSha: request.headSha,
    changedFiles: change.changedFiles,
    diff: change.diff,
    ...(request.pullRequest ? { pullRequest: request.pullRequest } : {}),
    ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
    ...(request.rules ? { rules: request.rules } : {}),
  });
  const whole = await reviewedChange(checkout, request);
  const promptChars = buildReviewPrompt(promptInput(whole)).text.length;
  const headChars = await checkout.blobSizes(
    request.headSha,
    whole.changedFiles.map((f) => f.path),
  );
  const commitsSince = rememberedChangeSince(checkout, request.headSha);
  // Resume the PR's last review or start fresh from its summary, whichever is estimated to cost less.
  const choice = request.lineage
    ? await chooseLineageStart({
        lineage: request.lineage,
        headSha: request.headSha,
        fresh: {
          promptChars,
          readChars: whole.changedFiles
            .filter((f) => f.status !== "removed")
            .map((f) => headChars.get(f.path) ?? 0),
        },
        continuedPromptChars: (continuation) =>
          buildReviewPrompt({ ...promptInput(whole), ...continuation }).text.length,
        commitsSince: (fromSha) => commitsSince(fromSha, reviewedPathsOf(whole.changedFiles)),
        headChars,
        model: settings.model,
        maxTurns: settings.maxTurns,
      })
    : { notes: [] };
  const budget = fitReviewToBudget(whole, {
    promptChars,
    headChars,
    model: settings.model,
    maxTurns: settings.maxTurns,
    maxBudgetUsd: settings.maxBudgetUsd,
    ...(choice.resumedContextTokens ? { resumedContextTokens: choice.resumedContextTokens } : {}),
  });
  if (budget.status === "over") throw new ReviewOverBudgetError(budget.reason, budget.estimate);
  const { changedFiles, excluded } = budget.change;

  const promptNotes: string[] = [];
  let diffOmitted: string[] = [];
  let summarised: SummarisedReview | undefined;
  const promptFor = async (restore: RestoreResult): Promise<string> => {
    const prompt = buildReviewPrompt({
      ...promptInput(budget.change),
      ...(await continuationOf(
        checkout,
        commitsSince,
        restore,
        request.headSha,
        reviewedPathsOf(changedFiles),
      )),
    });
    promptNotes.splice(0, promptNotes.length, ...prompt.notes, ...excludedNote(excluded));
    diffOmitted = prompt.diffOmitted;
    summarised = prompt.summarised;
    return prompt.text;
  };

  const session = await runJobSession(
    reviewSessionPlan(request, settings, promptFor),
    request.lineage
      ? {
          ...request.lineage,
          jobKind: "review",
          headSha: request.headSha,
          findingsOf: rememberedFindings,
          ...(choice.startFresh ? { startFresh: choice.startFresh } : {}),
          ...(choice.start ? { start: choice.start } : {}),
        }
      : undefined,
    settings,
  );
  const knownPaths = new Set(changedFiles.filter((f) => f.status !== "removed").map((f) => f.path));
  const result = await checkedReview(session, promptNotes, {
    knownPaths,
    ...(request.rules ? { rules: request.rules } : {}),
    coverage: {
      change: budget.change.diff,
      reviewedPaths: new Set(changedFiles.map((f) => f.path)),
      promptOmitted: new Set(diffOmitted),
      ...(summarised ? { summarised } : {}),
    },
    lineCounts: (paths) => checkout.lineCounts(request.headSha, paths),
  });
  return { ...result, budget: { estimate: budget.estimate, notes: [...choice.notes, ...budget.notes] } };
}

/**
 * The review's start phase, the same on every engine: a read-only session with the review schema
 * on the PR head. An untrusted PR never gets a custom (possibly wider) policy, and runs `--bare`.
 * Without a checkout (a session begun on a remote engine) paths resolve against nothing local.
 */
export function reviewSessionPlan(
  request: Pick<ReviewRequest, "repository" | "baseSha" | "headSha" | "untrusted"> & { checkoutDir?: string },
  settings: JobSettings,
  prompt: JobSessionPlan["prompt"],
): JobSessionPlan {
  const cwd = request.checkoutDir ?? NO_LOCAL_WORKSPACE;
  const policy =
    request.untrusted || !settings.policy ? builtInPolicy("review", { workspace: cwd }) : settings.policy;
  return {
    jobKind: "review",
    prompt,
    cwd,
    ...jobToolAccess("review", policy, settings, !request.untrusted),
    jsonSchema: settings.jsonSchema ?? REVIEW_SCHEMA,
    bare: request.untrusted,
    // The PR's head must not configure the agent that reviews it (hooks, MCP servers, CLAUDE.md).
    agentConfigFrom: request.baseSha,
    ...sessionLimitsFrom(settings),
    workspace: {
      owner: request.repository.owner,
      name: request.repository.name,
      headSha: request.headSha,
      access: "read",
    },
  };
}

/**
 * The review's finish, the same on every engine: the session's own failure reason, a review-shaped
 * output, and findings set aside that name a file outside the reviewed change (`knownPaths`) or a
 * line past the end of the file (`lineCounts` at the head; unknown counts check nothing).
 */
export async function checkedReview(
  session: JobSessionResult,
  promptNotes: string[],
  files: {
    knownPaths: ReadonlySet<string>;
    lineCounts?: (paths: string[]) => Promise<Map<string, number | undefined>>;
    rules?: ReviewRules;
    /** The reviewed change (a diff or its line map) and what the prompt left out, to measure coverage. */
    coverage?: Omit<CoverageInput, "change" | "toolUses" | "policyDecisions"> & {
      change: string | DiffLineMap;
    };
  },
): Promise<ReviewResult> {
  const { outcome } = session;
  if (outcome.exitCode !== 0) {
    return { status: "failed", reason: sessionFailureReason(outcome), session, promptNotes };
  }
  if (!validateReview(outcome.structuredOutput)) {
    // A custom schema that is not review-shaped: the run succeeded, but there are no findings to place.
    return {
      status: "failed",
      reason:
        "the structured output is not a review (verdict, summary, findings); nothing was published inline",
      session,
      promptNotes,
    };
  }
  const review = reviewFromStructuredOutput(outcome.structuredOutput);
  const lineCounts = files.lineCounts
    ? await files.lineCounts(review.findings.map((f) => f.path).filter((path) => files.knownPaths.has(path)))
    : new Map<string, number | undefined>();
  const checked = checkReview(review, {
    knownPaths: files.knownPaths,
    lineCount: (path) => lineCounts.get(path),
    ...(files.rules ? { rules: files.rules } : {}),
  });
  const coverage = files.coverage ? coverageOf(files.coverage, outcome) : undefined;
  return { status: "reviewed", checked, session, promptNotes, ...(coverage ? { coverage } : {}) };
}

/** The session's coverage of the change; a diff that cannot be parsed measures nothing (and says so). */
function coverageOf(
  input: NonNullable<Parameters<typeof checkedReview>[2]["coverage"]>,
  outcome: SessionOutcome,
): ReviewCoverage | undefined {
  let change: DiffLineMap;
  try {
    change = typeof input.change === "string" ? parseUnifiedDiff(input.change) : input.change;
  } catch {
    return undefined;
  }
  return reviewCoverage({
    ...input,
    change,
    toolUses: outcome.toolUses ?? [],
    policyDecisions: outcome.policyDecisions,
  });
}

/**
 * The diff and the changed files the model is shown: all of them, or only those the path filter
 * keeps (the diff is then read with literal pathspecs, renames' old paths included so git still
 * pairs them).
 */
export async function reviewedChange(
  checkout: GitCheckout,
  request: Pick<ReviewRequest, "baseSha" | "headSha" | "pathFilter">,
): Promise<{ diff: string; changedFiles: ChangedFile[]; excluded: ChangedFile[] }> {
  const all = await checkout.changedFiles(request.baseSha, request.headSha);
  const { reviewed, excluded } = request.pathFilter
    ? request.pathFilter.partition(all)
    : { reviewed: all, excluded: [] };
  if (excluded.length === 0)
    return { diff: await checkout.diff(request.baseSha, request.headSha), changedFiles: all, excluded };
  const pathspecs = reviewed.flatMap((f) => [f.path, ...(f.previousPath ? [f.previousPath] : [])]);
  const diff =
    pathspecs.length === 0
      ? ""
      : await checkout.diff(
          request.baseSha,
          request.headSha,
          pathspecs.map((p) => `:(literal)${p}`),
        );
  return { diff, changedFiles: reviewed, excluded };
}

function excludedNote(excluded: readonly ChangedFile[]): string[] {
  if (excluded.length === 0) return [];
  const shown = excluded.slice(0, 20).map((f) => `\`${f.path}\``);
  const more = excluded.length > shown.length ? ` and ${excluded.length - shown.length} more` : "";
  return [`${excluded.length} changed file(s) left out by path filters: ${shown.join(", ")}${more}`];
}

/**
 * How this review relates to the lineage's last one. Only a parent from this PR's own lineage saw an
 * earlier head of this PR; a base-branch parent knows the repository, not this change.
 */
async function continuationOf(
  checkout: GitCheckout,
  commitsSince: CommitsSince,
  restore: RestoreResult,
  headSha: string,
  reviewedPaths: ReadonlySet<string>,
): Promise<Pick<ReviewPromptInput, "delta" | "priorReview">> {
  if (restore.status === "compacted" && restore.start.from === "lineage") {
    const { entry } = restore.start;
    // A summary of a review whose sha left the branch says so, as a resumed one does.
    const standing = await parentStanding(checkout, entry.headSha, headSha);
    if (standing !== "ancestor")
      return { priorReview: await priorReviewOf(checkout, entry, headSha, standing) };
    const [prior, since] = await Promise.all([
      priorReviewOf(checkout, entry, headSha, "compacted"),
      commitsSince(entry.headSha, reviewedPaths),
    ]);
    return { priorReview: since ? { ...prior, since } : prior };
  }
  if (restore.status !== "restored" || restore.start.from !== "lineage") return {};
  const previous = restore.parentHeadSha;
  if (previous === headSha) return {};
  const standing = await parentStanding(checkout, previous, headSha);
  if (standing !== "ancestor")
    return { priorReview: await priorReviewOf(checkout, restore.start.entry, headSha, standing) };
  const since = await commitsSince(previous, reviewedPaths);
  return since ? { delta: { fromSha: previous, ...since } } : {};
}

/** Where an earlier review's sha stands against the head: in its history, gone from it, or not in this checkout. */
async function parentStanding(
  checkout: GitCheckout,
  previous: string,
  headSha: string,
): Promise<"ancestor" | "missing" | "rebased"> {
  if (!(await checkout.hasCommit(previous))) return "missing";
  return (await checkout.isAncestor(previous, headSha)) ? "ancestor" : "rebased";
}

async function priorReviewOf(
  checkout: GitCheckout,
  entry: LineageEntry,
  headSha: string,
  why: PriorReview["why"],
): Promise<PriorReview> {
  const findings = entry.findings ?? [];
  // Which files moved since the earlier review; unknown (commit gone) counts every file as changed.
  const changed =
    why === "missing"
      ? undefined
      : await checkout
          .changedFiles(entry.headSha, headSha)
          .then((files) => new Set(files.flatMap((f) => [f.path, f.previousPath ?? f.path])))
          .catch(() => undefined);
  return {
    reviewedSha: entry.headSha,
    why,
    findings: findings.map((f) => ({ ...f, state: changed && !changed.has(f.path) ? "open" : "outdated" })),
  };
}

/** What the lineage keeps of a review: enough to summarise it later, nothing to re-post. */
function rememberedFindings(outcome: SessionOutcome): LineageFinding[] | undefined {
  if (!validateReview(outcome.structuredOutput)) return undefined;
  return reviewFromStructuredOutput(outcome.structuredOutput).findings.map((f) => ({
    path: f.path,
    line: f.startLine,
    severity: f.severity,
    title: f.title.slice(0, 300),
  }));
}
