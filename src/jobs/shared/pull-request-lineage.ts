import { branchLineageKey, type LineageKey, prLineageKey } from "../../sessions/lineage-key.js";

/** Where a PR job's sessions live: the PR's own lineage, and the base branch's it may start from. */
export interface PullRequestLineage {
  lineageKey: LineageKey;
  baseKey: LineageKey;
}

/**
 * The one base-branch rule for every door and job: the PR's base ref, or the repository's default
 * branch when the event carried no base ref.
 */
export function baseBranchOf(pr: { baseRef: string }, defaultBranch?: string): string {
  return pr.baseRef || defaultBranch || "";
}

/** The one key of a PR's own lineage, for every job that records or forks from its sessions. */
export function pullRequestLineageKey(
  repository: { owner: string; name: string },
  number: number,
): LineageKey {
  return prLineageKey(repository.owner, repository.name, number);
}

export function pullRequestLineage(
  repository: { owner: string; name: string },
  pr: { number: number; baseRef: string },
  defaultBranch?: string,
): PullRequestLineage {
  return {
    lineageKey: pullRequestLineageKey(repository, pr.number),
    baseKey: branchLineageKey(repository.owner, repository.name, baseBranchOf(pr, defaultBranch)),
  };
}
