import type { PullRequestRef } from "./pull-request-ref.js";

/** The PR jobs that run an agent on a PR's head. */
export type PullRequestJobKind = "review" | "autofix" | "describe" | "ask";

/** Why a PR's job runs untrusted: read-only tools, `--bare`, no secrets, no push, no test commands. */
export type UntrustedReason =
  /** The head branch lives in another repository: its author need not be able to write here. */
  | "fork"
  /** The head repository was deleted (`head.repo` is null): nothing proves it belongs to the base. */
  | "head-repository-deleted"
  /** A `pull_request_target` workflow: it runs with the base's secrets on a head it did not check. */
  | "pull-request-target";

export type PullRequestTrust = { trusted: true } | { trusted: false; reason: UntrustedReason };

/**
 * The one trust decision for a PR's job, for every door (docs/security.md): only a head that lives
 * in the base repository itself gets write tools, secrets, test commands and push. Everything the
 * head repository says is compared as GitHub spells it; a missing name is never read as "same".
 *
 * `pull_request_target` makes a review (or a question) untrusted even on a same-repository head,
 * as the workflow was written for forks. An autofix is different: a writer asked for it on the
 * head it pushes to, and the trigger pin holds it to the commit that writer saw, so only a fork
 * (or a deleted head repository) takes its push and its test commands away.
 */
export function decidePullRequestTrust(
  pr: Pick<PullRequestRef, "headRepoFullName" | "baseRepoFullName">,
  origin: { job: PullRequestJobKind; event?: string | undefined },
): PullRequestTrust {
  if (pr.headRepoFullName === undefined) return { trusted: false, reason: "head-repository-deleted" };
  if (pr.headRepoFullName !== pr.baseRepoFullName || pr.baseRepoFullName === "")
    return { trusted: false, reason: "fork" };
  if (origin.event === "pull_request_target" && origin.job !== "autofix")
    return { trusted: false, reason: "pull-request-target" };
  return { trusted: true };
}
