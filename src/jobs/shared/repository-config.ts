import type { GitHubClient } from "../../github/github-client.js";
import { readFileAt } from "../../github/read-file-at.js";
import type { GitCheckout } from "./git-checkout.js";

/** The repository's own settings for claude-pr-runner, always read from the PR's base commit. */
export const REPOSITORY_CONFIG_PATH = ".github/claude-pr-runner.json";

export interface RepositoryConfig {
  /** Globs of the files reviews look at (empty: every file). */
  include: string[];
  /** Globs of files reviews leave out, on top of the built-in list. */
  exclude: string[];
}

export class RepositoryConfigError extends Error {
  override readonly name = "RepositoryConfigError";
}

/**
 * Reads `.github/claude-pr-runner.json` at `sha` (the base commit: a PR must not widen or narrow
 * its own review, docs/security.md). A missing file is an empty config; a file that is not JSON or
 * has fields of the wrong type is a RepositoryConfigError naming the field, never half-applied.
 */
export async function readRepositoryConfig(checkout: GitCheckout, sha: string): Promise<RepositoryConfig> {
  let text: string;
  try {
    text = await checkout.git(["show", `${sha}:${REPOSITORY_CONFIG_PATH}`]);
  } catch {
    return { include: [], exclude: [] };
  }
  return parseRepositoryConfig(text, sha);
}

/**
 * The same file read through the contents API, for a door that has no clone (the managed-agents
 * worker on Lambda): same rules, same errors, a missing file (404) is an empty config.
 */
export async function readRepositoryConfigFromGitHub(
  octokit: GitHubClient,
  at: { owner: string; repo: string; sha: string },
): Promise<RepositoryConfig> {
  const text = await readFileAt(octokit, {
    owner: at.owner,
    repo: at.repo,
    ref: at.sha,
    path: REPOSITORY_CONFIG_PATH,
  });
  if (text === undefined) return { include: [], exclude: [] };
  return parseRepositoryConfig(text, at.sha);
}

/** The file's text as a RepositoryConfig, or a RepositoryConfigError naming what is wrong. */
function parseRepositoryConfig(text: string, sha: string): RepositoryConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RepositoryConfigError(
      `${REPOSITORY_CONFIG_PATH} at ${sha.slice(0, 12)} is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new RepositoryConfigError(`${REPOSITORY_CONFIG_PATH} must hold a JSON object`);
  const record = parsed as Record<string, unknown>;
  return { include: globsOf(record, "include"), exclude: globsOf(record, "exclude") };
}

function globsOf(record: Record<string, unknown>, field: string): string[] {
  const value = record[field];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((g) => typeof g !== "string"))
    throw new RepositoryConfigError(`${REPOSITORY_CONFIG_PATH}: "${field}" must be an array of glob strings`);
  return value as string[];
}
