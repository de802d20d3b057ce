import { chmod, copyFile, lstat, mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { join, sep } from "node:path";

export interface AppliedWorkspace {
  written: string[];
  deleted: string[];
  /** Paths not applied because they would write through a symlink or into `.git`. */
  refused: string[];
}

/**
 * Brings the agent's edits back into the orchestrator's checkout. The agent is hostile once it read the
 * PR, and the orchestrator holds the secrets and runs git with the push token in this directory, so:
 * nothing under `.git` is taken (hooks or config from the agent would run here), only regular files
 * are written, never through a symlink (a repository link to `/` would otherwise let the agent write
 * anywhere on this machine), and a file the agent removed is deleted only if it is a regular file.
 * `resultDir` holds only regular files (unpackRegularFiles).
 */
export async function applyAgentWorkspace(
  checkout: string,
  resultDir: string,
  resultFiles: string[],
): Promise<AppliedWorkspace> {
  const applied: AppliedWorkspace = { written: [], deleted: [], refused: [] };
  const returned = new Set<string>();
  for (const rel of resultFiles) {
    if (isGitPath(rel)) continue;
    returned.add(rel);
    const target = join(checkout, rel);
    if (!(await safeToWrite(checkout, rel))) {
      applied.refused.push(rel);
      continue;
    }
    const source = join(resultDir, rel);
    if (await sameContent(source, target)) continue;
    await rm(target, { force: true });
    await copyFile(source, target);
    // Only the executable bit carries over (git tracks nothing else).
    await chmod(target, (await stat(source)).mode & 0o111 ? 0o755 : 0o644);
    applied.written.push(rel);
  }
  for (const rel of await regularFilesUnder(checkout)) {
    if (returned.has(rel) || isGitPath(rel)) continue;
    await rm(join(checkout, rel), { force: true });
    applied.deleted.push(rel);
  }
  return applied;
}

function isGitPath(rel: string): boolean {
  return rel === ".git" || rel.startsWith(".git/");
}

/** Every existing component of the path below the checkout is a real directory, and the leaf no link. */
async function safeToWrite(checkout: string, rel: string): Promise<boolean> {
  const parts = rel.split("/");
  let current = checkout;
  for (let i = 0; i < parts.length; i++) {
    current = join(current, parts[i]!);
    let info: Awaited<ReturnType<typeof lstat>>;
    try {
      info = await lstat(current);
    } catch {
      // Missing: created below as a real directory / file.
      await mkdirParents(checkout, parts.slice(0, parts.length - 1));
      return true;
    }
    if (info.isSymbolicLink()) return false;
    if (i < parts.length - 1 && !info.isDirectory()) return false;
    if (i === parts.length - 1 && !info.isFile()) return false;
  }
  return true;
}

async function mkdirParents(checkout: string, dirs: string[]): Promise<void> {
  if (dirs.length > 0) await mkdir(join(checkout, ...dirs), { recursive: true });
}

async function sameContent(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([readFile(a), readFile(b)]);
    return x.equals(y);
  } catch {
    return false;
  }
}

async function regularFilesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(root.length + 1)
        .split(sep)
        .join("/"),
    );
}
