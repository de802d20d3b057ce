import type { GitHubClient } from "../../github/github-client.js";
import { neutraliserFor, type OutputNeutraliser } from "../../github/neutralise-output.js";
import { postCommentOnce } from "../../github/post-comment-once.js";
import { patchBlock } from "./autofix-markdown.js";
import type { AutofixRequest, GitIdentity } from "./autofix-request.js";
import type { BestEffortSteps } from "./best-effort-steps.js";
import { commitFix, commitMessageWithTrailers, gitHubUserIdentity } from "./commit-fix.js";
import type { FixDelivery } from "./fix-delivery.js";
import type { ProposedFix } from "./propose-fix.js";

export const CLAUDE_CO_AUTHOR: GitIdentity = { name: "Claude", email: "noreply@anthropic.com" };

/**
 * GitHub starts no `push` or `pull_request` workflow for a commit whose message holds `[skip ci]`
 * ("Skipping workflow runs"). The line says why, for whoever reads the log.
 */
export const SKIP_WORKFLOWS_LINE =
  "[skip ci] An agent wrote this commit: the repository's workflows run on it once a person pushes.";

/**
 * The fix's commit message: the agent's, neutralised as a commit message (no closing references, no
 * credit trailers of its own, mentions defused); then, unless the repository chose otherwise, the
 * line that keeps CI from running the agent's code before a person has read it; then the job's own
 * `Co-authored-by` trailers, last, where git and GitHub look for them.
 */
export function autofixCommitMessage(
  agentMessage: string,
  coAuthors: GitIdentity[],
  neutraliser: OutputNeutraliser,
  options: { runWorkflows?: boolean } = {},
): string {
  const neutralised = neutraliser.commitMessage(agentMessage).trim();
  const message = options.runWorkflows ? neutralised : `${neutralised}\n\n${SKIP_WORKFLOWS_LINE}`;
  return commitMessageWithTrailers(message, coAuthors);
}

/**
 * Commits the fix onto the PR's branch. When the branch moved meanwhile the fix is not forced on top:
 * it goes out as a patch comment the author can apply by hand.
 */
export async function pushFix(
  github: GitHubClient,
  request: AutofixRequest,
  proposed: ProposedFix,
  steps: BestEffortSteps,
): Promise<FixDelivery> {
  const { owner, name: repo } = request.repository;
  const pr = request.pullRequest;
  const { checkout, report, changes } = proposed;
  const pushed = await steps.attempt("pushing the fix", () =>
    commitFix(github, checkout, {
      owner,
      repo,
      branch: pr.headRef,
      parentSha: pr.headSha,
      paths: changes.paths,
      message: autofixCommitMessage(
        report?.commitMessage ?? `fix: apply Claude autofix to #${pr.number}`,
        [
          ...(request.requestedBy ? [gitHubUserIdentity(request.requestedBy)] : []),
          ...(request.coAuthor === false ? [] : [request.coAuthor ?? CLAUDE_CO_AUTHOR]),
        ],
        neutraliserFor(github),
        { runWorkflows: request.runWorkflowsOnFix === true },
      ),
    }),
  );
  if (!pushed) return { detail: steps.notes.at(-1) };
  if (pushed.pushed) return { status: "pushed", commitSha: pushed.commitSha };
  const delivery: FixDelivery = {
    status: "head_moved",
    detail: `the branch is now at ${pushed.remoteHeadSha}`,
  };
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
    delivery.patchCommentId = comment.id;
    delivery.patchCommentUrl = comment.html_url;
  }
  return delivery;
}
