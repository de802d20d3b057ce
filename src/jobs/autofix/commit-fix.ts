import { commitToBranch } from "../../github/commit-to-branch.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { GitCheckout } from "../shared/git-checkout.js";
import { fixCommitFiles } from "./fix-commit-files.js";

export interface CommitFixOptions {
  owner: string;
  repo: string;
  /** Branch of the PR head, e.g. `feature/x`. */
  branch: string;
  /** Head sha the session started from; the commit only lands if the branch still points at it. */
  parentSha: string;
  paths: string[];
  message: string;
}

export type CommitFixResult =
  | { pushed: true; commitSha: string; verified: boolean }
  | { pushed: false; reason: "head_moved"; remoteHeadSha: string };

/**
 * Lands the fix on the PR branch as one commit created through GitHub's API (signed by GitHub, so
 * Verified), on top of the head the model saw, never with force. If someone pushed while the session
 * ran, the fix would rest on code the model never saw, so the caller posts the patch instead.
 */
export async function commitFix(
  github: GitHubClient,
  checkout: GitCheckout,
  options: CommitFixOptions,
): Promise<CommitFixResult> {
  const { files, baseTreeSha } = await fixCommitFiles(checkout, options.paths);
  const result = await commitToBranch(github, {
    owner: options.owner,
    repo: options.repo,
    branch: options.branch,
    parentSha: options.parentSha,
    baseTreeSha,
    files,
    message: options.message,
  });
  return result.status === "committed"
    ? { pushed: true, commitSha: result.commitSha, verified: result.verified }
    : { pushed: false, reason: "head_moved", remoteHeadSha: result.branchSha };
}

/** A GitHub user as a commit identity: the noreply address GitHub links to the account. */
export function gitHubUserIdentity(user: { login: string; id?: number }): { name: string; email: string } {
  const local = user.id === undefined ? user.login : `${user.id}+${user.login}`;
  return { name: user.login, email: `${local}@users.noreply.github.com` };
}

/** The message with one `Co-authored-by` trailer per identity (duplicates dropped). */
export function commitMessageWithTrailers(
  message: string,
  coAuthors: { name: string; email: string }[],
): string {
  const seen = new Set<string>();
  const trailers = coAuthors
    .filter((who) => !seen.has(who.email) && seen.add(who.email))
    .map((who) => `Co-authored-by: ${oneLine(who.name)} <${oneLine(who.email)}>`);
  return trailers.length > 0 ? `${message.trim()}\n\n${trailers.join("\n")}\n` : `${message.trim()}\n`;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n<>]+/g, " ").trim();
}
