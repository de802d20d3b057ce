import { execFile } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { projectSlug } from "../../protocol/index.js";
import {
  AGENT_CONFIG_PATHSPECS_EXCLUDED,
  isAgentConfig,
  type PinnedAgentConfig,
  pinAgentConfig,
} from "./agent-config.js";
import { systemToolsEnvironment, withClosedSearchPath } from "./agent-search-path.js";
import { writeCredentialFreeConfig } from "./checkout-credentials.js";
import { runHostGit } from "./host-git.js";
import { HOST_GIT_STEERING_PATHSPECS_EXCLUDED, isHostGitSteering } from "./host-git-steering.js";
import { leaveOutCredentialFiles, leaveOutNamedFiles } from "./workspace-credential-files.js";

const run = promisify(execFile);

/** Read-only for reviews and audits; autofix edits files. */
export type WorkspaceAccess = "read" | "write";

export interface AgentWorkspacePlan {
  /** The door's checkout (real path): the host's, possibly holding persisted credentials. */
  source: string;
  /** The directory to create for the agent, inside the session's own temp root. */
  into: string;
  access: WorkspaceAccess;
  /**
   * Hard links instead of copies. Only for a read-only agent under another uid: the files stay the
   * host's, so the agent reads them and cannot change them (or the source through them).
   */
  shareInodes: boolean;
  /** The host's environment, which git runs in. */
  hostEnv: Record<string, string | undefined>;
  /** Credentials files (real paths) that the copy must not carry where they lie inside the source. */
  leaveOut?: readonly string[];
  /**
   * A commit of the source's repository whose agent configuration (CLAUDE.md, `.claude`, `.mcp.json`,
   * at any depth) the copy carries instead of the checkout's (agent-config.ts): a PR's base, so the
   * PR's head cannot configure the agent that reads it. The agent's edits of those files never come back.
   */
  agentConfigFrom?: string;
}

export interface AgentWorkspace {
  /** The agent's working directory: a copy of the source's tree and `.git`, without credentials. */
  dir: string;
  /** Settings of the source's git config files that the copy left out (names only). */
  keptOut: string[];
  /** Credentials files an earlier step left at the checkout's root, not copied (leaveOutCredentialFiles). */
  credentialFilesLeftOut: string[];
  /**
   * Write access: the agent's edits (added, changed, deleted files, non-ignored) applied to the
   * source checkout, computed by the host's own git over the copy's files. Returns the paths changed.
   */
  returnEdits(): Promise<string[]>;
  /** After returnEdits: the agent's edits it did not bring back (see isHostGitSteering), by path. */
  readonly editsLeftOut: string[];
  /** What agentConfigFrom changed in the copy. */
  agentConfig?: PinnedAgentConfig;
}

/** Every file in a git directory that git reads as configuration; each is rewritten from an allowlist. */
const CONFIG_FILE_NAMES = new Set(["config", "config.worktree"]);
/**
 * What the copy of a git directory keeps besides its config files: history, refs, the index and
 * the state git needs to read them. Everything else is left out: hooks (commands), reflogs and
 * FETCH_HEAD (they may name remote URLs), lock files, and any file a tool put there (a credential
 * store kept in `.git/credentials`, say), since what is not known here cannot be vouched for.
 */
const GIT_DIR_ENTRIES = new Set([
  ...CONFIG_FILE_NAMES,
  "HEAD",
  "ORIG_HEAD",
  "MERGE_HEAD",
  "CHERRY_PICK_HEAD",
  "REVERT_HEAD",
  "description",
  "index",
  "info",
  "objects",
  "refs",
  "packed-refs",
  "shallow",
  "commondir",
  "gitdir",
  "lfs",
  "modules",
  "worktrees",
]);

/**
 * The agent works in its own copy of the checkout, never in the runner's: the working tree as the
 * door left it (uncommitted and ignored files included, so test commands find their dependencies)
 * and a `.git` whose config files are written fresh from an allowlist. Persisted credentials
 * (actions/checkout's `extraheader`, credential helpers, included files) therefore never exist
 * anywhere in what the agent is given. Any failure throws; the caller stops the session.
 */
export async function makeAgentWorkspace(plan: AgentWorkspacePlan): Promise<AgentWorkspace> {
  const sourceGit = path.join(plan.source, ".git");
  const gitEntry = await lstat(sourceGit).catch(() => undefined);
  if (gitEntry && !gitEntry.isDirectory()) {
    throw new Error(
      `${sourceGit} is not a directory (a linked worktree or a submodule): the agent's copy cannot be made credential-free from it; run in the repository's main checkout`,
    );
  }
  if (plan.agentConfigFrom !== undefined && !gitEntry) {
    throw new Error(
      `${plan.source} is not a git checkout, so the agent configuration of ${plan.agentConfigFrom} cannot be given to the agent`,
    );
  }
  await mkdir(plan.into, { recursive: true });
  await copyTree(plan.source, plan.into, plan.shareInodes);
  // Before the snapshot below: what the copy starts without is never an edit to bring back.
  const credentialFilesLeftOut = [
    ...(await leaveOutCredentialFiles(plan.into)),
    ...(await leaveOutNamedFiles(plan.source, plan.into, plan.leaveOut ?? [])),
  ];
  // git is found through the host's PATH, less what the checkout could hold (agent-search-path.ts).
  const keptOut = gitEntry
    ? await cleanGitDir(
        sourceGit,
        path.join(plan.into, ".git"),
        withClosedSearchPath(plan.hostEnv, [plan.source, plan.into]),
      )
    : [];
  const agentConfig =
    plan.agentConfigFrom === undefined
      ? undefined
      : await pinAgentConfig({
          sourceGit,
          copy: plan.into,
          commit: plan.agentConfigFrom,
          hostEnv: plan.hostEnv,
        });
  // Snapshot the copy as it starts (the source's files, the pinned configuration), so what comes back
  // is the agent's edits only, never a file the host itself writes into the source meanwhile.
  const snapshots =
    plan.access === "write"
      ? await EditSnapshots.start(plan.into, plan.hostEnv, agentConfig !== undefined)
      : undefined;
  const editsLeftOut: string[] = [];
  return {
    dir: plan.into,
    keptOut,
    credentialFilesLeftOut,
    editsLeftOut,
    ...(agentConfig ? { agentConfig } : {}),
    returnEdits: async () => {
      if (!snapshots) return [];
      const { applied, leftOut } = await snapshots.returnTo(plan.source);
      editsLeftOut.push(...leftOut);
      return applied;
    },
  };
}

/** `cp -a` keeps modes, times and symlinks as they are; `-l` links files, falling back to copies across devices. */
async function copyTree(source: string, into: string, shareInodes: boolean): Promise<void> {
  const copy = (link: boolean) =>
    run("cp", ["-a", ...(link ? ["-l"] : ["--reflink=auto"]), "--", `${source}/.`, `${into}/`], {
      maxBuffer: 16 * 1024 * 1024,
      env: systemToolsEnvironment(),
    });
  if (shareInodes) {
    try {
      await copy(true);
      return;
    } catch (error) {
      if (!/cross-device|EXDEV/i.test(String((error as { stderr?: string }).stderr ?? error))) throw error;
      await rm(into, { recursive: true, force: true });
      await mkdir(into, { recursive: true });
    }
  }
  await copy(false);
}

/**
 * Cleans one git directory of the copy (`.git`, then each submodule's and linked worktree's git
 * directory under `modules/` and `worktrees/`): keeps only GIT_DIR_ENTRIES and rewrites each config
 * file from the source's. Returns the settings left out (names only).
 */
async function cleanGitDir(
  sourceGit: string,
  copyGit: string,
  gitEnv: NodeJS.ProcessEnv,
  relative = "",
): Promise<string[]> {
  const keptOut: string[] = [];
  for (const entry of await readdir(path.join(copyGit, relative), { withFileTypes: true })) {
    const rel = path.join(relative, entry.name);
    if (!GIT_DIR_ENTRIES.has(entry.name)) {
      await rm(path.join(copyGit, rel), { recursive: true, force: true });
    } else if (CONFIG_FILE_NAMES.has(entry.name)) {
      if (!entry.isFile()) {
        throw new Error(`${path.join(sourceGit, rel)} is not a regular file; the agent's copy was not made`);
      }
      const hidden = await writeCredentialFreeConfig(
        path.join(sourceGit, rel),
        path.join(copyGit, rel),
        gitEnv,
      );
      keptOut.push(...hidden.map((key) => (rel === "config" ? key : `${key} (${rel})`)));
    } else if ((entry.name === "modules" || entry.name === "worktrees") && entry.isDirectory()) {
      keptOut.push(...(await cleanNestedGitDirs(sourceGit, copyGit, gitEnv, rel)));
    }
  }
  return [...new Set(keptOut)];
}

/**
 * Below `modules/` or `worktrees/`: a directory holding HEAD is a git directory and is cleaned like
 * `.git`; any other directory is only a path to one (a submodule's name may have slashes), so its
 * files are left out and its directories looked into.
 */
async function cleanNestedGitDirs(
  sourceGit: string,
  copyGit: string,
  gitEnv: NodeJS.ProcessEnv,
  relative: string,
): Promise<string[]> {
  const keptOut: string[] = [];
  for (const entry of await readdir(path.join(copyGit, relative), { withFileTypes: true })) {
    const rel = path.join(relative, entry.name);
    if (!entry.isDirectory()) {
      await rm(path.join(copyGit, rel), { force: true });
      continue;
    }
    const isGitDir = await lstat(path.join(copyGit, rel, "HEAD")).then(
      () => true,
      () => false,
    );
    keptOut.push(
      ...(isGitDir
        ? await cleanGitDir(sourceGit, copyGit, gitEnv, rel)
        : await cleanNestedGitDirs(sourceGit, copyGit, gitEnv, rel)),
    );
  }
  return keptOut;
}

/**
 * The agent's edits, brought back by the host's git in a scratch repository of its own (never the
 * copy's `.git`, which the agent could have changed, nor the source's, whose hooks and config are
 * the workflow's). The copy is snapshotted into its object store when the session starts and when
 * it ends, and the difference is applied to the source. Works the same for a directory that is not
 * a checkout. Ignored files do not come back. The scratch directory is the host's (mode 0700) inside
 * the session's temp root, out of the agent's reach.
 */
/** One scratch index for both snapshots of the copy. */
const INDEX = "copy-index";

class EditSnapshots {
  private constructor(
    private readonly copy: string,
    private readonly scratch: string,
    private readonly hostEnv: Record<string, string | undefined>,
    private readonly before: string,
    /** The copy's agent configuration is not the source's (pinned): edits of it never come back. */
    private readonly agentConfigPinned: boolean,
  ) {}

  static async start(
    copy: string,
    hostEnv: Record<string, string | undefined>,
    agentConfigPinned: boolean,
  ): Promise<EditSnapshots> {
    const scratch = await mkdtemp(path.join(path.dirname(copy), "edits-"));
    await EditSnapshots.git(scratch, hostEnv, ["init", "-q", "--bare"]);
    const before = await EditSnapshots.snapshot(scratch, hostEnv, copy, INDEX);
    return new EditSnapshots(copy, scratch, hostEnv, before, agentConfigPinned);
  }

  private notReturned(name: string): boolean {
    return isHostGitSteering(name) || (this.agentConfigPinned && isAgentConfig(name));
  }

  async returnTo(source: string): Promise<{ applied: string[]; leftOut: string[] }> {
    try {
      // The same index again: git hashes only what changed since the start (its stat data differs).
      const after = await EditSnapshots.snapshot(this.scratch, this.hostEnv, this.copy, INDEX);
      if (after === this.before) return { applied: [], leftOut: [] };
      const git = (args: string[], extra: { workTree?: string; index?: string } = {}) =>
        EditSnapshots.git(this.scratch, this.hostEnv, args, extra);
      const names = (await git(["diff", "--no-ext-diff", "--name-only", "-z", this.before, after])).stdout
        .split("\0")
        .filter(Boolean);
      const leftOut = names.filter((name) => this.notReturned(name));
      const applied = names.filter((name) => !this.notReturned(name));
      if (applied.length === 0) return { applied, leftOut };
      const patch = path.join(this.scratch, "edits.patch");
      await git([
        "diff",
        "--no-ext-diff",
        "--no-textconv",
        "--binary",
        "--no-renames",
        `--output=${patch}`,
        this.before,
        after,
        // As pathspecs: a list of every edited path could outgrow a command line.
        "--",
        ...HOST_GIT_STEERING_PATHSPECS_EXCLUDED,
        ...(this.agentConfigPinned ? AGENT_CONFIG_PATHSPECS_EXCLUDED : []),
      ]);
      await git(["apply", "--binary", "--whitespace=nowarn", patch], {
        workTree: source,
        index: "apply-index",
      });
      return { applied, leftOut };
    } finally {
      await rm(this.scratch, { recursive: true, force: true });
    }
  }

  private static async snapshot(
    scratch: string,
    hostEnv: Record<string, string | undefined>,
    workTree: string,
    index: string,
  ): Promise<string> {
    await EditSnapshots.git(scratch, hostEnv, ["add", "-A", "--", "."], { workTree, index });
    return (await EditSnapshots.git(scratch, hostEnv, ["write-tree"], { index })).stdout.trim();
  }

  private static git(
    scratch: string,
    hostEnv: Record<string, string | undefined>,
    args: string[],
    extra: { workTree?: string; index?: string } = {},
  ) {
    // The agent writes the copy's `.gitattributes`: this git runs none of its drivers (host-git.ts).
    return runHostGit(args, {
      hostEnv,
      gitDir: path.join(scratch, "snapshots.git"),
      ...(extra.workTree
        ? // git apply patches paths relative to its cwd, so it runs at the top of the tree.
          { workTree: extra.workTree, cwd: extra.workTree }
        : {}),
      ...(extra.index ? { indexFile: path.join(scratch, extra.index) } : {}),
    });
  }
}

/**
 * The CLI keys transcripts by its cwd's real path: a restored transcript filed under the source's
 * path moves to the copy's before the session, and back after it, so the session store never sees
 * the difference.
 */
export async function moveTranscripts(configDir: string, fromCwd: string, toCwd: string): Promise<void> {
  const projects = path.join(configDir, "projects");
  const from = path.join(projects, projectSlug(fromCwd));
  const to = path.join(projects, projectSlug(toCwd));
  // After a session the config dir has been the agent's: a link left for `projects` would make the
  // removal and the rename below act wherever it points, as the host. (The agent's own files are
  // handed back first, so it can no longer change the directory while this runs.)
  const projectsEntry = await lstat(projects).catch(() => undefined);
  if (!projectsEntry) return;
  if (!projectsEntry.isDirectory()) {
    const what = projectsEntry.isSymbolicLink() ? "a symbolic link" : "not a directory";
    throw new Error(`${projects} is not a directory of its own (${what}); nothing was moved or removed`);
  }
  if (from === to || !(await lstat(from).catch(() => undefined))) return;
  await rm(to, { recursive: true, force: true });
  await rename(from, to);
}
