import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/**
 * A file's text at one commit through the contents API, for a door without a clone; `undefined`
 * when the path does not exist there (404). Any other failure is thrown.
 */
export async function readFileAt(
  octokit: GitHubClient,
  at: { owner: string; repo: string; ref: string; path: string },
): Promise<string | undefined> {
  let data: unknown;
  try {
    ({ data } = await octokit.rest.repos.getContent({
      owner: at.owner,
      repo: at.repo,
      path: at.path,
      ref: at.ref,
      mediaType: { format: "raw" },
    }));
  } catch (error) {
    if (httpStatusOf(error) === 404) return undefined;
    throw error;
  }
  // Raw media type: the file's text. A proxy that ignores it answers GitHub's JSON (base64 content).
  if (typeof data === "string") return data;
  if (Array.isArray(data)) return undefined; // a directory
  return Buffer.from(String((data as { content?: unknown }).content ?? ""), "base64").toString("utf8");
}

/**
 * The names of the entries of a directory at one commit through the contents API; `undefined` when
 * the directory does not exist there (404) or the path is a file. Any other failure is thrown.
 */
export async function listDirectoryAt(
  octokit: GitHubClient,
  at: { owner: string; repo: string; ref: string; path: string },
): Promise<string[] | undefined> {
  try {
    const { data } = await octokit.rest.repos.getContent({
      owner: at.owner,
      repo: at.repo,
      path: at.path,
      ref: at.ref,
    });
    return Array.isArray(data) ? data.map((entry) => entry.name) : undefined;
  } catch (error) {
    if (httpStatusOf(error) === 404) return undefined;
    throw error;
  }
}

/** Lines in the file at `ref`, counted as `GitCheckout.lineCount` counts them; undefined when absent. */
export async function lineCountAt(
  octokit: GitHubClient,
  at: { owner: string; repo: string; ref: string; path: string },
): Promise<number | undefined> {
  const text = await readFileAt(octokit, at);
  if (text === undefined) return undefined;
  if (text.length === 0) return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}
