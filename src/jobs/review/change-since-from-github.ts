import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { diffOfPaths } from "../shared/prompt-blocks.js";
import type { ChangeSince } from "./change-since.js";
import { changedFileFromGitHub } from "./pull-request-change.js";

/** GitHub's compare lists at most this many files; a longer list may be cut, so it is not trusted. */
const COMPARE_FILE_LIMIT = 300;

/**
 * `changeSince` for doors without a clone (the Managed Agents worker on Lambda): GitHub's compare of
 * the earlier reviewed head with this one. Undefined when that head is no ancestor here (a rebase),
 * unknown to GitHub, or the comparison too large to list whole: the review then sends the whole change.
 */
export async function changeSinceFromGitHub(
  octokit: GitHubClient,
  { owner, repo, fromSha, headSha }: { owner: string; repo: string; fromSha: string; headSha: string },
  reviewedPaths: ReadonlySet<string>,
): Promise<ChangeSince | undefined> {
  if (fromSha === headSha) return undefined;
  const basehead = `${fromSha}...${headSha}`;
  try {
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead });
    if (data.status !== "ahead") return undefined;
    const files = data.files ?? [];
    if (files.length >= COMPARE_FILE_LIMIT) return undefined;
    const changedFiles = files.filter((f) => reviewedPaths.has(f.filename)).map(changedFileFromGitHub);
    if (changedFiles.length === 0) return { diff: "", changedFiles };
    const response = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead,
      mediaType: { format: "diff" },
    });
    const diff = diffOfPaths(response.data as unknown as string, new Set(changedFiles.map((f) => f.path)));
    return { diff, changedFiles };
  } catch (error) {
    // 404: a head GitHub no longer has; 406/422: a diff too large to render. Both mean "send it whole".
    if ([404, 406, 422].includes(httpStatusOf(error) ?? 0)) return undefined;
    throw error;
  }
}
