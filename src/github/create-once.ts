import { setTimeout as sleep } from "node:timers/promises";
import { type GitHubClient, retryPolicyOf } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/** Per-request octokit option that switches plugin-retry off (`request: { retries: 0 }`). */
export interface NoRetry {
  retries: 0;
}

export interface CreateOnceOptions<T> {
  /** What is created, for the log (e.g. "review on acme/app#7"). */
  what: string;
  /** Sends the create once; it must pass `request` on to octokit so plugin-retry stays out of it. */
  create: (request: NoRetry) => Promise<T>;
  /**
   * Finds the object a failed attempt may have stored anyway (by our marker in its body, or by the
   * check run's external_id). Must not match anything that existed before the first attempt.
   */
  findExisting: () => Promise<T | undefined>;
}

/**
 * Runs a non-idempotent create (a review, comment, issue or check run) so that a 5xx cannot make it
 * happen twice. GitHub sometimes stores a write and still answers 502/504 (its edge gave up waiting);
 * plugin-retry would then post the same review again. Here the create goes out with retries off, and
 * after a 5xx (or a network failure, which octokit reports as 500) we wait as plugin-retry would, look
 * for the object, and post again only if it is not there, up to the client's `retries`.
 */
export async function createOnce<T>(octokit: GitHubClient, options: CreateOnceOptions<T>): Promise<T> {
  const policy = retryPolicyOf(octokit);
  for (let attempt = 0; ; attempt++) {
    try {
      return await options.create({ retries: 0 });
    } catch (error) {
      const status = httpStatusOf(error);
      if (status === undefined || status < 500) throw error;
      // The pause also gives GitHub's read replicas time to show a write that did go through.
      await sleep((attempt + 1) ** 2 * policy.retryAfterBaseMs);
      const existing = await options.findExisting();
      if (existing !== undefined) {
        policy.log(`${options.what}: GitHub answered ${status} but had stored it; not posting it again`);
        return existing;
      }
      if (attempt >= policy.retries) throw error;
      policy.log(`${options.what}: GitHub answered ${status} and did not store it; posting again`);
    }
  }
}
