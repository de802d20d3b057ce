import { LineageKeyError } from "./session-errors.js";

/**
 * A lineage: the ordered sessions of one PR branch (`{owner}/{repo}/pr/{number}`) or of one
 * long-lived branch (`{owner}/{repo}/branch/{name}`, e.g. where a scheduled audit writes).
 */
export type LineageKey =
  | {
      readonly kind: "pr";
      readonly owner: string;
      readonly repo: string;
      readonly number: number;
      readonly key: string;
    }
  | {
      readonly kind: "branch";
      readonly owner: string;
      readonly repo: string;
      readonly branch: string;
      readonly key: string;
    };

// GitHub logins: letters, digits, hyphens (underscores appear in Enterprise managed users).
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,99})$/;
// GitHub repository names: letters, digits, ".", "-", "_"; "." and ".." are not names.
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

function checkOwnerRepo(input: string, owner: string, repo: string): void {
  if (!OWNER.test(owner))
    throw new LineageKeyError(input, `owner ${JSON.stringify(owner)} is not a GitHub login`);
  if (!REPO.test(repo) || repo === "." || repo === "..") {
    throw new LineageKeyError(input, `repo ${JSON.stringify(repo)} is not a GitHub repository name`);
  }
}

/** Why a branch name is not a valid git branch (git check-ref-format rules), or undefined when it is. */
export function branchNameProblem(name: string): string | undefined {
  if (name.length === 0) return "branch name is empty";
  if (name.length > 255) return "branch name is longer than 255 characters";
  if (name.startsWith("refs/")) return 'branch name must be short (without "refs/heads/")';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what git forbids
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return "branch name contains a character git forbids";
  if (name.includes("..") || name.includes("@{") || name.includes("//"))
    return "branch name contains '..', '@{' or '//'";
  if (name.startsWith("/") || name.endsWith("/") || name.endsWith(".") || name === "@") {
    return "branch name starts or ends with a character git forbids there";
  }
  if (name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"))) {
    return "a branch name component starts with '.' or ends with '.lock'";
  }
  return undefined;
}

export function prLineageKey(owner: string, repo: string, number: number): LineageKey {
  const key = `${owner}/${repo}/pr/${number}`;
  checkOwnerRepo(key, owner, repo);
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new LineageKeyError(key, "the PR number must be a positive integer");
  }
  return { kind: "pr", owner, repo, number, key };
}

export function branchLineageKey(owner: string, repo: string, branch: string): LineageKey {
  const key = `${owner}/${repo}/branch/${branch}`;
  checkOwnerRepo(key, owner, repo);
  const problem = branchNameProblem(branch);
  if (problem) throw new LineageKeyError(key, problem);
  return { kind: "branch", owner, repo, branch, key };
}

/** Parses and validates a lineage key string; throws LineageKeyError with the exact problem. */
export function parseLineageKey(input: string): LineageKey {
  const parts = input.split("/");
  const [owner, repo, kind, ...rest] = parts;
  if (owner === undefined || repo === undefined || kind === undefined || rest.length === 0) {
    throw new LineageKeyError(input, "it has fewer than four '/'-separated parts");
  }
  if (kind === "pr") {
    const text = rest.join("/");
    if (!/^[1-9][0-9]*$/.test(text))
      throw new LineageKeyError(input, `PR number ${JSON.stringify(text)} is not a positive integer`);
    return prLineageKey(owner, repo, Number(text));
  }
  if (kind === "branch") return branchLineageKey(owner, repo, rest.join("/"));
  throw new LineageKeyError(input, `the third part must be "pr" or "branch", not ${JSON.stringify(kind)}`);
}

/**
 * A storage path for the lineage made of safe segments: `{owner}/{repo}/pr/{n}` or
 * `{owner}/{repo}/branch/{encoded name}`. The branch name is percent-encoded into ONE segment so
 * that branch "a" and branch "a/b" never nest inside each other's directories or prefixes.
 */
export function lineageStoragePath(key: LineageKey): string {
  if (key.kind === "pr") return `${key.owner}/${key.repo}/pr/${key.number}`;
  return `${key.owner}/${key.repo}/branch/${encodeURIComponent(key.branch)}`;
}

/** Inverse of lineageStoragePath; returns undefined for paths that are not lineages. */
export function lineageKeyFromStoragePath(path: string): LineageKey | undefined {
  const parts = path.split("/");
  if (parts.length !== 4) return undefined;
  const [owner, repo, kind, last] = parts as [string, string, string, string];
  try {
    if (kind === "branch") return branchLineageKey(owner, repo, decodeURIComponent(last));
    if (kind === "pr" && /^[1-9][0-9]*$/.test(last)) return prLineageKey(owner, repo, Number(last));
  } catch {
    return undefined;
  }
  return undefined;
}

/** A repository's own storage path (`{owner}/{repo}`), checked like a lineage's: no `..`, no `/` inside. */
export function repositoryStoragePath(owner: string, repo: string): string {
  checkOwnerRepo(`${owner}/${repo}`, owner, repo);
  return `${owner}/${repo}`;
}
