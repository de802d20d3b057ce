import { type InstallationAllowList, installationAllowList } from "./installation-allow-list.js";
import type { LambdaSettings } from "./lambda-variables.js";
import { parseSecretReference, type SecretReference } from "./secret-reader.js";

/** How a function authenticates as the GitHub App: id, API base URL, and where the private key lives. */
export interface GitHubAppConfig {
  appId: string;
  githubApiUrl: string;
  appPrivateKey: SecretReference;
  /** Installations the function acts for (`ALLOWED_INSTALLATIONS`; empty = none). */
  allowedInstallations: InstallationAllowList;
}

/** The variables every function that acts as the App reads; the first two are required. */
export const GITHUB_APP_VARIABLES = [
  "GITHUB_APP_ID",
  "GITHUB_APP_PRIVATE_KEY",
  "GITHUB_API_URL",
  "ALLOWED_INSTALLATIONS",
] as const;
export const GITHUB_APP_REQUIRED = ["GITHUB_APP_ID", "GITHUB_APP_PRIVATE_KEY"] as const;

export function githubAppConfig(
  settings: LambdaSettings<(typeof GITHUB_APP_VARIABLES)[number], (typeof GITHUB_APP_REQUIRED)[number]>,
): GitHubAppConfig {
  return {
    appId: settings.GITHUB_APP_ID,
    githubApiUrl: settings.GITHUB_API_URL,
    appPrivateKey: parseSecretReference(settings.GITHUB_APP_PRIVATE_KEY, "GITHUB_APP_PRIVATE_KEY"),
    allowedInstallations: installationAllowList(settings.ALLOWED_INSTALLATIONS),
  };
}
