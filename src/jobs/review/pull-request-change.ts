import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { listPullRequestFiles } from "../../github/list-pull-request-files.js";
import { type ChangedFile, diffOfPaths } from "../shared/prompt-blocks.js";
import type { PathFilter } from "./path-filter.js";

/**
 * The PR's diff and files from the API, split by the path filter (a too-large diff gives an empty
 * diff: the prompt says so). The diff keeps only the sections of the reviewed files; without a
 * filter every file is kept. Used by doors without a clone (the managed-agents worker on Lambda).
 */
export async function pullRequestChangeFromGitHub(
  octokit: GitHubClient,
  { owner, repo, pullNumber }: { owner: string; repo: string; pullNumber: number },
  pathFilter?: PathFilter,
): Promise<{ diff: string; changedFiles: ChangedFile[]; excluded: ChangedFile[] }> {
  const files = await listPullRequestFiles(octokit, { owner, repo, pullNumber });
  const all = files.map(changedFileFromGitHub);
  const { reviewed, excluded } = pathFilter ? pathFilter.partition(all) : { reviewed: all, excluded: [] };
  if (reviewed.length === 0) return { diff: "", changedFiles: reviewed, excluded };
  let diff = "";
  try {
    const response = await octokit.rest.pulls.get({
      owner,
      repo,
      pull_number: pullNumber,
      mediaType: { format: "diff" },
    });
    diff = response.data as unknown as string;
  } catch (error) {
    if (httpStatusOf(error) !== 406) throw error;
  }
  if (excluded.length > 0) diff = diffOfPaths(diff, new Set(reviewed.map((f) => f.path)));
  return { diff, changedFiles: reviewed, excluded };
}

/** One entry of GitHub's file lists (a PR's files, a compare's files) as a review's changed file. */
export function changedFileFromGitHub(entry: {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
  previous_filename?: string;
}): ChangedFile {
  return {
    path: entry.filename,
    status: entry.status,
    additions: entry.additions,
    deletions: entry.deletions,
    ...(entry.previous_filename ? { previousPath: entry.previous_filename } : {}),
  };
}
