import type { GitHubClient } from "./github-client.js";

type Repository = { owner: string; repo: string };

/**
 * Every conversation comment of a PR or issue, anyone's, all pages: callers pick ours with
 * `writtenByUs` or by a marker only they wrote.
 */
export function listIssueComments(
  octokit: GitHubClient,
  { owner, repo, issueNumber }: Repository & { issueNumber: number },
) {
  return octokit.paginate(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100,
  });
}

/** Every inline review comment of a PR, anyone's, all pages (see `listIssueComments`). */
export function listReviewComments(
  octokit: GitHubClient,
  { owner, repo, pullNumber }: Repository & { pullNumber: number },
) {
  return octokit.paginate(octokit.rest.pulls.listReviewComments, {
    owner,
    repo,
    pull_number: pullNumber,
    per_page: 100,
  });
}
