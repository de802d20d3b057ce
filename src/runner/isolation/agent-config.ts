import { execFile } from "node:child_process";
import { chmod, lstat, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { readHostGitBlob, runHostGit } from "./host-git.js";

const run = promisify(execFile);

/**
 * Names the CLI reads as its own configuration from a working tree, at any depth: CLAUDE.md and
 * CLAUDE.local.md (instructions; nested ones load when the agent reads files below them), `.claude/`
 * (settings with hooks, `env`, `apiKeyHelper`; skills, agents, commands) and `.mcp.json` (programs
 * to start). Compared without case: a case-insensitive file system opens `claude.md` as CLAUDE.md.
 */
const AGENT_CONFIG_FILE_NAMES = new Set(["claude.md", "claude.local.md", ".mcp.json"]);
const AGENT_CONFIG_DIR_NAME = ".claude";

/** Whether a repository path is, or lies inside, configuration the CLI reads (see above). */
export function isAgentConfig(file: string): boolean {
  const segments = file.toLowerCase().split("/");
  const name = segments.at(-1) ?? "";
  return segments.includes(AGENT_CONFIG_DIR_NAME) || AGENT_CONFIG_FILE_NAMES.has(name);
}

/** The same paths as git pathspecs that leave them out (`git diff -- . <these>`). */
export const AGENT_CONFIG_PATHSPECS_EXCLUDED = [
  ":(exclude,glob,icase)**/.claude",
  ":(exclude,glob,icase)**/.claude/**",
  ...[...AGENT_CONFIG_FILE_NAMES].map((name) => `:(exclude,glob,icase)**/${name}`),
];

export interface PinnedAgentConfig {
  /** What the copy held and lost (the door's checkout's versions: the PR head's, untracked files too). */
  removed: string[];
  /** What the commit holds, written into the copy. */
  written: string[];
  /** Entries of the commit not written, and why (a path through a link, a submodule). */
  skipped: string[];
}

/**
 * Makes the agent's copy carry exactly `commit`'s agent configuration, whatever the door's checkout
 * holds: every agent configuration file or directory in the copy, at any depth (tracked, untracked,
 * ignored, inside submodules), is removed, then the commit's are written from the source's object
 * store. A PR's head can then neither add hooks, MCP servers or instructions nor change the base's.
 *
 * Runs before the agent starts, on the host's copy: nothing else writes there. Nothing is written
 * through a link: entries are created new (O_EXCL), and a path whose directory in the copy is a
 * link, or not a directory, is skipped. Files shared with the source by hard link are unlinked,
 * never overwritten. Throws when the commit is not in the source's repository.
 */
export async function pinAgentConfig(plan: {
  /** The source checkout's git directory (the host's, holding the commit). */
  sourceGit: string;
  /** The agent's copy, not yet handed over. */
  copy: string;
  commit: string;
  hostEnv: Record<string, string | undefined>;
}): Promise<PinnedAgentConfig> {
  const git = { hostEnv: plan.hostEnv, gitDir: plan.sourceGit };
  const resolved = await runHostGit(
    ["rev-parse", "--verify", "--quiet", `${plan.commit}^{commit}`],
    git,
  ).then(
    ({ stdout }) => stdout.trim(),
    () => "",
  );
  if (!resolved) {
    throw new Error(
      `the commit ${plan.commit} whose agent configuration (CLAUDE.md, .claude, .mcp.json) the agent reads is not in ${plan.sourceGit}`,
    );
  }
  const removed = await removeAgentConfig(plan.copy);
  const written: string[] = [];
  const skipped: string[] = [];
  // ls-tree takes no pathspec magic: the whole tree, filtered here by the same rule.
  const listing = await runHostGit(["ls-tree", "-r", "-z", "--full-tree", resolved], git);
  for (const record of listing.stdout.split("\0").filter(Boolean)) {
    const tab = record.indexOf("\t");
    const file = record.slice(tab + 1);
    if (!isAgentConfig(file)) continue;
    const [mode = "", type = "", oid = ""] = record.slice(0, tab).split(" ");
    if (type !== "blob") {
      skipped.push(`${file} (a submodule)`);
      continue;
    }
    const target = path.join(plan.copy, file);
    if (!(await directoryInside(plan.copy, path.dirname(target)))) {
      skipped.push(`${file} (its directory in the checkout is a link or a file)`);
      continue;
    }
    const content = await readHostGitBlob(oid, git);
    if (mode === "120000") await symlink(content.toString("utf8"), target);
    else {
      await writeFile(target, content, { flag: "wx" });
      // Explicit modes, whatever the host's umask: an agent under its own uid must read them.
      await chmod(target, mode === "100755" ? 0o755 : 0o644);
    }
    written.push(file);
  }
  return { removed, written, skipped };
}

/**
 * Removes every agent configuration entry in `copy` (see isAgentConfig), `.git` directories left
 * alone. `find` walks without following links; a link named CLAUDE.md is removed, not what it names.
 */
async function removeAgentConfig(copy: string): Promise<string[]> {
  const { stdout } = await run(
    "find",
    [
      copy,
      "-name",
      ".git",
      "-prune",
      "-o",
      "(",
      "-iname",
      AGENT_CONFIG_DIR_NAME,
      ...[...AGENT_CONFIG_FILE_NAMES].flatMap((name) => ["-o", "-iname", name]),
      ")",
      "-prune",
      "-print0",
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const found = stdout.split("\0").filter(Boolean);
  for (const entry of found) await rm(entry, { recursive: true, force: true });
  return found.map((entry) => path.relative(copy, entry)).sort();
}

/**
 * Makes `dir` (inside `root`) a real directory, creating what is missing; false when a component
 * below `root` is a link or not a directory, so nothing is ever created through one.
 */
async function directoryInside(root: string, dir: string): Promise<boolean> {
  let current = root;
  for (const segment of path.relative(root, dir).split(path.sep).filter(Boolean)) {
    current = path.join(current, segment);
    const entry = await lstat(current).catch(() => undefined);
    if (!entry) {
      await mkdir(current);
      await chmod(current, 0o755);
    } else if (!entry.isDirectory()) return false;
  }
  return true;
}

/** The session's note on what the agent was given instead of the checkout's configuration. */
export function agentConfigNote(commit: string, pinned: PinnedAgentConfig): string {
  const list = (paths: string[]) => (paths.length > 0 ? paths.join(", ") : "none");
  return (
    `the agent read the agent configuration (CLAUDE.md, .claude, .mcp.json) of ${commit}, not the checkout's: ` +
    `removed from its copy: ${list(pinned.removed)}; taken from ${commit}: ${list(pinned.written)}` +
    (pinned.skipped.length > 0 ? `; not given: ${pinned.skipped.join(", ")}` : "")
  );
}
