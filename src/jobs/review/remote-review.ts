import { CheckRunPublisher } from "../../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import { listPullRequestFiles } from "../../github/list-pull-request-files.js";
import { createAjv } from "../../json-schema/create-ajv.js";
import type { ManagedAgentsEngine } from "../../runner/managed-agents/managed-agents-engine.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { failCheckRunNotStarted } from "../shared/fail-check-run-not-started.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type GitHubAccess, githubClientOf } from "../shared/github-access.js";
import type { JobSettings } from "../shared/job-settings.js";
import type { PullRequestRef } from "../shared/pull-request-ref.js";
import { readRepositoryConfig, readRepositoryConfigFromGitHub } from "../shared/repository-config.js";
import { settleRemoteJobSession } from "../shared/run-job-session.js";
import { PathFilter, type PathFilterSettings } from "./path-filter.js";
import {
  type PublishedReview,
  publishReviewToGitHub,
  type ReviewTarget,
} from "./publish-review-to-github.js";
import { pullRequestChangeFromGitHub } from "./pull-request-change.js";
import { checkReview } from "./review-checks.js";
import { buildReviewPrompt, type ReviewPromptInput } from "./review-prompt.js";
import {
  completeAsNotReviewed,
  type ReviewPathRules,
  reviewPathRules,
  startReviewCheck,
} from "./review-pull-request.js";
import { REVIEW_SCHEMA, reviewFromStructuredOutput } from "./review-schema.js";
import { type ReviewResult, reviewedChange } from "./run-review.js";

/** What a door must keep between starting a remote review and settling it (e.g. one DynamoDB item). */
export interface RemoteReviewRecord {
  /** Absent on the first records, which were all reviews. */
  kind?: "review";
  sessionId: string;
  owner: string;
  repo: string;
  pullNumber: number;
  headSha: string;
  baseSha: string;
  checkRunId: number;
  startedAt: string;
  /** The job's turn cap, enforced when the session is settled. */
  maxTurns?: number;
  /**
   * The path rules the worker reviewed with (repository config at the base, then the door's globs,
   * then a command's paths): the settle step sets findings aside by the same rules.
   */
  pathRules?: ReviewPathRules;
  /**
   * When the job's time is up (ISO): a settle step or the sweeper that finds the session still
   * working after it interrupts and archives it, and the check concludes timed_out.
   */
  deadlineAt?: string;
}

export type RemoteReviewStarted =
  | { status: "started"; record: RemoteReviewRecord }
  /** Every changed file is left out by path filters: neutral check, no session. */
  | { status: "skipped"; reason: string; excluded: string[]; checkRunId: number };

export interface RemoteReviewStart {
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
}

const validateReview = createAjv({ schemas: "ours" }).compile(REVIEW_SCHEMA);

/**
 * Starts a review on the Managed Agents engine without waiting for it: the check run is opened, the
 * session created, and the record returned for `settleRemoteReview`, which a webhook triggers.
 */
export async function startRemoteReview(
  job: RemoteReviewStart,
  settings: JobSettings,
  engine: ManagedAgentsEngine,
  /** The PR's previous remote session, when a push follows a review (see docs/engines.md). */
  previous?: { sessionId: string; headSha: string },
): Promise<RemoteReviewStarted> {
  const { checks, handle } = await startReviewCheck(job);
  try {
    const checkout = job.checkoutDir ? new GitCheckout(job.checkoutDir, settings.hostEnv) : undefined;
    // The same rules as a review on the CLI engine: the repository's config at the base, never the head.
    const repositoryConfig = checkout
      ? await readRepositoryConfig(checkout, job.pr.baseSha)
      : await readRepositoryConfigFromGitHub(job.octokit, {
          owner: job.owner,
          repo: job.repo,
          sha: job.pr.baseSha,
        });
    const pathRules = reviewPathRules(repositoryConfig, job.pathFilter, job.paths);
    const pathFilter = PathFilter.from(pathRules).narrow(pathRules.paths);
    const { diff, changedFiles, excluded } = checkout
      ? await reviewedChange(checkout, { baseSha: job.pr.baseSha, headSha: job.pr.headSha, pathFilter })
      : await pullRequestChangeFromGitHub(
          job.octokit,
          { owner: job.owner, repo: job.repo, pullNumber: job.pr.number },
          pathFilter,
        );
    if (changedFiles.length === 0 && excluded.length > 0) {
      const skipped = await completeAsNotReviewed(checks, handle, excluded);
      return { status: "skipped", ...skipped, checkRunId: handle.checkRunId };
    }
    const prompt = buildReviewPrompt({
      repository: `${job.owner}/${job.repo}`,
      baseSha: job.pr.baseSha,
      headSha: job.pr.headSha,
      changedFiles,
      diff,
      pullRequest: { number: job.pr.number, title: job.pr.title, body: job.pr.body, author: job.pr.author },
      ...(previous && previous.headSha !== job.pr.headSha
        ? await priorReviewFrom(engine, previous, settings.jsonSchema ?? REVIEW_SCHEMA)
        : {}),
      ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
    });
    const { sessionId } = await engine.start({
      jobKind: "review",
      prompt: prompt.text,
      jsonSchema: settings.jsonSchema ?? REVIEW_SCHEMA,
      maxBudgetUsd: settings.maxBudgetUsd,
      maxTurns: settings.maxTurns,
      workspace: { owner: job.owner, name: job.repo, headSha: job.pr.headSha, access: "read" },
      ...(settings.model ? { model: settings.model } : {}),
      ...(job.mountToken ? { repositoryToken: job.mountToken } : {}),
    });
    const record: RemoteReviewRecord = {
      kind: "review",
      sessionId,
      owner: job.owner,
      repo: job.repo,
      pullNumber: job.pr.number,
      headSha: job.pr.headSha,
      baseSha: job.pr.baseSha,
      checkRunId: handle.checkRunId,
      startedAt: new Date().toISOString(),
      maxTurns: settings.maxTurns,
      pathRules,
      // The same time budget a CLI session of this job gets, counted from the session's creation.
      deadlineAt: new Date(Date.now() + settings.timeoutMs).toISOString(),
    };
    return { status: "started", record };
  } catch (error) {
    await failCheckRunNotStarted(checks, handle, "review", error);
    throw error;
  }
}

/**
 * A later push starts a new session (the mounted commit cannot change mid-session) that is told what
 * the previous one found, read back from that session's accepted submit_result. Without a local
 * history to compare, every earlier finding is marked outdated: the agent re-checks it.
 */
async function priorReviewFrom(
  engine: ManagedAgentsEngine,
  previous: { sessionId: string; headSha: string },
  schema: Record<string, unknown>,
): Promise<Pick<ReviewPromptInput, "priorReview">> {
  const earlier = await engine.resultOf(previous.sessionId, schema).catch(() => undefined);
  if (!validateReview(earlier)) return {};
  const review = reviewFromStructuredOutput(earlier);
  return {
    priorReview: {
      reviewedSha: previous.headSha,
      why: "compacted",
      findings: review.findings.map((f) => ({
        path: f.path,
        line: f.startLine,
        severity: f.severity,
        title: f.title,
        state: "outdated" as const,
      })),
    },
  };
}

export type RemoteReviewSettled =
  | { status: "waiting" }
  /** The session ended, but another settle step holds the right to publish it: nothing was published. */
  | { status: "claimed_elsewhere" }
  | { status: "published"; result: ReviewResult; published: PublishedReview };

export interface RemoteReviewSettle {
  /** Asked for only once the session ended and this step may publish. */
  octokit: GitHubAccess;
  commentMode: ReviewTarget["commentMode"];
  inlineCommentLimit: number;
  /** The door's `fail_on` (default error), as for a review on the CLI engine. */
  failOn?: ReviewTarget["failOn"];
  /** The door's include and exclude globs: a finding on a file they leave out is set aside. */
  pathFilter?: PathFilterSettings;
  runUrl?: string;
  /**
   * Asked once the session has ended, before anything reaches GitHub: true when this step may
   * publish (the door's conditional write), false when another step already does.
   */
  claim?: () => Promise<boolean>;
}

/**
 * One webhook's worth of work on a remote review: answer what the session waits on, or, once it has
 * ended, check the findings against the PR's files and publish them exactly as the CLI engine does.
 */
export async function settleRemoteReview(
  record: RemoteReviewRecord,
  target: RemoteReviewSettle,
  engine: ManagedAgentsEngine,
  settings: Pick<JobSettings, "jsonSchema" | "policy">,
): Promise<RemoteReviewSettled> {
  const settled = await settleRemoteJobSession(
    engine,
    record,
    {
      jsonSchema: settings.jsonSchema ?? REVIEW_SCHEMA,
      // Shell commands are judged by the review's read-only rules; paths resolve against nothing local.
      policy: settings.policy ?? builtInPolicy("review", { workspace: "/nonexistent-remote-workspace" }),
    },
    target.claim,
  );
  if (settled.status !== "settled") return settled;

  const { octokit: access, pathFilter, claim: _claim, ...rest } = target;
  const octokit = await githubClientOf(access);
  const { owner, repo, pullNumber, headSha } = record;
  const { session } = settled;
  let result: ReviewResult;
  const { outcome } = session;
  if (outcome.exitCode !== 0) {
    result = {
      status: "failed",
      reason: outcome.failureReasons[0] ?? "the session failed",
      session,
      promptNotes: [],
    };
  } else if (!validateReview(outcome.structuredOutput)) {
    result = {
      status: "failed",
      reason:
        "the structured output is not a review (verdict, summary, findings); nothing was published inline",
      session,
      promptNotes: [],
    };
  } else {
    const files = await listPullRequestFiles(octokit, { owner, repo, pullNumber });
    // The remote agent sees the whole repository: findings on files the filters leave out are set
    // aside, by the rules the worker started the review with (the door's own for an older record).
    const rules = record.pathRules ?? { include: [], exclude: [], paths: [] };
    const filter = PathFilter.from({
      include: [...rules.include, ...(pathFilter?.include ?? [])],
      exclude: [...rules.exclude, ...(pathFilter?.exclude ?? [])],
    }).narrow(rules.paths);
    const knownPaths = new Set(
      files.filter((f) => f.status !== "removed" && filter.matches(f.filename)).map((f) => f.filename),
    );
    const checked = checkReview(reviewFromStructuredOutput(outcome.structuredOutput), {
      knownPaths,
      lineCount: () => undefined,
    });
    result = { status: "reviewed", checked, session, promptNotes: [] };
  }
  const { lineMap } = await fetchPullRequestLineMap(octokit, { owner, repo, pullNumber });
  const published = await publishReviewToGitHub(
    { octokit, owner, repo, pullNumber, headSha, lineMap, ...rest },
    { publisher: new CheckRunPublisher(octokit), handle: { owner, repo, checkRunId: record.checkRunId } },
    result,
  );
  return { status: "published", result, published };
}
