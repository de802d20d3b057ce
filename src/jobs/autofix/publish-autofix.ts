import type { CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import type { GitHubClient } from "../../github/github-client.js";
import { StickyComment } from "../../github/sticky-comment.js";
import { type AutofixSummaryInput, renderAutofixSummary } from "./autofix-markdown.js";
import type { AutofixRequest, AutofixResult } from "./autofix-request.js";
import type { BestEffortSteps } from "./best-effort-steps.js";
import { completeAutofixCheck } from "./complete-autofix-check.js";
import type { FixDelivery } from "./fix-delivery.js";
import type { ProposedFix } from "./propose-fix.js";
import { pushFix } from "./push-fix.js";
import { removeAutofixLabel } from "./remove-autofix-label.js";
import { suggestFix } from "./suggest-fix.js";

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
  const pr = request.pullRequest;
  const { plan, session, report, sessionFailure, droppedSymlinks, denials, changes, action } = proposed;
  const result: AutofixResult = {
    status: action.kind === "skip" ? action.reason : "publish_failed",
    plan,
    ...(sessionFailure ? { detail: sessionFailure } : {}),
    ...(report ? { report } : {}),
    changedPaths: changes.paths,
    revertedProtected: changes.revertedProtected,
    leftAsFound: changes.leftAsFound,
    droppedSymlinks,
    denials,
    labelRemoved: false,
    session,
    notes: steps.notes,
  };

  const delivery: FixDelivery =
    action.kind === "push"
      ? await pushFix(github, request, proposed, steps)
      : action.kind === "suggest"
        ? await suggestFix(github, request, proposed, steps)
        : {};
  const { patchCommentUrl, ...delivered } = delivery;
  Object.assign(result, delivered);

  // The label is a one-shot trigger: it goes whatever happened, so a maintainer can add it again.
  if (request.label !== false)
    result.labelRemoved =
      (await steps.attempt("removing the label", () => removeAutofixLabel(github, request))) ?? false;

  const summary: AutofixSummaryInput = {
    status: result.status,
    headSha: pr.headSha,
    changedPaths: result.changedPaths,
    revertedProtected: result.revertedProtected,
    leftAsFound: result.leftAsFound,
    denials,
    ...(result.commitSha ? { commitSha: result.commitSha } : {}),
    ...(result.status === "pushed" && request.runWorkflowsOnFix !== true ? { workflowsSkipped: true } : {}),
    ...(result.detail ? { detail: result.detail } : {}),
    ...(report ? { report } : {}),
  };
  const sticky = await steps.attempt("updating the sticky comment", () =>
    new StickyComment(github, { key: request.stickyKey ?? "autofix" }).upsert(
      { owner: request.repository.owner, repo: request.repository.name, issueNumber: pr.number },
      renderAutofixSummary({
        ...summary,
        costUsd: session.outcome.totalCostUsd,
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
      completeAutofixCheck(checks, check, summary, session.outcome.isError),
    );
  }
  return result;
}
