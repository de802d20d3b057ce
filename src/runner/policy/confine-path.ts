import { realpath } from "node:fs/promises";
import path from "node:path";

/** Where a tool's path really points, relative to the workspace (symlinks and `..` resolved). */
export type ConfinedPath =
  | { inside: true; absolute: string; relative: string }
  | { inside: false; absolute: string; relative: string };

/**
 * Resolves `candidate` against the workspace the way the tool will see it, following symlinks of
 * every existing ancestor, so `src/../../etc/passwd` or a symlink pointing out of the checkout is
 * judged by its real target rather than by its spelling.
 */
export async function confinePath(workspace: string, candidate: string): Promise<ConfinedPath> {
  const root = await realpathOrSelf(path.resolve(workspace));
  const absolute = await realpathOfNearestAncestor(path.resolve(root, candidate));
  const relative = path.relative(root, absolute);
  const inside =
    relative === "" ||
    (!relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative));
  return { inside, absolute, relative: relative.split(path.sep).join("/") };
}

async function realpathOrSelf(p: string): Promise<string> {
  try {
    return await realpath(p);
  } catch {
    return p;
  }
}

/** A file about to be created has no realpath; resolve its deepest existing ancestor instead. */
async function realpathOfNearestAncestor(p: string): Promise<string> {
  const tail: string[] = [];
  let current = p;
  for (;;) {
    try {
      const real = await realpath(current);
      return tail.length ? path.join(real, ...tail.reverse()) : real;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return p;
      tail.push(path.basename(current));
      current = parent;
    }
  }
}
