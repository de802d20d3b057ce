import { rm } from "node:fs/promises";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import { cloneRepository } from "./clone-repository.js";
import { GitCheckout } from "./git-checkout.js";

/** Where the job may fetch a PR head from when the door's checkout is not at it. */
export interface HeadFetchSource {
  /**
   * Token-free git URL of the BASE repository. GitHub keeps every PR head there under
   * `refs/pull/N/head`, fork heads included, so one URL serves forks and same-repo PRs alike.
   */
  remoteUrl: string;
  /** Sent only as a one-shot `http.extraHeader` in git's environment; never written to .git/config. */
  token?: string;
  /** A directory the job owns; whatever is in it is removed first. */
  dir: string;
  signal?: AbortSignal;
}

export interface PullRequestHeadCheckout {
  /** The checkout to review: HEAD is exactly the PR's head SHA and the base commit is present. */
  dir: string;
  /** True when the job fetched the head itself (the door's checkout was elsewhere). */
  fetched: boolean;
  /** Symlinks removed from a fetched checkout because they lead out of it. */
  droppedSymlinks: string[];
}

/**
 * The PR head the job reviews, whatever the door checked out. A `pull_request` workflow usually
 * checks out the head (or the merge commit); an `issue_comment`, label or `pull_request_target`
 * workflow checks out the default branch, and nothing there fetches `refs/pull/N/head`. Reviewing
 * that checkout would show the model the wrong files, so when the door's checkout is not at the
 * head SHA read from the API, the job fetches exactly that SHA (with its base, for `base...head`)
 * into a directory of its own and treats it as untrusted: no credentials on disk, and links
 * that leave the checkout dropped before the agent reads it (docs/security.md).
 */
export async function checkoutPullRequestHead(
  workspace: string,
  pr: { headSha: string; baseSha: string },
  source: HeadFetchSource,
  /** The door's process environment, which git runs in (JobSettings.hostEnv). */
  hostEnv: NodeJS.ProcessEnv,
): Promise<PullRequestHeadCheckout> {
  if (await isAtHead(new GitCheckout(workspace, hostEnv), pr))
    return { dir: workspace, fetched: false, droppedSymlinks: [] };
  await rm(source.dir, { recursive: true, force: true });
  await cloneRepository({
    remoteUrl: source.remoteUrl,
    dir: source.dir,
    headSha: pr.headSha,
    baseSha: pr.baseSha,
    ...(source.token ? { token: source.token } : {}),
    ...(source.signal ? { signal: source.signal } : {}),
    hostEnv,
  });
  const droppedSymlinks = await dropEscapingSymlinks(source.dir);
  return { dir: source.dir, fetched: true, droppedSymlinks };
}

async function isAtHead(checkout: GitCheckout, pr: { headSha: string; baseSha: string }): Promise<boolean> {
  const head = await checkout.resolve("HEAD").catch(() => undefined);
  if (head !== pr.headSha) return false;
  // Dirty files would be reviewed as if they were the head's: only a clean tree counts.
  const status = await checkout.git(["status", "--porcelain", "--untracked-files=no"]).catch(() => "?");
  return status.trim() === "" && (await checkout.hasCommit(pr.baseSha));
}
