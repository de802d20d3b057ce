import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/** One file of a commit: its new content and git mode, or `null` content for a deletion. */
export interface CommitFile {
  path: string;
  /** 100644, 100755 or 120000 (a symlink, whose content is its target). */
  mode: "100644" | "100755" | "120000";
  content: Buffer | null;
}

export interface CommitToBranchOptions {
  owner: string;
  repo: string;
  branch: string;
  /** The commit the change was made on; the branch must still point at it. */
  parentSha: string;
  /** Tree of `parentSha`; the new tree is this one with `files` applied. */
  baseTreeSha: string;
  files: CommitFile[];
  message: string;
}

export type CommitToBranchResult =
  | { status: "committed"; commitSha: string; verified: boolean }
  | { status: "head_moved"; branchSha: string };

/**
 * Commits through GitHub's Git database API (blobs, tree, commit, then a fast-forward of the branch)
 * instead of a local `git push`: GitHub signs the commit as the token's identity, so it shows as
 * Verified, and no write credential ever reaches git or the checkout. The ref update is never forced:
 * a branch that moved meanwhile is reported, not overwritten.
 */
export async function commitToBranch(
  github: GitHubClient,
  options: CommitToBranchOptions,
): Promise<CommitToBranchResult> {
  const { owner, repo, branch } = options;
  const ref = `heads/${branch}`;
  const before = await branchHead(github, owner, repo, ref);
  if (before !== options.parentSha) return { status: "head_moved", branchSha: before };

  const tree = await Promise.all(
    options.files.map(async (file) => {
      if (file.content === null)
        return { path: file.path, mode: file.mode, type: "blob" as const, sha: null };
      const blob = await github.rest.git.createBlob({
        owner,
        repo,
        content: file.content.toString("base64"),
        encoding: "base64",
      });
      return { path: file.path, mode: file.mode, type: "blob" as const, sha: blob.data.sha };
    }),
  );
  // Blobs, trees and commits are content-addressed: a retried POST creates nothing twice.
  const newTree = await github.rest.git.createTree({ owner, repo, base_tree: options.baseTreeSha, tree });
  const commit = await github.rest.git.createCommit({
    owner,
    repo,
    message: options.message,
    tree: newTree.data.sha,
    parents: [options.parentSha],
  });
  try {
    await github.rest.git.updateRef({ owner, repo, ref, sha: commit.data.sha, force: false });
  } catch (error) {
    if (httpStatusOf(error) !== 422) throw error;
    const now = await branchHead(github, owner, repo, ref);
    if (now === commit.data.sha) {
      // An earlier attempt of this update went through before its answer was lost.
    } else if (now !== options.parentSha) {
      return { status: "head_moved", branchSha: now };
    } else {
      throw error;
    }
  }
  return {
    status: "committed",
    commitSha: commit.data.sha,
    verified: commit.data.verification?.verified === true,
  };
}

async function branchHead(github: GitHubClient, owner: string, repo: string, ref: string): Promise<string> {
  const { data } = await github.rest.git.getRef({ owner, repo, ref });
  return data.object.sha;
}
