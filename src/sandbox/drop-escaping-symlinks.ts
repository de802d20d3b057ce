import { readdir, readlink, realpath, unlink } from "node:fs/promises";
import path from "node:path";

/** Kernel file systems that expose processes, devices and their secrets (`/proc/<pid>/environ`). */
const KERNEL_TREES = ["/proc", "/sys", "/dev"];

/**
 * Removes every symlink under `root` whose target leaves it, or points into /proc, /sys or /dev,
 * and returns their paths relative to `root`. Run it on an untrusted checkout (a fork's head)
 * before the agent reads it: a planted `notes -> /proc/self/environ` or `pp -> /proc` then no
 * longer exists for any tool, whatever the tool policy misses. Links that stay inside are kept.
 * Links are never followed while walking, and `.git` is skipped (a checkout does not write links
 * there; the pull request cannot).
 */
export async function dropEscapingSymlinks(root: string): Promise<string[]> {
  const realRoot = await realpath(root);
  const dropped: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        if (await escapes(realRoot, full)) {
          await unlink(full);
          dropped.push(path.relative(realRoot, full).split(path.sep).join("/"));
        }
      } else if (entry.isDirectory() && !(dir === realRoot && entry.name === ".git")) {
        await walk(full);
      }
    }
  };
  await walk(realRoot);
  return dropped.sort();
}

async function escapes(realRoot: string, link: string): Promise<boolean> {
  let target: string;
  try {
    target = await realpath(link);
  } catch {
    // Dangling (or a loop): judge the text of the link; a target that appears later is still outside.
    target = path.resolve(path.dirname(link), await readlink(link));
  }
  if (KERNEL_TREES.some((tree) => target === tree || target.startsWith(`${tree}/`))) return true;
  const relative = path.relative(realRoot, target);
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
