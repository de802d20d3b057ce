import type { GitHubClient } from "./github-client.js";

/**
 * Every conversation comment of a PR or issue, anyone's, all pages: callers pick ours with
 * `writtenByUs` or by a marker only they wrote.
 */
export function listIssueComments(
  octokit: GitHubClient,
  target: { owner: string; repo: string; issueNumber: number },
) {
  return octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
}

/** Every inline review comment of a PR, anyone's, all pages (see `listIssueComments`). */
export function listReviewComments(
  octokit: GitHubClient,
  target: { owner: string; repo: string; pullNumber: number },
) {
  return octokit.paginate(octokit.rest.pulls.listReviewComments, {
    owner: target.owner,
    repo: target.repo,
    pull_number: target.pullNumber,
    per_page: 100,
  });
}
