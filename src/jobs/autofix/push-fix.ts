import type { GitCheckout } from "../shared/git-checkout.js";

export interface PushFixOptions {
  /** Remote branch of the PR head, e.g. `feature/x`. */
  branch: string;
  /** Head sha the session started from; the push only happens if the remote still points at it. */
  expectedHeadSha: string;
  paths: string[];
  commitMessage: string;
  author: { name: string; email: string };
  coAuthor?: { name: string; email: string };
  remote?: string;
}

export type PushFixResult =
  | { pushed: true; commitSha: string }
  | { pushed: false; reason: "head_moved"; remoteHeadSha: string; commitSha: string };

/**
 * Commits the fix as the bot and pushes it to the PR branch, never with force. If someone pushed
 * while the session ran, pushing would either fail or, worse, be based on code the model never saw,
 * so we stop and let the caller post the patch instead.
 */
export async function pushFix(checkout: GitCheckout, options: PushFixOptions): Promise<PushFixResult> {
  const remote = options.remote ?? "origin";
  await checkout.git(["add", "--", ...options.paths]);
  const message = options.coAuthor
    ? `${options.commitMessage.trim()}\n\nCo-authored-by: ${options.coAuthor.name} <${options.coAuthor.email}>\n`
    : `${options.commitMessage.trim()}\n`;
  await checkout.git([
    "-c",
    `user.name=${options.author.name}`,
    "-c",
    `user.email=${options.author.email}`,
    "commit",
    "--no-verify",
    "-q",
    "-m",
    message,
  ]);
  const commitSha = (await checkout.git(["rev-parse", "HEAD"])).trim();
  const remoteHeadSha = await remoteHead(checkout, remote, options.branch);
  if (remoteHeadSha !== options.expectedHeadSha) {
    return { pushed: false, reason: "head_moved", remoteHeadSha, commitSha };
  }
  try {
    // A plain push: git refuses anything but a fast-forward, so a commit that landed after the
    // ls-remote above makes the push fail instead of being overwritten.
    await checkout.git(["push", "--porcelain", remote, `HEAD:refs/heads/${options.branch}`]);
  } catch (error) {
    const moved = await remoteHead(checkout, remote, options.branch);
    if (moved !== options.expectedHeadSha)
      return { pushed: false, reason: "head_moved", remoteHeadSha: moved, commitSha };
    throw error;
  }
  return { pushed: true, commitSha };
}

async function remoteHead(checkout: GitCheckout, remote: string, branch: string): Promise<string> {
  const output = await checkout.git(["ls-remote", remote, `refs/heads/${branch}`]);
  return output.split("\t")[0]?.trim() ?? "";
}
