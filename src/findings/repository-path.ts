/**
 * The one rule for a finding's path: relative to the repository root (no leading "/") and no ".."
 * segment. A ".." inside a name (`a..b.ts`) is a legal file name and stays accepted.
 * Returns what is wrong, or undefined for a good path.
 */
export function repositoryPathProblem(path: unknown): string | undefined {
  if (typeof path !== "string" || path.trim() === "") return "must be a non-empty path";
  if (path.startsWith("/") || path.split("/").includes("..")) {
    return `must be repository-relative, got "${path}"`;
  }
  return undefined;
}
