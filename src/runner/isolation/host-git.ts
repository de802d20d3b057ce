import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { withClosedSearchPath } from "./agent-search-path.js";

const run = promisify(execFile);

export interface HostGitOptions {
  /** The host's environment; its GIT_* variables are left out. */
  hostEnv: Record<string, string | undefined>;
  gitDir?: string;
  workTree?: string;
  /** An index file of the caller's own (GIT_INDEX_FILE), never the repository's. */
  indexFile?: string;
  cwd?: string;
}

/**
 * git as the host runs it on files an agent wrote or a PR carries: no configuration but this
 * command line (no ~/.gitconfig, /etc/gitconfig or GIT_* variables: GitHub's images configure
 * git-lfs's filter there, and GIT_EXTERNAL_DIFF or GIT_CONFIG_PARAMETERS would run programs), no
 * hooks, no fsmonitor, no attributes file, so no filter, textconv or diff driver an in-tree
 * `.gitattributes` names exists to run. The repository's own config (the host's) still applies.
 */
export function runHostGit(args: string[], options: HostGitOptions) {
  return run("git", hostGitArgv(args, options), {
    ...processOptions(options),
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** A blob's bytes exactly as stored (`git cat-file blob`: no filter, no end-of-line conversion). */
export async function readHostGitBlob(oid: string, options: HostGitOptions): Promise<Buffer> {
  const { stdout } = await run("git", hostGitArgv(["cat-file", "blob", oid], options), {
    ...processOptions(options),
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

function hostGitArgv(args: string[], options: HostGitOptions): string[] {
  return [
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.attributesFile=/dev/null",
    ...(options.gitDir ? ["--git-dir", options.gitDir] : []),
    ...(options.workTree ? ["--work-tree", options.workTree] : []),
    ...args,
  ];
}

function processOptions(options: HostGitOptions) {
  return {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      // Found through the host's PATH, less what a PR could have committed to (agent-search-path.ts).
      ...withClosedSearchPath(withoutGitVariables(options.hostEnv), [options.cwd, options.workTree]),
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      ...(options.indexFile ? { GIT_INDEX_FILE: options.indexFile } : {}),
    },
  };
}

/** The host's environment without GIT_* variables (GIT_EXTERNAL_DIFF, GIT_CONFIG_PARAMETERS and the like). */
function withoutGitVariables(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("GIT_")));
}
