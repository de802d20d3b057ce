import type { GitCheckout } from "./git-checkout.js";

/** Files that steer the agent: instructions, settings, hooks, MCP servers. */
export const AGENT_CONFIG_PATHS = [".claude", "CLAUDE.md", "CLAUDE.local.md", ".mcp.json"];

export interface PinnedAgentConfig {
  /** Paths whose PR-head version was replaced by the base version (or removed: not in base). */
  changed: string[];
  /** Puts the head versions back, so the checkout is as the workflow left it. */
  restore(): Promise<void>;
}

/**
 * Makes the agent read its configuration from the base branch, not from the PR head: a PR must not
 * be able to rewrite the instructions, hooks or MCP servers of the session that reviews it.
 */
export async function pinAgentConfigToBase(
  checkout: GitCheckout,
  baseSha: string,
  headSha: string,
): Promise<PinnedAgentConfig> {
  const differing = splitZ(
    await checkout.git(["diff", "--name-only", "-z", baseSha, headSha, "--", ...AGENT_CONFIG_PATHS]),
  );
  if (differing.length === 0) return { changed: [], restore: async () => {} };
  const [inBase, inHead] = await Promise.all(
    [baseSha, headSha].map((sha) => treePaths(checkout, sha, differing)),
  );
  const baseVersions = differing.filter((p) => inBase?.has(p));
  const headOnly = differing.filter((p) => !inBase?.has(p));
  if (baseVersions.length > 0) await checkout.git(["checkout", baseSha, "--", ...baseVersions]);
  if (headOnly.length > 0) await checkout.git(["rm", "-q", "-f", "--", ...headOnly]);
  return {
    changed: differing,
    restore: async () => {
      const headVersions = differing.filter((p) => inHead?.has(p));
      const baseOnly = differing.filter((p) => !inHead?.has(p));
      if (headVersions.length > 0) await checkout.git(["checkout", headSha, "--", ...headVersions]);
      if (baseOnly.length > 0) await checkout.git(["rm", "-q", "-f", "--", ...baseOnly]);
      await checkout.git(["reset", "-q", "--", ...differing]);
    },
  };
}

async function treePaths(checkout: GitCheckout, sha: string, paths: string[]): Promise<Set<string>> {
  return new Set(splitZ(await checkout.git(["ls-tree", "-r", "-z", "--name-only", sha, "--", ...paths])));
}

function splitZ(output: string): string[] {
  return output.split("\0").filter(Boolean);
}
