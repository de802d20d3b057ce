import {
  createGitHubClient,
  type GitHubClient,
  type GitHubClientOptions,
} from "../../src/github/github-client.js";
import { cloneRepository, repositoryUrl } from "../../src/jobs/shared/clone-repository.js";
import type { InstallationTokenProvider, TokenScope } from "../shared/github-app-auth.js";
import type { InstallationAllowList } from "../shared/installation-allow-list.js";
import type { SettleTarget } from "./settle-handler.js";

/**
 * What publishing a session's result needs, on its repository only: the same as the CLI job of that
 * kind (a review comments and checks, an audit files issues and maybe SARIF, only an autofix pushes,
 * a question edits its reply on a PR, an issue or a review thread).
 */
export function settleTokenScope(
  repo: string,
  kind: "review" | "audit" | "autofix" | "ask" = "review",
  options: { uploadSarif?: boolean } = {},
): TokenScope {
  switch (kind) {
    case "review":
      return {
        repositories: [repo],
        permissions: { contents: "read", pull_requests: "write", checks: "write" },
      };
    case "autofix":
      return {
        repositories: [repo],
        permissions: { contents: "write", pull_requests: "write", checks: "write" },
      };
    case "ask":
      return { repositories: [repo], permissions: { pull_requests: "write", issues: "write" } };
    case "audit":
      return {
        repositories: [repo],
        permissions: options.uploadSarif
          ? { contents: "read", issues: "write", checks: "write", security_events: "write" }
          : { contents: "read", issues: "write", checks: "write" },
      };
  }
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
  /** Where repositories are cloned from (default https://github.com). */
  gitServerUrl?: string;
  /** git's environment for clones. */
  hostEnv?: NodeJS.ProcessEnv;
  /** The App's bot logins: our markers count only on comments they wrote (see `writtenByUs`). */
  ownLogins?: readonly string[];
  pacing?: Pick<GitHubClientOptions, "retryAfterBaseMs" | "writeSpacingMs" | "notificationSpacingMs">;
}) {
  const tokenOf = new WeakMap<GitHubClient, string>();
  return {
    octokitFor: async (session: SettleTarget): Promise<GitHubClient> => {
      const { installationId } = session;
      if (installationId === undefined || !options.allowedInstallations.allows(installationId))
        throw new Error(
          `the session of ${session.owner}/${session.repo} belongs to no installation served here`,
        );
      if (!options.tokens.jobToken) throw new Error("publishing needs scoped installation tokens");
      const token = await options.tokens.jobToken(
        installationId,
        settleTokenScope(session.repo, session.kind, { uploadSarif: session.uploadSarif ?? false }),
      );
      const octokit = createGitHubClient({
        token,
        baseUrl: options.githubApiUrl,
        ...(options.ownLogins ? { ownLogins: options.ownLogins } : {}),
        ...options.pacing,
      });
      tokenOf.set(octokit, token);
      return octokit;
    },
    /**
     * Clones the session's repository at the pinned head with a token that can only read it, revoked
     * as soon as the clone is done (an autofix's settle step; its commit goes through the API).
     */
    cloneAt: async (
      session: SettleTarget,
      at: { headSha: string; baseSha: string },
      dir: string,
    ): Promise<void> => {
      const { installationId } = session;
      if (installationId === undefined || !options.allowedInstallations.allows(installationId))
        throw new Error(
          `the session of ${session.owner}/${session.repo} belongs to no installation served here`,
        );
      if (!options.tokens.jobToken) throw new Error("cloning needs scoped installation tokens");
      const token = await options.tokens.jobToken(installationId, {
        repositories: [session.repo],
        permissions: { contents: "read" },
      });
      try {
        await cloneRepository({
          remoteUrl: repositoryUrl(session.owner, session.repo, options.gitServerUrl),
          token,
          dir,
          hostEnv: options.hostEnv ?? {},
          ...at,
        });
      } finally {
        await options.tokens.revokeToken?.(token).catch(() => undefined);
      }
    },
    release: async (octokit: GitHubClient): Promise<void> => {
      const token = tokenOf.get(octokit);
      tokenOf.delete(octokit);
      if (token) await options.tokens.revokeToken?.(token);
    },
  };
}
