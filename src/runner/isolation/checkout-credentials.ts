import { execFile } from "node:child_process";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Repository settings the agent's own `git` (log, diff, show, status, grep, blame) may need to read
 * the checkout. Everything else in `.git/config` is left out for the session: above all what
 * actions/checkout persists by default, `http.<url>.extraheader = AUTHORIZATION: basic <base64 of
 * the workflow token>` (a base64 value no token pattern recognises), credential helpers, `include`
 * and `includeIf` files (checkout v6 keeps its token in one), `url.*.insteadOf` rewrites with
 * credentials, and commands (`core.fsmonitor`, `core.sshCommand`, `diff.external`…).
 */
const AGENT_READABLE_KEYS: readonly RegExp[] = [
  /^core\.(repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode|symlinks|autocrlf|eol|safecrlf|worktree|sparsecheckout|sparsecheckoutcone|commitgraph|multipackindex|untrackedcache|splitindex|abbrev|quotepath|longpaths|checkstat|trustctime)$/,
  /^extensions\.[a-z]+$/,
  /^remote\.[^\n]+\.(url|pushurl|fetch|promisor|partialclonefilter|tagopt|mirror)$/,
  /^branch\.[^\n]+\.(remote|merge|rebase)$/,
  /^(gc|pack|index|feature|fetch|protocol|init|user|color)\.[a-z.]+$/,
  /^(commit|tag)\.gpgsign$/,
];

export interface HiddenCredentials {
  /** The keys left out of `.git/config` for the session (never their values). */
  hidden: string[];
  /** Puts the original `.git/config` back, byte for byte. */
  restore(): Promise<void>;
}

const NOTHING_HIDDEN: HiddenCredentials = { hidden: [], restore: async () => {} };

/**
 * For the agent's session, `.git/config` of the checkout holds only the settings on the allowlist
 * above, with any user and password taken out of remote URLs: the agent reads the checkout (as its
 * own user, world-readable files included) and `cat .git/config` or `grep -r AUTHORIZATION .` must
 * not hand it the token a workflow's checkout step persisted. The host restores the file when the
 * session ends. A directory that is not a git checkout is left alone.
 */
export async function hideCheckoutCredentials(workspace: string): Promise<HiddenCredentials> {
  const configPath = await repositoryConfigPath(workspace);
  if (configPath === undefined) return NOTHING_HIDDEN;
  const original = await readFile(configPath);
  const mode = (await stat(configPath)).mode & 0o7777;
  const entries = await listEntries(configPath);
  const hidden: string[] = [];
  const kept: Array<[string, string]> = [];
  for (const [key, value] of entries) {
    if (!AGENT_READABLE_KEYS.some((pattern) => pattern.test(key))) {
      hidden.push(key);
      continue;
    }
    const withoutUserinfo = /\.(url|pushurl)$/.test(key) ? stripUserinfo(value) : value;
    if (withoutUserinfo !== value) hidden.push(`${key} (user and password)`);
    kept.push([key, withoutUserinfo]);
  }
  if (hidden.length === 0) return NOTHING_HIDDEN;
  const reduced = `${configPath}.agent-session`;
  await writeFile(reduced, "", { mode });
  for (const [key, value] of kept) await run("git", ["config", "--file", reduced, "--add", key, value]);
  await writeFile(configPath, await readFile(reduced), { mode });
  await rm(reduced, { force: true });
  return {
    hidden: [...new Set(hidden)],
    restore: async () => {
      await writeFile(configPath, original, { mode });
    },
  };
}

async function repositoryConfigPath(workspace: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["rev-parse", "--git-path", "config"], { cwd: workspace });
    const configPath = path.resolve(workspace, stdout.trim());
    return (await stat(configPath).catch(() => undefined))?.isFile() ? configPath : undefined;
  } catch {
    return undefined;
  }
}

/** `git config --list` of one file: keys are lower-cased by git, values verbatim. */
async function listEntries(configPath: string): Promise<Array<[string, string]>> {
  const { stdout } = await run("git", ["config", "--file", configPath, "--list", "-z"]);
  return stdout
    .split("\0")
    .filter((record) => record.length > 0)
    .map((record) => {
      const newline = record.indexOf("\n");
      return newline < 0 ? [record, ""] : [record.slice(0, newline), record.slice(newline + 1)];
    });
}

/** `https://x-access-token:TOKEN@github.com/o/r` → `https://github.com/o/r`; other forms unchanged. */
function stripUserinfo(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/@]*@/, "$1");
}
