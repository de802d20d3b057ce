import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { listPullRequestFiles } from "../../github/list-pull-request-files.js";
import { type ChangedFile, splitDiffByFile } from "../shared/prompt-blocks.js";
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
  const all: ChangedFile[] = files.map((f) => ({
    path: f.filename,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    ...(f.previous_filename ? { previousPath: f.previous_filename } : {}),
  }));
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
  if (excluded.length > 0) {
    const kept = new Set(reviewed.map((f) => f.path));
    diff = splitDiffByFile(diff)
      .filter((section) => kept.has(section.path))
      .map((section) => section.text)
      .join("");
  }
  return { diff, changedFiles: reviewed, excluded };
}
