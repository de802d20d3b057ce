import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/rest";

/** Installation tokens for the App, cached per installation by @octokit/auth-app until near expiry. */
export interface InstallationTokenProvider {
  installationToken(installationId: number): Promise<string>;
  /** Short-lived App JWT, for the /app endpoints. */
  appJwt(): Promise<string>;
  /**
   * A fresh token for one job: minted now (never from the cache, so it has its full hour), scoped to
   * the job's repository and to the permissions the job needs.
   */
  jobToken?(installationId: number, scope: TokenScope): Promise<string>;
  /** Revokes a job token when the job ends, so no token outlives its job. */
  revokeToken?(token: string): Promise<void>;
}

export interface TokenScope {
  repositories: string[];
  permissions: Record<string, "read" | "write">;
}

export interface GitHubAppAuthOptions {
  appId: string;
  /** PEM, read through Powertools parameters; called per use so a rotated key is picked up. */
  privateKey: () => Promise<string>;
  /** REST base URL (GitHub Enterprise Server, or the test double). */
  baseUrl: string;
}

/** The App is not installed on that account (anymore): no token can ever be issued for it. */
export class InstallationGoneError extends Error {
  override readonly name = "InstallationGoneError";
}

export function githubAppAuth(options: GitHubAppAuthOptions): InstallationTokenProvider {
  let current: { key: string; auth: ReturnType<typeof createAppAuth> } | undefined;
  // An unauthenticated client only lends its request function (base URL, user agent) to auth-app.
  const appRequest = new Octokit({ baseUrl: options.baseUrl }).request;

  async function auth(): Promise<ReturnType<typeof createAppAuth>> {
    const key = await options.privateKey();
    // Rebuild only when the key changed, to keep auth-app's token cache across invocations.
    if (current?.key !== key)
      current = { key, auth: createAppAuth({ appId: options.appId, privateKey: key, request: appRequest }) };
    return current.auth;
  }

  return {
    async installationToken(installationId) {
      try {
        const { token } = await (await auth())({ type: "installation", installationId });
        return token;
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status === 404)
          throw new InstallationGoneError(
            `installation ${installationId} not found; the App was uninstalled`,
            { cause: error },
          );
        throw error;
      }
    },
    async jobToken(installationId, scope) {
      try {
        const { token } = await (await auth())({
          type: "installation",
          installationId,
          repositoryNames: scope.repositories,
          permissions: scope.permissions,
          refresh: true,
        });
        return token;
      } catch (error) {
        if ((error as { status?: number }).status === 404)
          throw new InstallationGoneError(
            `installation ${installationId} not found; the App was uninstalled`,
            {
              cause: error,
            },
          );
        throw error;
      }
    },
    async revokeToken(token) {
      await new Octokit({ baseUrl: options.baseUrl, auth: token }).rest.apps.revokeInstallationAccessToken();
    },
    async appJwt() {
      const { token } = await (await auth())({ type: "app" });
      return token;
    },
  };
}
