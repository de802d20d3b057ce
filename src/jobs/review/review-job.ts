import type { DetachedEngine } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { CheckRunPublisher } from "../../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import { listPullRequestFiles } from "../../github/list-pull-request-files.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import { classifyReplies } from "../learnings/classify-replies.js";
import { learningsForReview } from "../learnings/review-learnings.js";
import { beginJob, type DetachedJob, type DetachedJobRecord } from "../shared/detached-job.js";
import { failCheckRunNotStarted } from "../shared/fail-check-run-not-started.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { githubClientOf } from "../shared/github-access.js";
import type { JobSettings } from "../shared/job-settings.js";
import type { PullRequestRef } from "../shared/pull-request-ref.js";
import {
  type RepositoryConfig,
  type ReviewRules,
  readRepositoryConfig,
  readRepositoryConfigFromGitHub,
} from "../shared/repository-config.js";
import { type ChangeSince, changeSince, reviewedPathsOf } from "./change-since.js";
import { changeSinceFromGitHub } from "./change-since-from-github.js";
import { PathFilter, type PathFilterSettings } from "./path-filter.js";
import {
  type PublishedReview,
  publishingRules,
  publishReviewToGitHub,
  type ReviewTarget,
} from "./publish-review-to-github.js";
import { pullRequestChangeFromGitHub } from "./pull-request-change.js";
import { fitReviewToBudget, type ReviewChange, ReviewOverBudgetError } from "./review-budget.js";
import type { ReviewCostEstimate } from "./review-cost-estimate.js";
import { reviewProgress } from "./review-progress.js";
import { buildReviewPrompt, type ReviewPromptInput, type SummarisedReview } from "./review-prompt.js";
import {
  completeAsNotReviewed,
  notReviewedSummary,
  notReviewedTitle,
  type ReviewPathRules,
  reviewPathRules,
  startReviewCheck,
} from "./review-pull-request.js";
import { REVIEW_SCHEMA, reviewFromStructuredOutput } from "./review-schema.js";
import { checkedReview, type ReviewResult, reviewedChange, reviewSessionPlan } from "./run-review.js";

/** What a door keeps between beginning a review and settling it (e.g. one DynamoDB item). */
export interface ReviewRecord extends DetachedJobRecord {
  /** Absent on the first records, which were all reviews. */
  kind?: "review";
  pullNumber: number;
  headSha: string;
  baseSha: string;
  checkRunId: number;
  /**
   * The path rules the review began with (repository config at the base, then the door's globs,
   * then a command's paths): the finish sets findings aside by the same rules.
   */
  pathRules?: ReviewPathRules;
  /** The estimate made before the session began, for the report next to the actual cost. */
  estimate?: ReviewCostEstimate;
  /** Changed files left out to fit the budget (fitReviewToBudget): findings on them are set aside. */
  leftOut?: string[];
  /** What the start told the reader (the estimate, a narrowed review), repeated in the report. */
  notes?: string[];
  /** The repository's review rules the review began with: the finish applies the same ones. */
  reviewRules?: ReviewRules;
  /** Changed files whose diff the prompt did not inline: the finish's coverage counts them unread unless read. */
  promptOmitted?: string[];
  /** A summary start: the lines its prompt showed, for the finish's coverage (see `SummarisedReview`). */
  summarised?: SummarisedReview;
}

export type ReviewBegun =
  | { status: "started"; record: ReviewRecord }
  /** Every changed file is left out by path filters: neutral check, no session. */
  | { status: "skipped"; reason: string; excluded: string[]; checkRunId: number };

export interface ReviewBegin {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pr: PullRequestRef;
  /**
   * Checkout of the PR head with the base commit, for the diff in the prompt. Without one the diff
   * comes from the GitHub API, so a serverless worker needs neither git nor a clone.
   */
  checkoutDir?: string;
  runUrl?: string;
  /** Mints the token the repository is mounted with (default: the engine's own). */
  mountToken?: () => Promise<string>;
  /** The door's include and exclude globs, added to the repository's own (read at the base commit). */
  pathFilter?: PathFilterSettings;
  /** `review <path…>`: review only these paths of what the filters keep. */
  paths?: string[];
  /** The door's comment mode: unless `none`, the sticky comment shows the review's progress. */
  commentMode?: ReviewTarget["commentMode"];
  /**
   * Where sessions are stored, beside which the noise memory lives (none: no noise memory). Replies
   * are read before the review begins, in a one-turn session the engine runs to its end.
   */
  transcripts?: TranscriptStore;
  log?: (line: string) => void;
}

const validateReview = compileOnFirstUse(REVIEW_SCHEMA);

/**
 * A review's start on a detached engine: the check run is opened, the change read (from the API
 * when there is no checkout), the review's session plan begun, and the record returned for the
 * settle step, which runs `reviewJob`'s finish.
 */
export async function beginReview(
  job: ReviewBegin,
  settings: JobSettings,
  engine: DetachedEngine,
  /** The PR's previous remote session, when a push follows a review (see docs/engines.md). */
  previous?: { sessionId: string; headSha: string },
): Promise<ReviewBegun> {
  const { checks, handle } = await startReviewCheck(job);
  try {
    const checkout = job.checkoutDir ? new GitCheckout(job.checkoutDir, settings.hostEnv) : undefined;
    // The same rules as every review: the repository's config at the base, never the head.
    const repositoryConfig = checkout
      ? await readRepositoryConfig(checkout, job.pr.baseSha)
      : await readRepositoryConfigFromGitHub(job.octokit, {
          owner: job.owner,
          repo: job.repo,
          sha: job.pr.baseSha,
        });
    const pathRules = reviewPathRules(repositoryConfig, job.pathFilter, job.paths);
    const pathFilter = PathFilter.from(pathRules).narrow(pathRules.paths);
    const whole = checkout
      ? await reviewedChange(checkout, { baseSha: job.pr.baseSha, headSha: job.pr.headSha, pathFilter })
      : await pullRequestChangeFromGitHub(
          job.octokit,
          { owner: job.owner, repo: job.repo, pullNumber: job.pr.number },
          pathFilter,
        );
    if (whole.changedFiles.length === 0 && whole.excluded.length > 0) {
      const skipped = await completeAsNotReviewed(checks, handle, whole.excluded);
      return { status: "skipped", ...skipped, checkRunId: handle.checkRunId };
    }
    const learned = await learningsForReview({
      store: job.transcripts,
      octokit: job.octokit,
      owner: job.owner,
      repo: job.repo,
      pullNumber: job.pr.number,
      untrusted: false,
      // Replies are read by a short tool-less session run to its end on the same engine (one turn).
      classify: (replies) =>
        classifyReplies(
          replies,
          { owner: job.owner, repo: job.repo, headSha: job.pr.headSha },
          {
            ...settings,
            engine,
          },
        ),
      ...(job.log ? { log: job.log } : {}),
    });
    const rules = learned ? { ...repositoryConfig, learned } : repositoryConfig;
    const prior =
      previous && previous.headSha !== job.pr.headSha
        ? await priorReviewFrom(engine, previous, settings.jsonSchema ?? REVIEW_SCHEMA, () => {
            const reviewedPaths = reviewedPathsOf(whole.changedFiles);
            return checkout
              ? changeSince(checkout, previous.headSha, job.pr.headSha, reviewedPaths)
              : changeSinceFromGitHub(
                  job.octokit,
                  { owner: job.owner, repo: job.repo, fromSha: previous.headSha, headSha: job.pr.headSha },
                  reviewedPaths,
                );
          })
        : {};
    const promptOf = (change: ReviewChange) =>
      buildReviewPrompt({
        repository: `${job.owner}/${job.repo}`,
        baseSha: job.pr.baseSha,
        headSha: job.pr.headSha,
        changedFiles: change.changedFiles,
        diff: change.diff,
        pullRequest: { number: job.pr.number, title: job.pr.title, body: job.pr.body, author: job.pr.author },
        ...prior,
        ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
        rules,
      });
    // The same fit as every review; without a checkout, file sizes are unknown and counted high.
    const budget = fitReviewToBudget(whole, {
      promptChars: promptOf(whole).text.length,
      headChars: checkout
        ? await checkout.blobSizes(
            job.pr.headSha,
            whole.changedFiles.map((f) => f.path),
          )
        : new Map(),
      model: settings.model,
      maxTurns: settings.maxTurns,
      maxBudgetUsd: settings.maxBudgetUsd,
    });
    if (budget.status === "over") throw new ReviewOverBudgetError(budget.reason, budget.estimate);
    const prompt = promptOf(budget.change);
    const record = await beginJob(
      engine,
      reviewSessionPlan(
        {
          repository: { owner: job.owner, name: job.repo },
          baseSha: job.pr.baseSha,
          headSha: job.pr.headSha,
          untrusted: false,
        },
        settings,
        prompt.text,
      ),
      {
        kind: "review" as const,
        owner: job.owner,
        repo: job.repo,
        pullNumber: job.pr.number,
        headSha: job.pr.headSha,
        baseSha: job.pr.baseSha,
        checkRunId: handle.checkRunId,
        pathRules,
        estimate: budget.estimate,
        notes: budget.notes,
        reviewRules: reviewRulesOf(rules),
        promptOmitted: prompt.diffOmitted,
        ...(prompt.summarised ? { summarised: prompt.summarised } : {}),
        ...(budget.narrowed ? { leftOut: budget.narrowed.leftOut } : {}),
      },
      job.mountToken,
    );
    await showDetachedProgress(job, record.sessionId, budget.estimate.usd);
    return { status: "started", record };
  } catch (error) {
    await failCheckRunNotStarted(checks, handle, "review", error, {
      title: notReviewedTitle(error),
      summary: notReviewedSummary(`Claude review could not start: ${(error as Error).message}`, error),
    });
    throw error;
  }
}

/** What of the repository config the finish needs: not the globs (the path rules hold them) nor the instructions. */
function reviewRulesOf(config: RepositoryConfig): ReviewRules {
  // The finish drops findings by fingerprint and names the learning; the rule's words were for the prompt.
  const learned = config.learned?.map((l) => ({ ...l, rule: "" }));
  return {
    ...(config.source ? { source: config.source } : {}),
    // The prompt had the instructions; the finish needs only the bounds (a smaller record).
    rules: config.rules.flatMap(({ instructions: _said, ...bounds }) =>
      bounds.severityFloor || bounds.severityCeiling ? [bounds] : [],
    ),
    ignoreCategories: config.ignoreCategories,
    ...(config.postThreshold ? { postThreshold: config.postThreshold } : {}),
    ...(config.minCoverage === undefined ? {} : { minCoverage: config.minCoverage }),
    ...(learned?.length ? { learned } : {}),
  };
}

/**
 * The sticky comment's checklist for a review whose session runs on: begun here, finished by the
 * settle step, which writes the summary over it. One edit; a failed edit is only logged.
 */
async function showDetachedProgress(
  job: ReviewBegin,
  sessionId: string,
  estimatedUsd: number,
): Promise<void> {
  if (!job.commentMode || job.commentMode === "none") return;
  const progress = await reviewProgress(job.octokit, {
    owner: job.owner,
    repo: job.repo,
    issueNumber: job.pr.number,
  });
  progress.done(
    "checkout",
    `the engine mounts the repository read-only at \`${job.pr.headSha.slice(0, 12)}\``,
  );
  progress.done("session", `session \`${sessionId}\`, estimated $${estimatedUsd.toFixed(4)}`);
  progress.active("reading", "the summary replaces this list when the session ends");
  await progress.flush();
}

/**
 * A later push starts a new session (the mounted commit cannot change mid-session) that is told what
 * the previous one found, read back from that session's accepted submit_result, and, when the
 * previous head is an ancestor of this one, only the commits since (a summary start). A finding whose
 * file those commits left alone is open; the rest, or all of them when the commits since are
 * unknown, are outdated: the agent re-checks them.
 */
async function priorReviewFrom(
  engine: DetachedEngine,
  previous: { sessionId: string; headSha: string },
  schema: Record<string, unknown>,
  commitsSince: () => Promise<ChangeSince | undefined>,
): Promise<Pick<ReviewPromptInput, "priorReview">> {
  const earlier = await engine.resultOf(previous.sessionId, schema).catch(() => undefined);
  if (!validateReview(earlier)) return {};
  const review = reviewFromStructuredOutput(earlier);
  const since = await commitsSince();
  const moved = since ? reviewedPathsOf(since.changedFiles) : undefined;
  return {
    priorReview: {
      reviewedSha: previous.headSha,
      why: "compacted",
      findings: review.findings.map((f) => ({
        path: f.path,
        line: f.startLine,
        severity: f.severity,
        title: f.title,
        state: moved && !moved.has(f.path) ? ("open" as const) : ("outdated" as const),
      })),
      ...(since ? { since } : {}),
    },
  };
}

/** How a settle step publishes reviews: the door's comment mode, limits, `fail_on` and globs. */
export interface ReviewPublishing {
  commentMode: ReviewTarget["commentMode"];
  inlineCommentLimit: number;
  /** The door's `fail_on` (default error), as for every review. */
  failOn?: ReviewTarget["failOn"];
  /** The door's include and exclude globs: a finding on a file they leave out is set aside. */
  pathFilter?: PathFilterSettings;
  runUrl?: string;
}

export type DetachedReviewResult = { review: ReviewResult; published: PublishedReview };

/**
 * A review's finish when a later step settles it: checkedReview, as on every engine, against the
 * PR's files now (the remote agent sees the whole repository, so findings on files the path rules
 * leave out are set aside), then the same publishing: review, sticky summary, check run.
 */
export function reviewJob(
  publishing: ReviewPublishing,
  settings: Pick<JobSettings, "jsonSchema" | "policy"> = {},
): DetachedJob<ReviewRecord, DetachedReviewResult> {
  return {
    check: () => ({
      jsonSchema: settings.jsonSchema ?? REVIEW_SCHEMA,
      // Shell commands are judged by the review's read-only rules; paths resolve against nothing local.
      policy: settings.policy ?? builtInPolicy("review", { workspace: NO_LOCAL_WORKSPACE }),
    }),
    async finish(record, session, context) {
      const octokit = await githubClientOf(context.octokit);
      const { owner, repo, pullNumber, headSha } = record;
      const { pathFilter, ...rest } = publishing;
      const files = await listPullRequestFiles(octokit, { owner, repo, pullNumber });
      // The rules the review began with (the door's own for an older record), plus the door's now.
      const rules = record.pathRules ?? { include: [], exclude: [], paths: [] };
      const filter = PathFilter.from({
        include: [...rules.include, ...(pathFilter?.include ?? [])],
        exclude: [...rules.exclude, ...(pathFilter?.exclude ?? [])],
      }).narrow(rules.paths);
      const leftOut = new Set(record.leftOut ?? []);
      const reviewed = files.filter((f) => filter.matches(f.filename) && !leftOut.has(f.filename));
      const knownPaths = new Set(reviewed.filter((f) => f.status !== "removed").map((f) => f.filename));
      const { lineMap } = await fetchPullRequestLineMap(octokit, { owner, repo, pullNumber });
      const review = {
        ...(await checkedReview(session, [], {
          knownPaths,
          ...(record.reviewRules ? { rules: record.reviewRules } : {}),
          // An older record has no list: its prompt is taken to have inlined the whole diff.
          coverage: {
            change: lineMap,
            reviewedPaths: new Set(reviewed.map((f) => f.filename)),
            promptOmitted: new Set(record.promptOmitted ?? []),
            ...(record.summarised ? { summarised: record.summarised } : {}),
          },
        })),
        ...(record.estimate ? { budget: { estimate: record.estimate, notes: record.notes ?? [] } } : {}),
      };
      const published = await publishReviewToGitHub(
        {
          octokit,
          owner,
          repo,
          pullNumber,
          headSha,
          lineMap,
          ...rest,
          ...publishingRules(record.reviewRules),
        },
        { publisher: new CheckRunPublisher(octokit), handle: { owner, repo, checkRunId: record.checkRunId } },
        review,
      );
      return { result: { review, published }, session, conclusion: published.conclusion };
    },
  };
}
