import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { withClosedSearchPath } from "../../runner/isolation/agent-search-path.js";
import type { ChangedFile } from "./prompt-blocks.js";

const run = promisify(execFile);
const runBytes = promisify(execFile);

/** A git error that says which command failed and what git printed, instead of a bare exit code. */
export class GitCommandError extends Error {
  constructor(
    readonly args: string[],
    readonly stderr: string,
  ) {
    super(`git ${args.join(" ")} failed: ${stderr.trim() || "no output"}`);
    this.name = "GitCommandError";
  }
}

/**
 * The few git reads the jobs need from a local checkout. Reading through git (not the GitHub API)
 * keeps local review, the Action and Lambda on one code path, and works on diffs GitHub refuses to
 * serve (406 for very large diffs).
 */
export class GitCheckout {
  /**
   * @param hostEnv the environment git runs in (PATH, HOME, proxy settings): the door's process
   *   environment, passed down because nothing below the doors reads `process.env`.
   * @param env extra variables for every git process, e.g. credentials for a push given through
   *   GIT_CONFIG_* so they are never written to .git/config where the agent could read them.
   */
  constructor(
    readonly dir: string,
    private readonly hostEnv: NodeJS.ProcessEnv,
    private readonly env: Record<string, string> = {},
  ) {}

  private processEnv: NodeJS.ProcessEnv | undefined;

  /**
   * What every git of this checkout runs in: git found through the host's PATH less what the checkout
   * could hold (agent-search-path.ts), worked out once (each PATH entry costs a stat).
   */
  private gitProcessEnv(): NodeJS.ProcessEnv {
    this.processEnv ??= { ...withClosedSearchPath(gitEnv(this.hostEnv), [this.dir]), ...this.env };
    return this.processEnv;
  }

  async git(args: string[], maxBuffer = 256 * 1024 * 1024): Promise<string> {
    try {
      const { stdout } = await run("git", args, { cwd: this.dir, maxBuffer, env: this.gitProcessEnv() });
      return stdout;
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? String(error);
      throw new GitCommandError(args, stderr);
    }
  }

  /** The bytes of a blob, unchanged (binary files included). */
  async blob(sha: string): Promise<Buffer> {
    try {
      const { stdout } = await runBytes("git", ["cat-file", "blob", sha], {
        cwd: this.dir,
        maxBuffer: 256 * 1024 * 1024,
        encoding: "buffer",
        env: this.gitProcessEnv(),
      });
      return stdout;
    } catch (error) {
      throw new GitCommandError(
        ["cat-file", "blob", sha],
        String((error as { stderr?: unknown }).stderr ?? error),
      );
    }
  }

  async resolve(ref: string): Promise<string> {
    return (await this.git(["rev-parse", "--verify", `${ref}^{commit}`])).trim();
  }

  /** Unified diff from the merge base of base and head to head, the way GitHub shows a PR. */
  async diff(baseSha: string, headSha: string, pathspecs: readonly string[] = []): Promise<string> {
    const limit = pathspecs.length > 0 ? ["--", ...pathspecs] : [];
    return this.gitDiff(["--no-color", "-M", `${baseSha}...${headSha}`, ...limit]);
  }

  /**
   * `git diff` with `args`, never through a program: the PR's own .gitattributes (a fork's) can name
   * a diff driver, and no textconv or external diff of the host's configuration runs on its files.
   */
  gitDiff(args: string[]): Promise<string> {
    return this.git(["diff", "--no-ext-diff", "--no-textconv", ...args]);
  }

  async changedFiles(baseSha: string, headSha: string): Promise<ChangedFile[]> {
    const [status, numstat] = await Promise.all([
      this.gitDiff(["--name-status", "-M", "-z", `${baseSha}...${headSha}`]),
      this.gitDiff(["--numstat", "-M", "-z", `${baseSha}...${headSha}`]),
    ]);
    const counts = parseNumstat(numstat);
    return parseNameStatus(status).map((file) => ({ ...file, ...counts.get(file.path) }));
  }

  /** Number of lines of a file at a commit, or undefined when the file does not exist there. */
  async lineCount(sha: string, path: string): Promise<number | undefined> {
    try {
      const text = await this.git(["show", `${sha}:${path}`]);
      if (text.length === 0) return 0;
      return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    } catch {
      return undefined;
    }
  }

  /** `lineCount` of each path at a commit, read in parallel, for checking findings against the files. */
  async lineCounts(sha: string, paths: Iterable<string>): Promise<Map<string, number | undefined>> {
    const unique = [...new Set(paths)];
    const counts = await Promise.all(unique.map((path) => this.lineCount(sha, path)));
    return new Map(unique.map((path, i) => [path, counts[i]]));
  }

  /**
   * The byte size of each path's blob at a commit (one `ls-tree` for all), for estimating what
   * reading them costs; paths that are not blobs there (removed, submodules) are absent.
   */
  async blobSizes(sha: string, paths: readonly string[]): Promise<Map<string, number>> {
    const wanted = new Set(paths);
    const sizes = new Map<string, number>();
    if (wanted.size === 0) return sizes;
    const listing = await this.git(["ls-tree", "-r", "-l", "-z", "--full-tree", sha]);
    for (const record of listing.split("\0")) {
      // <mode> SP <type> SP <object> SP+ <size> TAB <path>
      const match = /^\d+ blob [0-9a-f]+ +(\d+)\t(.*)$/s.exec(record);
      if (match?.[2] !== undefined && wanted.has(match[2])) sizes.set(match[2], Number(match[1]));
    }
    return sizes;
  }

  async hasCommit(sha: string): Promise<boolean> {
    try {
      await this.git(["cat-file", "-e", `${sha}^{commit}`]);
      return true;
    } catch {
      return false;
    }
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    try {
      await this.git(["merge-base", "--is-ancestor", ancestor, descendant]);
      return true;
    } catch {
      return false;
    }
  }
}

const STATUS_NAMES: Record<string, string> = {
  A: "added",
  M: "modified",
  D: "removed",
  R: "renamed",
  C: "copied",
  T: "changed",
};

function parseNameStatus(output: string): ChangedFile[] {
  const fields = output.split("\0").filter((f) => f.length > 0);
  const files: ChangedFile[] = [];
  for (let i = 0; i < fields.length; ) {
    const code = fields[i++] ?? "";
    const letter = code[0] ?? "M";
    if (letter === "R" || letter === "C") {
      const previousPath = fields[i++] ?? "";
      const path = fields[i++] ?? "";
      files.push({ path, previousPath, status: STATUS_NAMES[letter] ?? "modified" });
    } else {
      files.push({ path: fields[i++] ?? "", status: STATUS_NAMES[letter] ?? "modified" });
    }
  }
  return files;
}

function parseNumstat(output: string): Map<string, { additions: number; deletions: number }> {
  // With -z, renames print "adds\tdels\t\0old\0new\0"; plain entries print "adds\tdels\tpath\0".
  const counts = new Map<string, { additions: number; deletions: number }>();
  const fields = output.split("\0");
  for (let i = 0; i < fields.length; i++) {
    const match = /^(\d+|-)\t(\d+|-)\t(.*)$/.exec(fields[i] ?? "");
    if (!match) continue;
    let path = match[3] ?? "";
    if (path === "") {
      i += 2;
      path = fields[i] ?? "";
    }
    counts.set(path, { additions: toCount(match[1]), deletions: toCount(match[2]) });
  }
  return counts;
}

function toCount(value: string | undefined): number {
  return value === undefined || value === "-" ? 0 : Number(value);
}

/** The environment of every git child: the host's, with pager, prompt and locale pinned. */
export function gitEnv(hostEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // Never let a user's pager, editor or locale change what we parse.
  return { ...hostEnv, GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
}
