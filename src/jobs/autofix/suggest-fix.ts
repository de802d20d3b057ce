import { fetchPullRequestLineMap } from "../../github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../github/github-client.js";
import { postCommentOnce } from "../../github/post-comment-once.js";
import { ReviewPublisher } from "../../github/review-publisher.js";
import { patchBlock } from "./autofix-markdown.js";
import type { AutofixRequest } from "./autofix-request.js";
import type { AutofixReport } from "./autofix-schema.js";
import type { BestEffortSteps } from "./best-effort-steps.js";
import type { FixDelivery } from "./fix-delivery.js";
import { buildFixSuggestions, type UnexpressedChange } from "./fix-suggestions.js";
import type { ProposedFix } from "./propose-fix.js";

/** Offers the fix as review suggestions: the way for a fork, whose branch we may not push to. */
export async function suggestFix(
  github: GitHubClient,
  request: AutofixRequest,
  proposed: ProposedFix,
  steps: BestEffortSteps,
): Promise<FixDelivery> {
  const delivered = await steps.attempt("posting the suggestions", () =>
    postSuggestions(github, request, proposed.changes.patch, proposed.report),
  );
  if (!delivered) return { detail: steps.notes.at(-1) };
  return { status: "suggested", suggestions: delivered };
}

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
