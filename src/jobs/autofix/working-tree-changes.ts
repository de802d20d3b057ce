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
  options: { leaveAlone?: string[] } = {},
): Promise<WorkingTreeChanges> {
  const status = await checkout.git(["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  const leaveAlone = new Set(options.leaveAlone ?? []);
  const entries = parsePorcelain(status).filter((e) => !leaveAlone.has(e.path));
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
  return { paths, revertedProtected, patch };
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
