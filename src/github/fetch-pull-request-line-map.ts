import { type DiffLineMap, lineMapFromPullFiles, parseUnifiedDiff } from "./diff-line-map.js";
import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";
import { listPullRequestFiles } from "./list-pull-request-files.js";

/**
 * The PR's line map. Asks for the whole diff first (one request); GitHub answers 406 when the diff is
 * too large (over 300 files or 20,000 lines), and then the paginated files API is used instead.
 */
export async function fetchPullRequestLineMap(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
): Promise<{ lineMap: DiffLineMap; source: "diff" | "files" }> {
  try {
    const response = await octokit.rest.pulls.get({
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.pullNumber,
      mediaType: { format: "diff" },
    });
    // With the diff media type octokit hands back the raw text, though the method is typed as JSON.
    return { lineMap: parseUnifiedDiff(response.data as unknown as string), source: "diff" };
  } catch (error) {
    if (httpStatusOf(error) !== 406) throw error;
  }
  const files = await listPullRequestFiles(octokit, pr);
  return { lineMap: lineMapFromPullFiles(files), source: "files" };
}
