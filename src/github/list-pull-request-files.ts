import type { GitHubClient } from "./github-client.js";

/** Every file a PR changes, all pages (GitHub lists at most 3000). */
export function listPullRequestFiles(
  octokit: GitHubClient,
  target: { owner: string; repo: string; pullNumber: number },
) {
  return octokit.paginate(octokit.rest.pulls.listFiles, {
    owner: target.owner,
    repo: target.repo,
    pull_number: target.pullNumber,
    per_page: 100,
  });
}
