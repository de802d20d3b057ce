import { type InstallationAllowList, parseInstallationAllowList } from "./installation-allow-list.js";
import { parseSecretReference, type SecretReference } from "./secret-reader.js";

/** How a function authenticates as the GitHub App: id, API base URL, and where the private key lives. */
export interface GitHubAppConfig {
  appId: string;
  githubApiUrl: string;
  appPrivateKey: SecretReference;
  /** Installations the function acts for (`ALLOWED_INSTALLATIONS`; empty = none). */
  allowedInstallations: InstallationAllowList;
}

export class GitHubAppConfigError extends Error {
  override readonly name = "GitHubAppConfigError";
}

export function githubAppConfigFromEnv(env: NodeJS.ProcessEnv): GitHubAppConfig {
  const appId = env.GITHUB_APP_ID?.trim() ?? "";
  if (!/^[0-9]+$/.test(appId))
    throw new GitHubAppConfigError(`GITHUB_APP_ID must be the numeric App ID; got "${appId}"`);
  const key = env.GITHUB_APP_PRIVATE_KEY;
  if (!key)
    throw new GitHubAppConfigError(
      "GITHUB_APP_PRIVATE_KEY is not set; point it at secretsmanager:<id> or ssm:<name>",
    );
  return {
    appId,
    githubApiUrl: env.GITHUB_API_URL?.trim() || "https://api.github.com",
    appPrivateKey: parseSecretReference(key, "GITHUB_APP_PRIVATE_KEY"),
    allowedInstallations: parseInstallationAllowList(env.ALLOWED_INSTALLATIONS),
  };
}
