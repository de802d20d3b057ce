import { type CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { postCommentOnce } from "../../github/post-comment-once.js";
import { readPriorReviewFindings } from "../../github/read-prior-review-findings.js";
import { ReviewPublisher } from "../../github/review-publisher.js";
import { StickyComment } from "../../github/sticky-comment.js";
import { createAjv } from "../../json-schema/create-ajv.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { type PolicyDecision, ToolPolicy } from "../../runner/policy/tool-policy.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import type { LineageKey } from "../../sessions/lineage-key.js";
import type { RestoreResult } from "../../sessions/restore-result.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import { type JobSettings, sessionLimitsFrom } from "../job-settings.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { jobToolAccess } from "../shared/job-tool-access.js";
import { type JobSessionResult, remoteSession, runJobSession } from "../shared/run-job-session.js";
import { applyRemotePatch } from "./apply-remote-patch.js";
import { AutofixEnvError } from "./autofix-env.js";
import { type AutofixStatus, patchBlock, renderAutofixSummary } from "./autofix-markdown.js";
import { type AutofixPlan, autofixAction, autofixPlan } from "./autofix-plan.js";
import { buildAutofixPrompt, type PriorFinding } from "./autofix-prompt.js";
import { AUTOFIX_SCHEMA, type AutofixReport, autofixReportFromStructuredOutput } from "./autofix-schema.js";
import { commitFix, commitMessageWithTrailers, gitHubUserIdentity } from "./commit-fix.js";
import { buildFixSuggestions, type UnexpressedChange } from "./fix-suggestions.js";
import { collectWorkingTreeChanges } from "./working-tree-changes.js";

export interface GitIdentity {
  name: string;
  email: string;
}

export interface AutofixRequest {
  repository: { owner: string; name: string };
  /** Checkout of the PR head with `origin` pointing at the head repository. */
  checkoutDir: string;
  pullRequest: {
    number: number;
    title: string;
    body: string;
    author: string;
    headRef: string;
    headSha: string;
    baseSha: string;
  };
  isFork: boolean;
  /** The label that triggered the run; removed afterwards (default `autofix`); `false` when a comment triggered it. */
  label?: string | false;
  testCommands?: string[];
  /**
   * Findings of the review being fixed, for the prompt (the forked session also has them in context).
   * Default: read back from the review published on the PR.
   */
  priorFindings?: PriorFinding[];
  /** Who asked for the fix (the label's or the comment's author): credited with a `Co-authored-by` trailer. */
  requestedBy?: { login: string; id?: number };
  /** A further `Co-authored-by` trailer (default: Claude); `false` for none. */
  coAuthor?: GitIdentity | false;
  lineage?: { store: TranscriptStore; baseKey?: LineageKey; keepLast?: number };
  runUrl?: string;
  /** Check run name; `false` for no check run. */
  checkName?: string | false;
  /** Sticky comment key (default `autofix`, so the review's own summary comment is left alone). */
  stickyKey?: string;
}

export interface AutofixDeps {
  github: GitHubClient;
}

export interface AutofixResult {
  status: AutofixStatus;
  plan: AutofixPlan;
  detail?: string;
  report?: AutofixReport;
  commitSha?: string;
  changedPaths: string[];
  revertedProtected: string[];
  /** A fork's links that left the checkout, removed before the session (never part of the fix). */
  droppedSymlinks: string[];
  /** Every tool call the policy refused, as recorded by the runner. */
  denials: PolicyDecision[];
  suggestions?: { posted: number; reviewId?: number; unexpressed: UnexpressedChange[] };
  patchCommentId?: number;
  labelRemoved: boolean;
  stickyCommentId?: number;
  checkRunId?: number;
  session: JobSessionResult;
  /** Publishing steps that failed without stopping the others. */
  notes: string[];
}

export const CLAUDE_CO_AUTHOR: GitIdentity = { name: "Claude", email: "noreply@anthropic.com" };

const validateAutofix = createAjv({ schemas: "ours" }).compile(AUTOFIX_SCHEMA);

/**
 * autofix-pr: one session (forked from the PR's latest review) edits the checkout under the autofix
 * policy; the job then commits and pushes (same repository) or posts suggestions (fork), removes the
 * trigger label, updates the sticky comment and completes the check run. The trigger check (write
 * permission of the sender) is the caller's. Every GitHub step runs even if an earlier one failed.
 */
export async function runAutofix(
  request: AutofixRequest,
  settings: JobSettings,
  deps: AutofixDeps,
): Promise<AutofixResult> {
  if (settings.engine && request.isFork) {
    // The remote path commits the agent's patch as it came back; a fork's change never gets that far.
    throw new Error(
      "autofix on the managed-agents engine runs for same-repository pull requests only; a fork's autofix runs on the cli engine",
    );
  }
  const { owner, name: repo } = request.repository;
  const pr = request.pullRequest;
  const plan = autofixPlan({
    repository: request.repository,
    pullRequest: pr,
    isFork: request.isFork,
    ...(request.testCommands ? { testCommands: request.testCommands } : {}),
  });
  const notes: string[] = [];
  const attempt = async <T>(step: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (error) {
      notes.push(`${step} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  const checks = new CheckRunPublisher(deps.github);
  const checkName = request.checkName ?? "Claude autofix";
  const check: CheckRunHandle | undefined =
    checkName === false
      ? undefined
      : await attempt("starting the check run", () =>
          checks.start({
            owner,
            repo,
            name: checkName,
            headSha: pr.headSha,
            title: "Claude is fixing this pull request",
            ...(request.runUrl ? { detailsUrl: request.runUrl } : {}),
          }),
        );

  // The review being fixed, as published on the PR (unless the caller passed it): the prompt names each
  // finding even when the lineage is empty. Without them the fix still runs; the note says why.
  const priorFindings =
    request.priorFindings ??
    (await attempt("reading the last review's findings", () =>
      readPriorReviewFindings(deps.github, { owner, repo, pullNumber: pr.number }),
    )) ??
    [];

  const checkout = new GitCheckout(request.checkoutDir, settings.hostEnv);
  // A fork can plant links to /proc or out of the checkout (`notes -> /proc/self/environ`): they go
  // before the agent reads anything, whatever the tool policy would have caught.
  const droppedSymlinks = request.isFork ? await dropEscapingSymlinks(request.checkoutDir) : [];
  const [diff, changedFiles] = await Promise.all([
    checkout.diff(pr.baseSha, pr.headSha),
    checkout.changedFiles(pr.baseSha, pr.headSha),
  ]);
  const promptFor = (restore: RestoreResult): string =>
    buildAutofixPrompt({
      repository: `${owner}/${repo}`,
      pullRequest: pr,
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      changedFiles,
      diff,
      testCommands: plan.testCommands,
      // Only a parent from this PR's own lineage reviewed this change.
      ...(restore.status === "restored" && restore.start.from === "lineage"
        ? { parentHeadSha: restore.parentHeadSha, parentJobKind: restore.start.entry.jobKind }
        : {}),
      ...(priorFindings.length > 0 ? { priorFindings } : {}),
      ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
    }).text;

  // A fork's code never gets a custom (possibly wider) policy, nor any command that runs its code.
  const access = jobToolAccess(
    "autofix",
    request.isFork
      ? withoutTestCommands(builtInPolicy("autofix", { workspace: request.checkoutDir }))
      : (settings.policy ??
          builtInPolicy("autofix", { workspace: request.checkoutDir, testCommands: plan.testCommands })),
    settings,
    !request.isFork,
  );
  if (request.isFork && settings.autofixEnv) {
    throw new AutofixEnvError(
      "env is refused for a fork's autofix: the workflow's variables never reach a fork's code",
    );
  }
  const session = await runJobSession(
    {
      prompt: promptFor,
      cwd: request.checkoutDir,
      ...access,
      jsonSchema: settings.jsonSchema ?? AUTOFIX_SCHEMA,
      bare: plan.bare,
      // The one job whose agent edits the working tree (never .git: see handOverToAgent).
      workspaceAccess: "write",
      ...sessionLimitsFrom(settings),
      // The workflow's variables for its test commands (same repository only, checked above).
      ...(settings.autofixEnv
        ? {
            env: { ...settings.agentEnv, ...settings.autofixEnv.variables },
            passSecrets: settings.autofixEnv.secretNames,
          }
        : {}),
      // Only the network its test commands need, and none for a fork's code.
      bashSandbox: { allowedDomains: request.isFork ? [] : (settings.autofixAllowedDomains ?? []) },
      // On Managed Agents the edits happen in Anthropic's container and come back as a patch.
      ...remoteSession(settings.engine, "autofix", {
        owner,
        name: repo,
        headSha: pr.headSha,
        access: "write",
      }),
    },
    request.lineage
      ? {
          store: request.lineage.store,
          lineageKey: plan.lineageKey,
          ...(request.lineage.baseKey ? { baseKey: request.lineage.baseKey } : {}),
          jobKind: "autofix",
          headSha: pr.headSha,
          ...(request.lineage.keepLast === undefined ? {} : { keepLast: request.lineage.keepLast }),
        }
      : undefined,
    settings.secretValues,
  );
  const { outcome } = session;
  const denials = outcome.policyDecisions.filter((d) => d.behavior === "deny");
  const report = validateAutofix(outcome.structuredOutput)
    ? autofixReportFromStructuredOutput(outcome.structuredOutput)
    : undefined;
  let sessionFailure =
    outcome.exitCode === 0
      ? undefined
      : (outcome.failureReasons[0] ?? outcome.errors[0] ?? `session ended with ${outcome.subtype}`);
  // The remote engine's edits land in this checkout only now; from here both engines share one path.
  if (settings.engine && !sessionFailure) {
    try {
      await applyRemotePatch(request.checkoutDir, outcome.workspacePatch ?? "");
    } catch (error) {
      sessionFailure = (error as Error).message;
    }
  }

  const changes = await collectWorkingTreeChanges(checkout, { leaveAlone: droppedSymlinks });
  const action = autofixAction(plan, {
    ...(sessionFailure ? { sessionFailure } : {}),
    changedPaths: changes.paths,
  });
  const result: AutofixResult = {
    status: action.kind === "skip" ? action.reason : "publish_failed",
    plan,
    ...(sessionFailure ? { detail: sessionFailure } : {}),
    ...(report ? { report } : {}),
    changedPaths: changes.paths,
    revertedProtected: changes.revertedProtected,
    droppedSymlinks,
    denials,
    labelRemoved: false,
    session,
    notes,
  };
  let patchCommentUrl: string | undefined;

  if (action.kind === "push") {
    const pushed = await attempt("pushing the fix", () =>
      commitFix(deps.github, checkout, {
        owner,
        repo,
        branch: pr.headRef,
        parentSha: pr.headSha,
        paths: changes.paths,
        message: commitMessageWithTrailers(
          report?.commitMessage ?? `fix: apply Claude autofix to #${pr.number}`,
          [
            ...(request.requestedBy ? [gitHubUserIdentity(request.requestedBy)] : []),
            ...(request.coAuthor === false ? [] : [request.coAuthor ?? CLAUDE_CO_AUTHOR]),
          ],
        ),
      }),
    );
    if (pushed?.pushed) {
      result.status = "pushed";
      result.commitSha = pushed.commitSha;
    } else if (pushed) {
      result.status = "head_moved";
      result.detail = `the branch is now at ${pushed.remoteHeadSha}`;
      const comment = await attempt("commenting the patch", () =>
        postCommentOnce(deps.github, {
          owner,
          repo,
          issueNumber: pr.number,
          body: [
            `Claude's autofix was not pushed: \`${pr.headRef}\` moved from \`${pr.headSha.slice(0, 12)}\` to \`${pushed.remoteHeadSha.slice(0, 12)}\` while the fix was made.`,
            "Apply it yourself with `git apply` if it still fits:",
            "",
            patchBlock(changes.patch),
          ].join("\n"),
        }),
      );
      if (comment) {
        result.patchCommentId = comment.id;
        patchCommentUrl = comment.html_url;
      }
    } else {
      result.detail = notes.at(-1);
    }
  } else if (action.kind === "suggest") {
    const delivered = await attempt("posting the suggestions", () =>
      postSuggestions(deps.github, request, changes.patch, report),
    );
    if (delivered) {
      result.status = "suggested";
      result.suggestions = delivered;
    } else {
      result.detail = notes.at(-1);
    }
  }

  // The label is a one-shot trigger: it goes whatever happened, so a maintainer can add it again.
  if (request.label !== false)
    result.labelRemoved =
      (await attempt("removing the label", () => removeLabel(deps.github, request, owner, repo))) ?? false;

  const sticky = await attempt("updating the sticky comment", () =>
    new StickyComment(deps.github, { key: request.stickyKey ?? "autofix" }).upsert(
      { owner, repo, issueNumber: pr.number },
      renderAutofixSummary({
        status: result.status,
        headSha: pr.headSha,
        changedPaths: result.changedPaths,
        revertedProtected: result.revertedProtected,
        denials,
        costUsd: outcome.totalCostUsd,
        ...(result.commitSha ? { commitSha: result.commitSha } : {}),
        ...(result.detail ? { detail: result.detail } : {}),
        ...(report ? { report } : {}),
        ...(result.suggestions ? { suggestions: result.suggestions } : {}),
        // GitHub's own link: right on GitHub Enterprise Server too.
        ...(patchCommentUrl ? { patchCommentUrl } : {}),
        ...(request.runUrl ? { runUrl: request.runUrl } : {}),
      }),
    ),
  );
  if (sticky) result.stickyCommentId = sticky.commentId;

  if (check) {
    result.checkRunId = check.checkRunId;
    await attempt("completing the check run", () =>
      checks.complete(check, {
        outcome: {
          status:
            result.status === "head_moved"
              ? "neutral"
              : CHECK_FAILED.has(result.status)
                ? "failure"
                : "success",
          isError: outcome.isError,
        },
        title: CHECK_TITLE[result.status],
        summary: renderAutofixSummary({
          status: result.status,
          headSha: pr.headSha,
          changedPaths: result.changedPaths,
          revertedProtected: result.revertedProtected,
          denials,
          ...(result.commitSha ? { commitSha: result.commitSha } : {}),
          ...(result.detail ? { detail: result.detail } : {}),
          ...(report ? { report } : {}),
        }),
        findings: [],
      }),
    );
  }
  return result;
}

const CHECK_FAILED = new Set<AutofixStatus>(["session_failed", "publish_failed"]);

/** The autofix policy minus its test-command allowance: what a fork PR's session gets. */
export function withoutTestCommands(policy: ToolPolicy): ToolPolicy {
  return new ToolPolicy(
    { name: policy.name, rules: policy.rules.filter((rule) => rule.id !== "test-commands") },
    policy.workspace ? { workspace: policy.workspace } : {},
  );
}

const CHECK_TITLE: Record<AutofixStatus, string> = {
  pushed: "Fix pushed",
  suggested: "Fix posted as suggestions",
  nothing_to_change: "Nothing to change",
  head_moved: "Not pushed: the branch moved",
  session_failed: "The autofix session failed",
  publish_failed: "The fix could not be delivered",
};

async function postSuggestions(
  github: GitHubClient,
  request: AutofixRequest,
  patch: string,
  report: AutofixReport | undefined,
): Promise<{ posted: number; reviewId?: number; unexpressed: UnexpressedChange[] }> {
  const { owner, name: repo } = request.repository;
  const pr = request.pullRequest;
  const { lineMap } = await fetchPullRequestLineMap(github, { owner, repo, pullNumber: pr.number });
  const reasons = new Map(report?.filesChanged.map((f) => [f.path, f.reason]));
  const built = buildFixSuggestions(patch, lineMap, reasons);
  const intro = report?.summary.trim() || "Claude's autofix proposes these changes.";
  const leftover = built.leftoverPatch
    ? `\n\nThese changes could not be written as suggestions; apply them with \`git apply\`:\n\n${patchBlock(built.leftoverPatch)}`
    : "";
  if (built.suggestions.length === 0) {
    // Nothing GitHub can show as a suggestion: the whole fix goes out as one patch comment.
    await postCommentOnce(github, { owner, repo, issueNumber: pr.number, body: `${intro}${leftover}` });
    return { posted: 0, unexpressed: built.unexpressed };
  }
  const published = await new ReviewPublisher(github, {
    removeOutdated: false,
    maxInlineComments: 50,
    filterMode: "diff_context",
  }).publish({
    owner,
    repo,
    pullNumber: pr.number,
    commitSha: pr.headSha,
    findings: built.suggestions,
    lineMap,
    summary: `${intro}${leftover}`,
    event: "COMMENT",
  });
  return {
    posted: published.inlineComments + published.alreadyPosted,
    ...(published.reviewId === undefined ? {} : { reviewId: published.reviewId }),
    unexpressed: built.unexpressed,
  };
}

async function removeLabel(
  github: GitHubClient,
  request: AutofixRequest,
  owner: string,
  repo: string,
): Promise<boolean> {
  try {
    await github.rest.issues.removeLabel({
      owner,
      repo,
      issue_number: request.pullRequest.number,
      name: request.label || "autofix",
    });
    return true;
  } catch (error) {
    // Someone removed it already: the goal is reached.
    if (httpStatusOf(error) === 404) return false;
    throw error;
  }
}
