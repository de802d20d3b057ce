import type { GitHubClient } from "../../github/github-client.js";

/**
 * A GitHub client, or a way to get one when it is first needed: a webhook-driven settle step that
 * only answers the session (most of them) never mints an installation token at all, and the one that
 * publishes mints it after its claim.
 */
export type GitHubAccess = GitHubClient | (() => Promise<GitHubClient>);

export function githubClientOf(access: GitHubAccess): Promise<GitHubClient> {
  return typeof access === "function" ? access() : Promise.resolve(access);
}
