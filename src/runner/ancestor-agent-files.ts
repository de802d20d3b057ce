import path from "node:path";

/**
 * The CLI's `claudeMdExcludes` for every directory above the agent's working directory. 2.1.235
 * (without --bare) loads CLAUDE.md, CLAUDE.local.md, .claude/CLAUDE.md and .claude/rules from each of
 * them, following links, as its own uid. Those directories are the temp root's parents: the host's
 * TMPDIR (/tmp) or a door's work root, which other users and earlier jobs write. The checkout's own
 * files, at and below the working directory, are not touched: they are the PR base's
 * (agent-config.ts). Spelled and real paths both, since the CLI matches absolute paths.
 */
export function ancestorAgentFileExcludes(...workingDirectories: string[]): string[] {
  const ancestors = new Set<string>();
  for (const dir of workingDirectories) {
    for (let current = path.dirname(path.resolve(dir)); ; current = path.dirname(current)) {
      ancestors.add(current);
      if (path.dirname(current) === current) break;
    }
  }
  return [...ancestors].flatMap((dir) => {
    const base = dir === path.sep ? "" : escapeGlob(dir);
    return AGENT_FILES.map((file) => `${base}/${file}`);
  });
}

/** What the CLI loads from a directory above its working directory (measured on 2.1.235). */
const AGENT_FILES = ["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md", ".claude/rules/**"];

/** The CLI matches with picomatch: a directory's own `*`, `[` or `(` must not act as a pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}
