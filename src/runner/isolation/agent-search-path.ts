import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { isInsideNormalized } from "./path-inside.js";

/** What is left when nothing of a PATH may stay: the system's own directories, as sudo's secure_path. */
export const SYSTEM_SEARCH_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/**
 * The environment the runner's own helpers (cp, chown, chmod, sh, getent, useradd, sudo, kill) run
 * in: they find their programs in the system's directories only, never through a PATH a workflow set
 * (`$GITHUB_WORKSPACE/node_modules/.bin` holds what a PR commits), since some run as root. They need
 * nothing else from the host's environment.
 */
export function systemToolsEnvironment(): Record<string, string> {
  return { PATH: SYSTEM_SEARCH_PATH };
}

/**
 * `env` with its PATH kept to what agentSearchPath keeps for `closed`: for the host's own git, which
 * runs in a checkout a PR filled (a relative PATH entry names that checkout's files, and
 * `$GITHUB_WORKSPACE/node_modules/.bin` what the PR commits there).
 */
export function withClosedSearchPath<T extends Record<string, string | undefined>>(
  env: T,
  closed: readonly (string | undefined)[],
): T & { PATH: string } {
  const dirs = closed.filter((dir): dir is string => dir !== undefined).map((dir) => path.resolve(dir));
  return { ...env, PATH: agentSearchPath(env.PATH ?? "", dirs).path };
}

/** Shared temp directories: any local user, and the agent in its own namespace, writes there. */
const SHARED_TEMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"];

export interface AgentSearchPath {
  /** The PATH the CLI runs with. */
  path: string;
  /** The entries left out, as written (`""` for an empty one). */
  leftOut: string[];
}

/**
 * The PATH the CLI and everything it starts get. Claude Code 2.1.235 finds what it starts itself
 * through it, outside the tool policy and the Bash sandbox: `bwrap` and `socat` for every sandboxed
 * command, `git` at start, `ps` and `grep`; and a root host's launch finds `unshare`, `mount` and
 * `setpriv` the same way (test/red-team/path-from-the-checkout.test.ts). So an entry stays only when
 * nothing a PR commits or the agent writes can be in it:
 * - it is absolute (a relative one, or an empty one, which means the working directory, names the
 *   checkout's files);
 * - it lies outside `closed` (the door's checkout: `$GITHUB_WORKSPACE/node_modules/.bin` holds what
 *   the PR commits there), by its spelling and by its real path;
 * - it lies outside the shared temp dirs and is not writable by all.
 * An entry that does not exist stays: nothing can be put there by the agent that another rule would
 * not catch once it exists (its parent would be closed or writable by all).
 */
export function agentSearchPath(searchPath: string, closed: readonly string[]): AgentSearchPath {
  // Normalised once, so each entry is compared by string against every root (path.relative per
  // pair ran Node's path normaliser hot enough, over a long PATH, to be optimised by TurboFan, whose
  // code then counts in the host's RSS: 5.5 MB in bench:overhead).
  const closedRoots = [...closed, ...SHARED_TEMP_DIRS].flatMap((dir) => {
    const spelled = path.resolve(dir);
    return [spelled, realOrSelf(spelled)];
  });
  const kept: string[] = [];
  const leftOut: string[] = [];
  for (const entry of searchPath === "" ? [] : searchPath.split(path.delimiter)) {
    if (isOpenToOthers(entry, closedRoots)) leftOut.push(entry);
    else if (!kept.includes(entry)) kept.push(entry);
  }
  return { path: kept.length > 0 ? kept.join(path.delimiter) : SYSTEM_SEARCH_PATH, leftOut };
}

function isOpenToOthers(entry: string, closedRoots: readonly string[]): boolean {
  if (!path.isAbsolute(entry)) return true;
  const spelled = path.resolve(entry);
  const real = realOrSelf(spelled);
  if (
    closedRoots.some((root) => [spelled, real].some((dir) => dir === root || isInsideNormalized(dir, root)))
  )
    return true;
  try {
    // Writable by all (a sticky bit does not help: a new file there is its maker's).
    return (statSync(real).mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
