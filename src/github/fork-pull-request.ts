/** The part of a `pull_request` payload (webhook or REST) that says where head and base live. */
export interface PullRequestRepos {
  head: { repo: { full_name: string } | null };
  base: { repo: { full_name: string } };
}

/**
 * A fork PR's code comes from someone who may not have write access, so it must not see secrets or run
 * with write tokens. A head repository that was deleted (`null`) counts as a fork.
 */
export function isForkPullRequest(pr: PullRequestRepos): boolean {
  const head = pr.head.repo?.full_name;
  return head === undefined || head.toLowerCase() !== pr.base.repo.full_name.toLowerCase();
}
