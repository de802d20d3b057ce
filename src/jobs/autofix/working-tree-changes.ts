import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, readlink } from "node:fs/promises";
import { join } from "node:path";
import { isAgentConfig } from "../../runner/isolation/agent-config.js";
import { isHostGitSteering } from "../../runner/isolation/host-git-steering.js";
import type { GitCheckout } from "../shared/git-checkout.js";

/**
 * Paths a fix must never touch: workflows (the workflow token cannot push them, and they steer CI
 * itself), agent configuration at any depth (CLAUDE.md, `.claude/`, `.mcp.json`: hooks and MCP
 * servers run as code in every later agent session on the branch, ours and other tools' alike) and
 * the files that steer the host's git (`.gitattributes`, `.lfsconfig`: host-git-steering.ts). Each
 * engine's return of the edits already leaves the last two out; this is the last gate for every door.
 */
export const PROTECTED_PATHS = [/^\.github\/workflows\//];

export interface WorkingTreeChanges {
  /** Changed or new files the fix may commit. */
  paths: string[];
  /** Files that differed from HEAD before the session (an earlier step's) and still read the same: never committed. */
  leftAsFound: string[];
  /** Changed files that were reverted because the fix may not touch them. */
  revertedProtected: string[];
  /** `git diff` of the kept changes against HEAD (new files included). */
  patch: string;
}

/**
 * Reads what the session changed in the checkout. The model's own report says what it meant to do;
 * the working tree says what it did, and only the working tree is committed.
 */
export async function collectWorkingTreeChanges(
  checkout: GitCheckout,
  /** Paths the job itself changed before the session (a fork's escaping symlinks it removed). */
  options: {
    leaveAlone?: string[];
    /** What differed from HEAD before the session (workingTreeState): unchanged since, it is not the fix's. */
    before?: WorkingTreeState;
  } = {},
): Promise<WorkingTreeChanges> {
  const status = await checkout.git(["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  const leaveAlone = new Set(options.leaveAlone ?? []);
  const changed = parsePorcelain(status).filter((e) => !leaveAlone.has(e.path));
  const leftAsFound: string[] = [];
  const entries: typeof changed = [];
  for (const entry of changed) {
    const found = options.before?.get(entry.path);
    if (found !== undefined && found === (await fingerprint(checkout.dir, entry.path)))
      leftAsFound.push(entry.path);
    else entries.push(entry);
  }
  const revertedProtected: string[] = [];
  for (const entry of entries.filter((e) => isProtected(e.path))) {
    if (entry.untracked) await checkout.git(["clean", "-f", "--", entry.path]);
    else await checkout.git(["checkout", "HEAD", "--", entry.path]);
    revertedProtected.push(entry.path);
  }
  const paths = entries.filter((e) => !isProtected(e.path)).map((e) => e.path);
  // Intent-to-add makes new files show up in `git diff` without staging their content.
  const untracked = entries.filter((e) => e.untracked && !isProtected(e.path)).map((e) => e.path);
  if (untracked.length > 0) await checkout.git(["add", "--intent-to-add", "--", ...untracked]);
  const patch = paths.length > 0 ? await checkout.gitDiff(["--no-color", "HEAD", "--", ...paths]) : "";
  return { paths, leftAsFound, revertedProtected, patch };
}

/** Each path that differs from HEAD (changed, deleted or untracked), with a fingerprint of what it holds. */
export type WorkingTreeState = ReadonlyMap<string, string>;

/**
 * The checkout's differences from HEAD before the session: files an earlier step of the job left or
 * changed (google-github-actions/auth's credentials file, a formatter's rewrite, a build's output).
 * They are not the agent's work; collectWorkingTreeChanges leaves out each one still the same after.
 */
export async function workingTreeState(checkout: GitCheckout): Promise<WorkingTreeState> {
  const status = await checkout.git(["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  const state = new Map<string, string>();
  for (const entry of parsePorcelain(status))
    state.set(entry.path, await fingerprint(checkout.dir, entry.path));
  return state;
}

/** What a path holds: gone, a link's target, or a file's content hash (a directory: a submodule, by name). */
async function fingerprint(root: string, relative: string): Promise<string> {
  const file = join(root, relative);
  const info = await lstat(file).catch(() => undefined);
  if (!info) return "gone";
  if (info.isSymbolicLink()) return `link:${await readlink(file)}`;
  if (!info.isFile()) return `other:${info.mode}`;
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `file:${info.mode & 0o777}:${hash.digest("hex")}`;
}

export function isProtected(path: string): boolean {
  return (
    PROTECTED_PATHS.some((pattern) => pattern.test(path)) || isAgentConfig(path) || isHostGitSteering(path)
  );
}

function parsePorcelain(output: string): { path: string; untracked: boolean }[] {
  const fields = output.split("\0").filter((f) => f.length > 0);
  const entries: { path: string; untracked: boolean }[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] ?? "";
    const code = field.slice(0, 2);
    entries.push({ path: field.slice(3), untracked: code === "??" });
    // A rename or copy is followed by its source path, which is not a change of its own.
    if (code[0] === "R" || code[0] === "C") i++;
  }
  return entries;
}
