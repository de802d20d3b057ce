import { execFile } from "node:child_process";
import { mkdir, readdir, rm } from "node:fs/promises";
import { resolve as resolvePath } from "node:path";
import { promisify } from "node:util";
import { withClosedSearchPath } from "../../runner/isolation/agent-search-path.js";
import { basicCredential, gitAuthEnv } from "./git-auth-env.js";
import { gitEnv } from "./git-checkout.js";

const run = promisify(execFile);

export interface CloneRequest {
  /** e.g. https://github.com/o/r.git, or file:///tmp/x/o/r.git in tests. No credentials in it. */
  remoteUrl: string;
  token?: string;
  /** Empty or missing directory to create the checkout in. */
  dir: string;
  /** Commit to check out (detached HEAD). Exactly one of headSha / branch. */
  headSha?: string;
  /** Branch to check out at its current tip (scheduled audits of the default branch). */
  branch?: string;
  /** When given, history is deepened until `git merge-base baseSha head` exists, so `git diff base...head` works. */
  baseSha?: string;
  /** Initial depth (default 50); deepening doubles it, up to maxDepth (default 2000), then --unshallow. */
  depth?: number;
  maxDepth?: number;
  /** Kills the running git process (the worker's job deadline). */
  signal?: AbortSignal;
  /** The function's environment git runs in (JobRuntimeConfig.hostEnv). */
  hostEnv: NodeJS.ProcessEnv;
}

export interface ClonedRepository {
  dir: string;
  headSha: string;
  /** depth finally fetched, or "full" */
  depth: number | "full";
}

/** Typed error with the git command and stderr; the token never appears in its message. */
export class CloneError extends Error {
  override name = "CloneError";
  constructor(
    message: string,
    /** The git arguments that failed, when a git command failed. */
    readonly args: string[] = [],
    readonly stderr = "",
  ) {
    super(message);
  }
}

/** The commit is gone (force-pushed away / repository deleted): the lead maps it to a permanent job error. */
export class CommitNotFoundError extends CloneError {
  override name = "CommitNotFoundError";
}

const DEFAULT_DEPTH = 50;
const DEFAULT_MAX_DEPTH = 2000;
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * Shallow checkout of one commit (a PR head) or one branch tip (a scheduled audit) into an empty
 * directory, the way actions/checkout does it: init + remote + fetch of exactly that object, so a
 * repository with years of history costs `depth` commits, not all of them. With a base, history is
 * deepened until base and head meet, because the review diff is `git diff base...head` (merge-base).
 *
 * `origin` is set to the token-free URL so later steps (autofix: `git ls-remote origin`,
 * `git push origin`) reuse it with the same gitAuthEnv.
 */
export async function cloneRepository(request: CloneRequest): Promise<ClonedRepository> {
  const limits = validate(request);
  const existed = await prepareDirectory(request.dir);
  try {
    return await fetchAndCheckout(request, limits);
  } catch (error) {
    // /tmp is small and survives into the next invocation of a warm Lambda: leave the directory as
    // it was given (missing or empty), not half-cloned.
    await rm(request.dir, { recursive: true, force: true });
    if (existed) await mkdir(request.dir, { recursive: true });
    throw error;
  }
}

async function fetchAndCheckout(
  request: CloneRequest,
  { depth: initialDepth, maxDepth }: { depth: number; maxDepth: number },
): Promise<ClonedRepository> {
  const git = gitRunner(request);
  await git(["-c", "init.defaultBranch=main", "init", "-q", resolvePath(request.dir)], { cwd: undefined });
  await git(["remote", "add", "origin", request.remoteUrl]);

  // Protocol v2 lets a client want any commit the server has, advertised or not (GitHub, and a
  // plain local bare repository, since git 2.26 makes v2 the default). v0 would refuse an
  // unadvertised sha unless the server sets uploadpack.allowReachableSHA1InWant, so v2 is pinned.
  const fetch = (option: string, ...targets: string[]) => {
    const args = ["-c", "protocol.version=2", "fetch", "--no-tags", "--no-write-fetch-head", option];
    return git([...args, "origin", ...targets], { fetch: true });
  };
  const bases = request.baseSha ? [request.baseSha] : [];

  let headSha: string;
  if (request.branch) {
    const tracking = `refs/remotes/origin/${request.branch}`;
    await fetch(`--depth=${initialDepth}`, `+refs/heads/${request.branch}:${tracking}`, ...bases);
    headSha = await resolve(git, tracking);
  } else {
    await fetch(`--depth=${initialDepth}`, request.headSha as string, ...bases);
    headSha = await resolve(git, request.headSha as string);
  }

  let depth: number | "full" = (await isShallow(git)) ? initialDepth : "full";
  if (request.baseSha) {
    const baseSha = request.baseSha;
    // Deepening names the resolved head sha, never the branch again: a push in between must not move head.
    while (depth !== "full" && !(await hasMergeBase(git, baseSha, headSha))) {
      if (depth >= maxDepth) {
        await fetch("--unshallow", headSha, baseSha);
        depth = "full";
      } else {
        const step = Math.min(depth, maxDepth - depth);
        await fetch(`--deepen=${step}`, headSha, baseSha);
        depth = (await isShallow(git)) ? depth + step : "full";
      }
    }
    if (!(await hasMergeBase(git, baseSha, headSha))) {
      throw new CloneError(
        `base ${baseSha} and head ${headSha} of ${request.remoteUrl} share no history (checked the full history): ` +
          "there is no merge base to diff against",
      );
    }
  }

  if (request.branch) {
    // A local branch tracking origin/<branch>, so the audit sees the branch by name and a push
    // from this checkout has an upstream.
    await git(["checkout", "-q", "--track", "-B", request.branch, `refs/remotes/origin/${request.branch}`]);
  } else {
    await git(["checkout", "-q", "--detach", headSha]);
  }
  return { dir: request.dir, headSha, depth };
}

/** `${serverUrl}/${owner}/${repo}.git`; serverUrl default https://github.com; trailing slashes tolerated. */
export function repositoryUrl(owner: string, repo: string, serverUrl = "https://github.com"): string {
  return `${serverUrl.replace(/\/+$/, "")}/${owner}/${repo}.git`;
}

type Git = (args: string[], options?: { cwd?: string | undefined; fetch?: boolean }) => Promise<string>;

function gitRunner(request: CloneRequest): Git {
  // git is found through the host's PATH, less what a PR could have committed to (agent-search-path.ts).
  const env: NodeJS.ProcessEnv = {
    ...withClosedSearchPath(gitEnv(request.hostEnv), [request.dir]),
    ...gitAuthEnv(request.token),
  };
  const secrets = request.token ? [request.token, basicCredential(request.token)] : [];
  const redact = (text: string) => secrets.reduce((t, s) => t.split(s).join("***"), text);

  return async (args, options = {}) => {
    const cwd = "cwd" in options ? options.cwd : request.dir;
    try {
      const { stdout } = await run("git", args, {
        cwd,
        env,
        maxBuffer: 64 * 1024 * 1024,
        ...(request.signal ? { signal: request.signal } : {}),
      });
      return stdout;
    } catch (error) {
      // stderr stays empty when git printed nothing (merge-base's "no common ancestor" is exit 1, silent).
      const stderr = redact(((error as { stderr?: string }).stderr ?? "").trim());
      if (request.signal?.aborted) {
        throw new CloneError(
          `git ${redact(args.join(" "))} was stopped: ${redact(String(request.signal.reason))}`,
          args,
        );
      }
      const fallback = (error as { code?: unknown }).code ?? (error as Error).message;
      const message = `git ${redact(args.join(" "))} failed: ${stderr || `no output (${redact(String(fallback))})`}`;
      if (options.fetch && isGone(stderr)) throw new CommitNotFoundError(message, args, stderr);
      throw new CloneError(message, args, stderr);
    }
  };
}

/**
 * What git prints when the wanted object or the repository no longer exists: a sha force-pushed
 * away ("not our ref", GitHub and local upload-pack alike), a deleted branch, or a repository that is
 * deleted or no longer visible to the installation (GitHub answers 404 "Repository not found").
 */
function isGone(stderr: string): boolean {
  return (
    /upload-pack: not our ref/.test(stderr) ||
    /couldn't find remote ref/.test(stderr) ||
    /Repository not found|repository '[^']*' not found/i.test(stderr) ||
    /does not appear to be a git repository/.test(stderr)
  );
}

async function resolve(git: Git, ref: string): Promise<string> {
  return (await git(["rev-parse", "--verify", "--end-of-options", `${ref}^{commit}`])).trim();
}

async function isShallow(git: Git): Promise<boolean> {
  return (await git(["rev-parse", "--is-shallow-repository"])).trim() === "true";
}

async function hasMergeBase(git: Git, base: string, head: string): Promise<boolean> {
  try {
    await git(["merge-base", base, head]);
    return true;
  } catch (error) {
    // Exit 1 without output means "no common ancestor in the history fetched so far".
    if (error instanceof CloneError && error.stderr === "") return false;
    throw error;
  }
}

function validate(request: CloneRequest): { depth: number; maxDepth: number } {
  if ((request.headSha === undefined) === (request.branch === undefined)) {
    throw new CloneError("cloneRepository needs exactly one of headSha or branch");
  }
  if (request.headSha !== undefined && !FULL_SHA.test(request.headSha)) {
    throw new CloneError(`headSha must be a full commit sha, got "${request.headSha}"`);
  }
  if (request.baseSha !== undefined && !FULL_SHA.test(request.baseSha)) {
    throw new CloneError(`baseSha must be a full commit sha, got "${request.baseSha}"`);
  }
  if (request.branch !== undefined && !/^(?!-)(?!.*\.\.)[^\s~^:?*[\\]+$/.test(request.branch)) {
    throw new CloneError(`"${request.branch}" is not a valid branch name`);
  }
  if (hasCredentials(request.remoteUrl)) {
    // The URL is not echoed: it is the thing that holds the secret.
    throw new CloneError("remoteUrl must not contain credentials; pass the token as `token`");
  }
  const depth = request.depth ?? DEFAULT_DEPTH;
  const maxDepth = request.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(depth) || depth < 1)
    throw new CloneError(`depth must be a positive integer, got ${depth}`);
  if (!Number.isInteger(maxDepth) || maxDepth < depth) {
    throw new CloneError(`maxDepth must be an integer >= depth (${depth}), got ${maxDepth}`);
  }
  return { depth, maxDepth };
}

function hasCredentials(remoteUrl: string): boolean {
  try {
    const url = new URL(remoteUrl);
    return url.username !== "" || url.password !== "";
  } catch {
    return /^[^/]*:\/\/[^/]*@/.test(remoteUrl);
  }
}

/** Creates dir when missing; refuses a non-empty one. Returns whether it existed. */
async function prepareDirectory(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(dir, { recursive: true });
    return false;
  }
  if (entries.length > 0) {
    throw new CloneError(`${dir} is not empty: a checkout needs an empty or missing directory`);
  }
  return true;
}
