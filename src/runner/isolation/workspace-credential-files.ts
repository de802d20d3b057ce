import { lstat, readdir, readFile, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { isInside } from "./path-inside.js";

/**
 * google-github-actions/auth writes its credentials file at the workspace's root as
 * `gha-creds-<id>.json` (GOOGLE_APPLICATION_CREDENTIALS names it); with a service account key it
 * holds the private key. The agent's copy keeps the checkout's untracked and ignored files (test
 * commands need their dependencies), so such a file would reach the agent.
 */
const CREDENTIALS_FILE_NAME = /^gha-creds-[A-Za-z0-9_-]+\.json$/;
/** The kinds of Google credentials file (`type`): a key, a federation config, a user's refresh token. */
const CREDENTIALS_TYPES = new Set([
  "service_account",
  "external_account",
  "authorized_user",
  "impersonated_service_account",
]);
/** Larger files are not credentials files; nothing is read past this. */
const MAX_BYTES = 64 * 1024;

/**
 * Removes from the agent's copy (never the door's checkout) each credentials file an earlier step
 * left at the workspace's root, and returns their names. A file is removed when its name is the
 * auth action's and it parses as a Google credentials file; anything else named so stays, so the
 * copy never loses an ordinary file of the repository.
 */
export async function leaveOutCredentialFiles(copyRoot: string): Promise<string[]> {
  const found = await credentialFilesAt(copyRoot);
  for (const name of found) await rm(path.join(copyRoot, name));
  return found;
}

/**
 * Removes from the agent's copy each of `files` (real paths, as the environment names them) that
 * lies inside `source`, and returns their paths relative to it. The door's checkout keeps them.
 */
export async function leaveOutNamedFiles(
  source: string,
  copyRoot: string,
  files: readonly string[],
): Promise<string[]> {
  const realSource = await realpath(source);
  const left: string[] = [];
  for (const file of files) {
    if (!isInside(file, realSource)) continue;
    const relative = path.relative(realSource, file);
    const inCopy = path.join(copyRoot, relative);
    if (!(await lstat(inCopy).catch(() => undefined))) continue;
    await rm(inCopy, { recursive: true, force: true });
    left.push(relative);
  }
  return left.sort();
}

/**
 * The names of the credentials files an earlier step left at `root` (the auth action's name, and
 * parsing as a Google credentials file), sorted. The door's checkout keeps them: the host closes
 * them to an agent user (closeSourceCredentials) or hides them from the sandbox
 * (checkoutCredentialPaths).
 */
export async function credentialFilesAt(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(root)).filter((entry) => CREDENTIALS_FILE_NAME.test(entry)).sort()) {
    const file = path.join(root, name);
    const info = await lstat(file);
    if (!info.isFile() || info.size > MAX_BYTES) continue;
    if (!isGoogleCredentials(await readFile(file, "utf8").catch(() => ""))) continue;
    found.push(name);
  }
  return found;
}

function isGoogleCredentials(text: string): boolean {
  try {
    const value = JSON.parse(text) as { type?: unknown };
    return typeof value?.type === "string" && CREDENTIALS_TYPES.has(value.type);
  } catch {
    return false;
  }
}
