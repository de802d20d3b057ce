import {
  createGitHubClient,
  type GitHubClient,
  type GitHubClientOptions,
} from "../../src/github/github-client.js";
import type { InstallationTokenProvider, TokenScope } from "../shared/github-app-auth.js";
import type { InstallationAllowList } from "../shared/installation-allow-list.js";

/** What publishing a review needs, on the session's repository only: the same as a CLI review job. */
export function settleTokenScope(repo: string): TokenScope {
  return { repositories: [repo], permissions: { contents: "read", pull_requests: "write", checks: "write" } };
}

/**
 * The settle function's GitHub clients: each a fresh installation token scoped to the session's
 * repository and to what publishing a review needs, for an installation this deployment still serves
 * (one removed from the allow-list since the session started gets nothing). `release` revokes the
 * token once the settle step is done, so no token outlives it.
 */
export function publishingClientFor(options: {
  tokens: InstallationTokenProvider;
  allowedInstallations: InstallationAllowList;
  githubApiUrl: string;
  pacing?: Pick<GitHubClientOptions, "retryAfterBaseMs" | "writeSpacingMs" | "notificationSpacingMs">;
}) {
  const tokenOf = new WeakMap<GitHubClient, string>();
  return {
    octokitFor: async (session: {
      owner: string;
      repo: string;
      installationId?: number;
    }): Promise<GitHubClient> => {
      const { installationId } = session;
      if (installationId === undefined || !options.allowedInstallations.allows(installationId))
        throw new Error(
          `the session of ${session.owner}/${session.repo} belongs to no installation served here`,
        );
      if (!options.tokens.jobToken) throw new Error("publishing needs scoped installation tokens");
      const token = await options.tokens.jobToken(installationId, settleTokenScope(session.repo));
      const octokit = createGitHubClient({ token, baseUrl: options.githubApiUrl, ...options.pacing });
      tokenOf.set(octokit, token);
      return octokit;
    },
    release: async (octokit: GitHubClient): Promise<void> => {
      const token = tokenOf.get(octokit);
      tokenOf.delete(octokit);
      if (token) await options.tokens.revokeToken?.(token);
    },
  };
}
