import type { DetachedEngine, JobSessionResult } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { CheckRunPublisher } from "../../github/check-run-publisher.js";
import type { GitHubClient } from "../../github/github-client.js";
import { postCommentOnce } from "../../github/post-comment-once.js";
import { readPriorReviewFindings } from "../../github/read-prior-review-findings.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { pullRequestChangeFromGitHub } from "../review/pull-request-change.js";
import {
  beginJob,
  type DetachedJob,
  type DetachedJobRecord,
  type FinishContext,
  type FinishedJob,
} from "../shared/detached-job.js";
import { failCheckRunNotStarted } from "../shared/fail-check-run-not-started.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { githubClientOf } from "../shared/github-access.js";
import type { JobSettings } from "../shared/job-settings.js";
import { preparePullRequestJob } from "../shared/prepare-pull-request-job.js";
import { AUTOFIX_CHECK_NAME, autofixPlan } from "./autofix-plan.js";
import type { AutofixRequest, AutofixResult } from "./autofix-request.js";
import { AUTOFIX_SCHEMA } from "./autofix-schema.js";
import { BestEffortSteps } from "./best-effort-steps.js";
import { autofixSessionPlan, proposedFixFrom } from "./propose-fix.js";
import { publishAutofix } from "./publish-autofix.js";

/** What the finish of a begun autofix needs, kept by the door from start to settle. */
export interface AutofixRecord extends DetachedJobRecord {
  kind: "autofix";
  pullRequest: AutofixRequest["pullRequest"];
  /** The head the fix was asked for on and the session mounted: nothing is pushed on another. */
  headSha: string;
  checkRunId: number;
  testCommands: string[];
  requestedBy?: { login: string; id?: number };
  /** The repository's choice to let the fix's commit start its workflows (AutofixRequest). */
  runWorkflowsOnFix?: boolean;
  runUrl?: string;
}

export interface AutofixBegin {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  /** The PR at the pinned head; a same-repository PR only (checked by the caller, and here). */
  pullRequest: AutofixRequest["pullRequest"];
  isFork: boolean;
  testCommands?: string[];
  requestedBy?: { login: string; id?: number };
  runWorkflowsOnFix?: boolean;
  runUrl?: string;
  /** Mints the token the repository is mounted with: contents read, the agent never pushes. */
  mountToken?: () => Promise<string>;
}

/**
 * autofix-pr's start on a detached engine: the check run opens, the autofix's own session plan (the
 * PR's diff from the API, the last review's findings) is begun with the editing tools on a read-only
 * mount at the pinned head. `autofixJob`'s finish applies the patch the agent hands back and pushes it.
 */
export async function beginAutofix(
  job: AutofixBegin,
  settings: JobSettings,
  engine: DetachedEngine,
): Promise<AutofixRecord> {
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
    const request = { repository: { owner, name: repo }, pullRequest: pr, isFork: false };
    const plan = autofixPlan({ ...request, ...(job.testCommands ? { testCommands: job.testCommands } : {}) });
    const [change, priorFindings] = await Promise.all([
      pullRequestChangeFromGitHub(octokit, { owner, repo, pullNumber: pr.number }),
      // Without them the fix still runs, as on the CLI path.
      readPriorReviewFindings(octokit, { owner, repo, pullNumber: pr.number }).catch(() => []),
    ]);
    return await beginJob(
      engine,
      autofixSessionPlan(request, settings, plan, change, priorFindings),
      {
        kind: "autofix" as const,
        owner,
        repo,
        pullRequest: pr,
        headSha: pr.headSha,
        checkRunId: handle.checkRunId,
        testCommands: plan.testCommands,
        ...(job.requestedBy ? { requestedBy: job.requestedBy } : {}),
        ...(job.runWorkflowsOnFix ? { runWorkflowsOnFix: true } : {}),
        ...(job.runUrl ? { runUrl: job.runUrl } : {}),
      },
      job.mountToken,
    );
  } catch (error) {
    await failCheckRunNotStarted(checks, handle, "autofix", error);
    throw error;
  }
}

export type DetachedAutofixResult =
  /** The PR moved on (or became a fork's) while the session ran: one comment, nothing pushed. */
  { status: "refused"; reason: string; currentSha: string } | { status: "published"; result: AutofixResult };

/**
 * An autofix's finish when a later step settles it: check that the PR's head is still the pinned
 * commit of a same-repository PR (else one comment, nothing pushed), then land the agent's patch in
 * a fresh checkout of that commit and publish it exactly as every autofix (protected paths reverted,
 * one Verified commit through the API on top of the pinned head, sticky comment, check run).
 */
export const autofixJob: DetachedJob<AutofixRecord, DetachedAutofixResult> = {
  check: (record) => ({
    jsonSchema: AUTOFIX_SCHEMA,
    access: "write",
    // The agent's shell commands are judged by the autofix rules with the job's test commands.
    policy: builtInPolicy("autofix", { workspace: NO_LOCAL_WORKSPACE, testCommands: record.testCommands }),
  }),
  finish: finishAutofix,
};

async function finishAutofix(
  record: AutofixRecord,
  session: JobSessionResult,
  context: FinishContext,
): Promise<FinishedJob<DetachedAutofixResult>> {
  const checkoutAt = context.checkoutAt;
  if (!checkoutAt) throw new Error("an autofix session needs the settle step's clone wiring");
  const { owner, repo } = record;
  const octokit = await githubClientOf(context.octokit);
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
    return { result: { status: "refused", reason, currentSha }, session, conclusion: "head_moved" };
  }

  const checkoutDir = await checkoutAt({ headSha: record.headSha, baseSha: pr.baseSha });
  const request: AutofixRequest = {
    repository: { owner, name: repo },
    checkoutDir,
    pullRequest: pr,
    isFork: false,
    label: false,
    testCommands: record.testCommands,
    ...(record.requestedBy ? { requestedBy: record.requestedBy } : {}),
    ...(record.runWorkflowsOnFix ? { runWorkflowsOnFix: true } : {}),
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
      checkout: new GitCheckout(checkoutDir, context.hostEnv),
      checkoutDir,
      droppedSymlinks: [],
      editsComeBackAsPatch: true,
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
  return { result: { status: "published", result }, session, conclusion: result.status };
}
