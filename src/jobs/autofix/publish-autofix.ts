import type { CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { postCommentOnce } from "../../github/post-comment-once.js";
import { ReviewPublisher } from "../../github/review-publisher.js";
import { StickyComment } from "../../github/sticky-comment.js";
import { type AutofixStatus, patchBlock, renderAutofixSummary } from "./autofix-markdown.js";
import type { AutofixRequest, AutofixResult, GitIdentity } from "./autofix-request.js";
import type { AutofixReport } from "./autofix-schema.js";
import type { BestEffortSteps } from "./best-effort-steps.js";
import { commitFix, commitMessageWithTrailers, gitHubUserIdentity } from "./commit-fix.js";
import { buildFixSuggestions, type UnexpressedChange } from "./fix-suggestions.js";
import type { ProposedFix } from "./propose-fix.js";

export const CLAUDE_CO_AUTHOR: GitIdentity = { name: "Claude", email: "noreply@anthropic.com" };

/**
 * The publish half of an autofix job: commits and pushes the proposed fix (same repository) or posts
 * it as suggestions (fork), removes the trigger label, updates the sticky comment and completes the
 * check run. Every step runs even if an earlier one failed; failures become notes on the result.
 */
export async function publishAutofix(
  github: GitHubClient,
  request: AutofixRequest,
  proposed: ProposedFix,
  publishing: { steps: BestEffortSteps; checks: CheckRunPublisher; check?: CheckRunHandle },
): Promise<AutofixResult> {
  const { steps, checks, check } = publishing;
  const { owner, name: repo } = request.repository;
  const pr = request.pullRequest;
  const { plan, checkout, session, report, sessionFailure, droppedSymlinks, denials, changes, action } =
    proposed;
  const { outcome } = session;
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
    notes: steps.notes,
  };
  let patchCommentUrl: string | undefined;

  if (action.kind === "push") {
    const pushed = await steps.attempt("pushing the fix", () =>
      commitFix(github, checkout, {
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
      const comment = await steps.attempt("commenting the patch", () =>
        postCommentOnce(github, {
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
      result.detail = steps.notes.at(-1);
    }
  } else if (action.kind === "suggest") {
    const delivered = await steps.attempt("posting the suggestions", () =>
      postSuggestions(github, request, changes.patch, report),
    );
    if (delivered) {
      result.status = "suggested";
      result.suggestions = delivered;
    } else {
      result.detail = steps.notes.at(-1);
    }
  }

  // The label is a one-shot trigger: it goes whatever happened, so a maintainer can add it again.
  if (request.label !== false)
    result.labelRemoved =
      (await steps.attempt("removing the label", () => removeLabel(github, request, owner, repo))) ?? false;

  const sticky = await steps.attempt("updating the sticky comment", () =>
    new StickyComment(github, { key: request.stickyKey ?? "autofix" }).upsert(
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
    await steps.attempt("completing the check run", () =>
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
