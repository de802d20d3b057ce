import { readdir, readlink, realpath, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Removes every symlink under `root` whose target leaves it (into /proc, /sys, /dev, $HOME or
 * anywhere else), and returns their paths relative to `root`. Run it on an untrusted checkout (a fork's head)
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
          // Stryker disable next-line MethodExpression,StringLiteral: on POSIX the separator already is "/"
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
  const relative = path.relative(realRoot, target);
  // Stryker disable next-line ConditionalExpression: path.relative of two absolute POSIX paths is never absolute
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
