import { CheckRunPublisher } from "../../github/check-run-publisher.js";
import type { GitHubClient } from "../../github/github-client.js";
import { postCommentOnce } from "../../github/post-comment-once.js";
import { readPriorReviewFindings } from "../../github/read-prior-review-findings.js";
import type { ManagedAgentsEngine } from "../../runner/managed-agents/managed-agents-engine.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import type { SessionOutcome } from "../../runner/session-outcome.js";
import { pullRequestChangeFromGitHub } from "../review/pull-request-change.js";
import { failCheckRunNotStarted } from "../shared/fail-check-run-not-started.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type GitHubAccess, githubClientOf } from "../shared/github-access.js";
import type { JobSettings } from "../shared/job-settings.js";
import { preparePullRequestJob } from "../shared/prepare-pull-request-job.js";
import { settleRemoteJobSession } from "../shared/run-job-session.js";
import { autofixPlan } from "./autofix-plan.js";
import { buildAutofixPrompt } from "./autofix-prompt.js";
import type { AutofixRequest, AutofixResult } from "./autofix-request.js";
import { AUTOFIX_SCHEMA } from "./autofix-schema.js";
import { BestEffortSteps } from "./best-effort-steps.js";
import { proposedFixFrom } from "./propose-fix.js";
import { publishAutofix } from "./publish-autofix.js";

const AUTOFIX_CHECK_NAME = "Claude autofix";

/** What the settle step of a remote autofix needs, kept by the door from start to settle. */
export interface RemoteAutofixRecord {
  kind: "autofix";
  sessionId: string;
  owner: string;
  repo: string;
  pullRequest: AutofixRequest["pullRequest"];
  /** The head the fix was asked for on and the session mounted: nothing is pushed on another. */
  headSha: string;
  checkRunId: number;
  startedAt: string;
  maxTurns?: number;
  testCommands: string[];
  requestedBy?: { login: string; id?: number };
  runUrl?: string;
  /** When the job's time is up (ISO): a settle step or the sweeper then interrupts and archives it. */
  deadlineAt?: string;
}

export interface RemoteAutofixStart {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  /** The PR at the pinned head; a same-repository PR only (checked by the caller, and here). */
  pullRequest: AutofixRequest["pullRequest"];
  isFork: boolean;
  testCommands?: string[];
  requestedBy?: { login: string; id?: number };
  runUrl?: string;
  /** Mints the token the repository is mounted with: contents read, the agent never pushes. */
  mountToken?: () => Promise<string>;
}

/**
 * Starts autofix-pr on the Managed Agents engine without waiting: the check run opens, the prompt is
 * the CLI autofix's own (the PR's diff from the API, the last review's findings), and the session
 * gets the editing tools on a read-only mount at the pinned head. `settleRemoteAutofix` applies the
 * patch the agent hands back and pushes it.
 */
export async function startRemoteAutofix(
  job: RemoteAutofixStart,
  settings: JobSettings,
  engine: ManagedAgentsEngine,
): Promise<RemoteAutofixRecord> {
  if (job.isFork)
    throw new Error(
      "autofix on the managed-agents engine runs for same-repository pull requests only; a fork's autofix runs on the cli engine",
    );
  const { octokit, owner, repo } = job;
  const pr = job.pullRequest;
  const checks = new CheckRunPublisher(octokit);
  const handle = await checks.start({
    owner,
    repo,
    name: AUTOFIX_CHECK_NAME,
    headSha: pr.headSha,
    title: "Claude is fixing this pull request",
    ...(job.runUrl ? { detailsUrl: job.runUrl } : {}),
  });
  try {
    const plan = autofixPlan({
      repository: { owner, name: repo },
      pullRequest: pr,
      isFork: false,
      ...(job.testCommands ? { testCommands: job.testCommands } : {}),
    });
    const [change, priorFindings] = await Promise.all([
      pullRequestChangeFromGitHub(octokit, { owner, repo, pullNumber: pr.number }),
      // Without them the fix still runs, as on the CLI path.
      readPriorReviewFindings(octokit, { owner, repo, pullNumber: pr.number }).catch(() => []),
    ]);
    const prompt = buildAutofixPrompt({
      repository: `${owner}/${repo}`,
      pullRequest: pr,
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      changedFiles: change.changedFiles,
      diff: change.diff,
      testCommands: plan.testCommands,
      ...(priorFindings.length > 0 ? { priorFindings } : {}),
      ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
    }).text;
    const { sessionId } = await engine.start({
      jobKind: "autofix",
      prompt,
      jsonSchema: settings.jsonSchema ?? AUTOFIX_SCHEMA,
      maxBudgetUsd: settings.maxBudgetUsd,
      maxTurns: settings.maxTurns,
      workspace: { owner, name: repo, headSha: pr.headSha, access: "write" },
      ...(settings.model ? { model: settings.model } : {}),
      ...(job.mountToken ? { repositoryToken: job.mountToken } : {}),
    });
    return {
      kind: "autofix",
      sessionId,
      owner,
      repo,
      pullRequest: pr,
      headSha: pr.headSha,
      checkRunId: handle.checkRunId,
      startedAt: new Date().toISOString(),
      maxTurns: settings.maxTurns,
      testCommands: plan.testCommands,
      ...(job.requestedBy ? { requestedBy: job.requestedBy } : {}),
      ...(job.runUrl ? { runUrl: job.runUrl } : {}),
      // The same time budget a CLI session of this job gets, counted from the session's creation.
      deadlineAt: new Date(Date.now() + settings.timeoutMs).toISOString(),
    };
  } catch (error) {
    await failCheckRunNotStarted(checks, handle, "autofix", error);
    throw error;
  }
}

export type RemoteAutofixSettled =
  | { status: "waiting" }
  /** The PR moved on (or became a fork's) while the session ran: one comment, nothing pushed. */
  | { status: "refused"; reason: string; currentSha: string; outcome: SessionOutcome }
  | { status: "published"; result: AutofixResult; outcome: SessionOutcome }
  /** The session ended, but another settle step holds the right to publish it: nothing done here. */
  | { status: "claimed_elsewhere" };

export interface RemoteAutofixSettle {
  /** Asked for only once the session ended and this step may publish. */
  octokit: GitHubAccess;
  /**
   * A checkout of the pinned head (with the base for the diff), made only once the session ended
   * and the pin still holds; removed by the caller.
   */
  checkoutAt: (at: { headSha: string; baseSha: string }) => Promise<string>;
  hostEnv: NodeJS.ProcessEnv;
  /**
   * Asked once the session ended, before anything is commented or pushed: false when another settle
   * step holds the right to publish it (a webhook, its redelivery and the sweeper may all get here).
   */
  claim?: () => Promise<boolean>;
}

/**
 * One webhook's worth of work on a remote autofix: answer what the session waits on; once it ended,
 * check that the PR's head is still the pinned commit of a same-repository PR (else one comment,
 * nothing pushed), then land the agent's patch in a fresh checkout of that commit and publish it
 * exactly as the CLI autofix does (protected paths reverted, one Verified commit through the API on
 * top of the pinned head, sticky comment, check run).
 */
export async function settleRemoteAutofix(
  record: RemoteAutofixRecord,
  target: RemoteAutofixSettle,
  engine: ManagedAgentsEngine,
): Promise<RemoteAutofixSettled> {
  const settled = await settleRemoteJobSession(
    engine,
    record,
    {
      jsonSchema: AUTOFIX_SCHEMA,
      access: "write",
      // The agent's shell commands are judged by the autofix rules with the job's test commands.
      policy: builtInPolicy("autofix", {
        workspace: "/nonexistent-remote-workspace",
        testCommands: record.testCommands,
      }),
    },
    target.claim,
  );
  if (settled.status !== "settled") return settled;
  const { session } = settled;
  const { outcome } = session;

  const { owner, repo } = record;
  const octokit = await githubClientOf(target.octokit);
  const pr = record.pullRequest;
  const checks = new CheckRunPublisher(octokit);
  const check = { owner, repo, checkRunId: record.checkRunId };
  // The one trust decision, on the PR as it is now: still open, same repository, at the pinned head.
  const now = await preparePullRequestJob({ octokit, owner, repo, pullRequest: pr.number, job: "autofix" });
  const currentSha = now.status === "ready" ? now.pr.headSha : record.headSha;
  if (now.status !== "ready" || !now.trust.trusted || currentSha !== record.headSha) {
    const reason =
      now.status !== "ready"
        ? now.message
        : !now.trust.trusted
          ? "the pull request's head is no longer a branch of this repository"
          : `the pull request's head moved from \`${record.headSha.slice(0, 12)}\` (when autofix was requested) to \`${currentSha.slice(0, 12)}\` while the remote session ran`;
    await postCommentOnce(octokit, {
      owner,
      repo,
      issueNumber: pr.number,
      body: `Claude's autofix was not pushed: ${reason}. Nothing was pushed. Request it again to fix the new head.`,
    });
    await checks
      .complete(check, {
        outcome: { status: "neutral", isError: false },
        title: "Claude autofix: nothing pushed, the head moved",
        summary: `Claude's autofix was not pushed: ${reason}.`,
        findings: [],
      })
      .catch(() => undefined);
    return { status: "refused", reason, currentSha, outcome };
  }

  const checkoutDir = await target.checkoutAt({ headSha: record.headSha, baseSha: pr.baseSha });
  const request: AutofixRequest = {
    repository: { owner, name: repo },
    checkoutDir,
    pullRequest: pr,
    isFork: false,
    label: false,
    testCommands: record.testCommands,
    ...(record.requestedBy ? { requestedBy: record.requestedBy } : {}),
    ...(record.runUrl ? { runUrl: record.runUrl } : {}),
  };
  const plan = autofixPlan({
    repository: request.repository,
    pullRequest: pr,
    isFork: false,
    testCommands: record.testCommands,
  });
  const proposed = await proposedFixFrom(
    {
      plan,
      checkout: new GitCheckout(checkoutDir, target.hostEnv),
      checkoutDir,
      droppedSymlinks: [],
      remote: true,
      // The settle step does not hold the token of the remote session's repository mount (it is not
      // kept in the session record), so there is nothing here to compare the patch against.
      secretValues: [],
    },
    session,
  );
  const result = await publishAutofix(octokit, request, proposed, {
    steps: new BestEffortSteps(),
    checks,
    check,
  });
  return { status: "published", result, outcome };
}
