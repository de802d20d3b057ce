import { realpath } from "node:fs/promises";
import path from "node:path";

/** Where a tool's path really points, relative to the workspace (symlinks and `..` resolved). */
export type ConfinedPath =
  | { inside: true; absolute: string; relative: string }
  | { inside: false; absolute: string; relative: string };

/**
 * Where a workspace really is: its realpath, or its spelling while it does not exist yet. A policy
 * resolves this once per session, before the agent runs (ToolPolicy.pinRoot), and never again: the
 * agent may own the workspace, and a workspace swapped for a link later must not move the confinement.
 */
export async function realWorkspaceRoot(workspace: string): Promise<string> {
  return realpathOrSelf(path.resolve(workspace));
}

/**
 * Resolves `candidate` against the workspace the way the tool will see it, following symlinks of
 * every existing ancestor, so `src/../../etc/passwd` or a symlink pointing out of the checkout is
 * judged by its real target rather than by its spelling. `realRoot` is taken as it is (see
 * realWorkspaceRoot): a root that is itself a link confines nothing through it, so it fails closed.
 */
export async function confinePath(realRoot: string, candidate: string): Promise<ConfinedPath> {
  const root = path.resolve(realRoot);
  const absolute = await realpathOfNearestAncestor(path.resolve(root, candidate));
  const relative = path.relative(root, absolute);
  // Stryker disable next-line ConditionalExpression,StringLiteral: "" (the root itself) passes the checks below too; the test is the short cut
  const isRoot = relative === "";
  const climbs = relative === ".." || relative.startsWith(`..${path.sep}`);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: path.relative of two absolute POSIX paths is never absolute
  const otherRoot = path.isAbsolute(relative);
  const inside = isRoot || (!climbs && !otherRoot);
  // Stryker disable next-line MethodExpression,StringLiteral: on POSIX the separator already is "/"
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
      // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: "/" always has a realpath, so the top is never reached
      if (parent === current) return p;
      tail.push(path.basename(current));
      current = parent;
    }
  }
}
