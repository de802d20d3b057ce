import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Repository settings the agent's own `git` (log, diff, show, status, grep, blame) may need to read
 * the checkout. Everything else in a git config file is left out of the agent's copy: above all what
 * actions/checkout persists by default, `http.<url>.extraheader = AUTHORIZATION: basic <base64 of
 * the workflow token>` (a base64 value no token pattern recognises), credential helpers, `include`
 * and `includeIf` files (checkout v6 keeps its token in one), `url.*.insteadOf` rewrites with
 * credentials, and commands (`core.fsmonitor`, `core.sshCommand`, `diff.external`…).
 */
const AGENT_READABLE_KEYS: readonly RegExp[] = [
  /^core\.(repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode|symlinks|autocrlf|eol|safecrlf|sparsecheckout|sparsecheckoutcone|commitgraph|multipackindex|untrackedcache|splitindex|abbrev|quotepath|longpaths|checkstat|trustctime)$/,
  /^extensions\.[a-z]+$/,
  /^remote\.[^\n]+\.(url|pushurl|fetch|promisor|partialclonefilter|tagopt|mirror)$/,
  /^branch\.[^\n]+\.(remote|merge|rebase)$/,
  /^(gc|pack|index|feature|fetch|protocol|init|user|color)\.[a-z.]+$/,
  /^(commit|tag)\.gpgsign$/,
];

/**
 * Writes `destination` as a fresh git config file holding only the allowlisted settings of `source`,
 * with any user and password taken out of remote URLs. `destination` is unlinked first: in a
 * hard-linked copy it may share its inode with the original. Returns the keys left out (names only,
 * never values). Any failure throws: a copy that might still hold a credential must not be used.
 */
export async function writeCredentialFreeConfig(
  source: string,
  destination: string,
  /** What git runs in: the host's environment, its PATH without what a PR could have committed to. */
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const entries = await listEntries(source, env);
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
  await rm(destination, { force: true });
  await writeFile(destination, "", { mode: 0o644 });
  for (const [key, value] of kept)
    await run("git", ["config", "--file", destination, "--add", key, value], { env });
  return [...new Set(hidden)];
}

/** `git config --list` of one file: keys are lower-cased by git, values verbatim. */
async function listEntries(configPath: string, env: NodeJS.ProcessEnv): Promise<Array<[string, string]>> {
  const { stdout } = await run("git", ["config", "--file", configPath, "--list", "-z"], { env });
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

/**
 * Every file the source's git config pulls in (`include.path`, `includeIf.*.path`), as absolute paths
 * (relative ones are relative to the config file's directory, `~/` to HOME). actions/checkout v6
 * keeps the token in such a file under RUNNER_TEMP.
 */
export async function includedConfigFiles(
  configPath: string,
  home: string | undefined,
  gitEnv: NodeJS.ProcessEnv,
): Promise<string[]> {
  const entries = await listEntries(configPath, gitEnv);
  const dir = configPath.slice(0, configPath.lastIndexOf("/"));
  return entries
    .filter(([key]) => key === "include.path" || /^includeif\..*\.path$/.test(key))
    .map(([, value]) => {
      if (value.startsWith("~/") && home) return `${home}/${value.slice(2)}`;
      return value.startsWith("/") ? value : `${dir}/${value}`;
    });
}

/**
 * The private keys `core.sshCommand` names with `-i` (actions/checkout's ssh-key input writes the key
 * under RUNNER_TEMP and names it as `"$RUNNER_TEMP/<id>"`), as absolute paths: `$NAME` and `${NAME}`
 * from `env`, `~/` from HOME. A path that stays relative or names an unknown variable is left out.
 */
export async function sshKeyFiles(
  configPath: string,
  env: Record<string, string | undefined>,
  home: string | undefined,
  gitEnv: NodeJS.ProcessEnv,
): Promise<string[]> {
  const commands = (await listEntries(configPath, gitEnv))
    .filter(([key]) => key === "core.sshcommand")
    .map(([, value]) => value);
  const keys: string[] = [];
  for (const command of commands) {
    const words = shellWords(command);
    words.forEach((word, index) => {
      const named = word === "-i" ? words[index + 1] : word.startsWith("-i") ? word.slice(2) : undefined;
      const expanded = named === undefined ? undefined : expand(named, env, home);
      if (expanded?.startsWith("/")) keys.push(expanded);
    });
  }
  return [...new Set(keys)];
}

/** Words of a command line as a POSIX shell splits them: quotes kept together, then removed. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

function expand(
  word: string,
  env: Record<string, string | undefined>,
  home: string | undefined,
): string | undefined {
  let unknown = false;
  const value = word.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => {
    const found = env[name];
    if (found === undefined) unknown = true;
    return found ?? "";
  });
  if (unknown) return undefined;
  if (value.startsWith("~/")) return home ? `${home}/${value.slice(2)}` : undefined;
  return value;
}
