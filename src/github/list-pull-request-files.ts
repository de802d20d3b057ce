import type { GitHubClient } from "./github-client.js";

/** Every file a PR changes, all pages (GitHub lists at most 3000). */
export function listPullRequestFiles(
  octokit: GitHubClient,
  { owner, repo, pullNumber }: { owner: string; repo: string; pullNumber: number },
) {
  return octokit.paginate(octokit.rest.pulls.listFiles, {
    owner,
    repo,
    pull_number: pullNumber,
    per_page: 100,
  });
}
