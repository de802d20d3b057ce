import type { ChangedFile } from "../shared/prompt-blocks.js";

/**
 * How much a changed file matters to a review that cannot read everything (lower is riskier):
 * what runs in CI or with privileges, and code that touches credentials, access or untrusted input,
 * come first; code next; configuration; tests; documentation, lockfiles and generated files last.
 */
export function riskTier(path: string): number {
  const lower = path.toLowerCase();
  const name = lower.slice(lower.lastIndexOf("/") + 1);
  if (LAST.some((pattern) => pattern.test(lower))) return 4;
  if (lower.startsWith(".github/workflows/") || lower.startsWith(".github/actions/")) return 0;
  if (/^(dockerfile|makefile)$|\.(sh|bash|ps1)$/.test(name)) return 0;
  if (TESTS.some((pattern) => pattern.test(lower))) return 3;
  if (SENSITIVE.test(lower)) return 0;
  if (CODE.test(name)) return 1;
  return 2;
}

const LAST = [
  /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|cargo\.lock|go\.sum|poetry\.lock|gemfile\.lock)$/,
  /\.(md|mdx|rst|txt|adoc|png|jpe?g|gif|svg|ico|snap|lock|min\.js|map)$/,
  /(^|\/)(docs?|dist|vendor|generated|__snapshots__)\//,
];
const TESTS = [/(^|\/)(tests?|__tests__|spec|e2e)\//, /[._-](test|spec)\.[a-z0-9]+$/, /_test\.go$/];
const SENSITIVE =
  /auth|crypt|secret|token|passw|credential|permission|acl|session|login|oauth|jwt|sanitiz|escape|sql|exec|shell|upload|deserial|admin|policy|sandbox|webhook|signature/;
const CODE =
  /\.(ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|kts|c|cc|cpp|h|hpp|rb|php|cs|swift|scala|sql|vue|svelte)$/;

/**
 * The changed files riskiest first: by tier, then by how many lines changed (a large change hides
 * more), then by path so the order is stable. A removed file comes after the kept ones of its tier.
 */
export function byRisk<T extends Pick<ChangedFile, "path" | "status" | "additions" | "deletions">>(
  files: readonly T[],
): T[] {
  const removed = (f: T) => (f.status === "removed" ? 1 : 0);
  const size = (f: T) => (f.additions ?? 0) + (f.deletions ?? 0);
  return [...files].sort(
    (a, b) =>
      riskTier(a.path) - riskTier(b.path) ||
      removed(a) - removed(b) ||
      size(b) - size(a) ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}
