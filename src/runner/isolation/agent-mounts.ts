import { mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
// Every path compared here is real or resolved (realpath, existingPaths), so "inside" is a string
// compare: these pairwise loops once ran Node's path normaliser hot enough for TurboFan (bench:overhead).
import { isInsideNormalized } from "./path-inside.js";

/**
 * The directories every local user may write, and read what others leave there: what a hostile agent
 * planted in them stayed for a self-hosted runner's later jobs (and the runner itself), and other
 * jobs' world-readable files in them were the agent's to read.
 */
export const SHARED_TEMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"] as const;

/** One `mount` the launch makes, as root, in the agent's own mount namespace before dropping to its user. */
export interface AgentMount {
  kind: "--bind" | "--rbind";
  source: string;
  target: string;
}

/**
 * What the agent's mount namespace puts over the host's directories:
 * - each shared temp dir gets a directory of the session's own under its temp root, the agent's to
 *   write, so what it leaves there is removed with the session;
 * - each hidden dir (the runner user's HOME, the runner's work and temp directories) gets an empty
 *   one it cannot list or write, so files there that the OS leaves readable (other repositories'
 *   checkouts on a self-hosted runner, credentials no list names) are out of its sight.
 * What the session needs from a covered dir is grafted back at its own path first: the session's
 * root (its HOME, TMPDIR and copy of the workspace), a config dir kept elsewhere, the CLI's own
 * install and directories added with --add-dir.
 */
export interface AgentMounts {
  /** The shared dirs' own directories, to hand to the agent's user with its other private dirs. */
  dirs: string[];
  /** In order: the grafts, then the covers, the one over the session's root's place last. */
  mounts: AgentMount[];
  /** The shared dirs it gets its own of, for the confinement line. */
  ownTemp: string[];
  /** The host's directories it sees empty, for the confinement line. */
  hidden: string[];
  /**
   * The directory the launch enters after the mounts, by path through them: the working directory it
   * was started in may lie under a covered dir (a clone in /tmp), where only the old mount has it.
   */
  enter: string;
}

/** What a launch needs of the plan to make the mounts. */
export type AgentMountPlan = Pick<AgentMounts, "mounts" | "enter">;

export async function planAgentMounts(
  sessionRoot: string,
  options: {
    /** Directories the agent needs at their own paths, wherever they are. */
    needed: readonly string[];
    /** The host's directories to hide; one that holds or lies in a shared temp dir, or is `/`, is not. */
    hidden: readonly string[];
    /** Its working directory, which must lie in the session's root or in a needed directory. */
    workDir: string;
  },
): Promise<AgentMounts> {
  const root = await realpath(sessionRoot);
  const keep = outermost(await existingPaths([root, ...options.needed]));
  const covers: Array<{ target: string; source: string; mode: number }> = [];
  for (const shared of SHARED_TEMP_DIRS) {
    // A shared dir the host does not have is nothing to cover; one that is a symlink (/var/tmp -> /tmp
    // on some images) is covered once, by its real path.
    const real = await existingDir(shared);
    if (!real || covers.some((c) => c.target === real)) continue;
    covers.push({ target: real, source: path.join(root, "own-temp", nameOf(real)), mode: 0o700 });
  }
  const ownTemp = covers.map((c) => c.target);
  // `/`, or a directory that holds or lies in a shared temp dir, is no runner directory to hide (and
  // would hide the session itself): left out before the outermost are chosen.
  const hideable = (dir: string) =>
    dir !== "/" &&
    !ownTemp.some((temp) => temp === dir || isInsideNormalized(temp, dir) || isInsideNormalized(dir, temp));
  for (const dir of outermost(await existingPaths(options.hidden), hideable)) {
    // Search permission only: the agent passes through to what is grafted inside, and lists nothing.
    covers.push({ target: dir, source: path.join(root, "hidden", nameOf(dir)), mode: 0o711 });
  }

  const grafts: AgentMount[] = [];
  for (const cover of covers) {
    await mkdir(cover.source, { recursive: true, mode: cover.mode });
    for (const dir of keep.filter((kept) => isInsideNormalized(kept, cover.target))) {
      // Bound onto its own path inside the cover, so the cover's recursive bind carries it along.
      const placeholder = path.join(cover.source, path.relative(cover.target, dir));
      await mkdir(placeholder, { recursive: true, mode: cover.mode });
      grafts.push({ kind: "--bind", source: dir, target: placeholder });
    }
  }
  return {
    dirs: covers.filter((c) => ownTemp.includes(c.target)).map((c) => c.source),
    mounts: [
      ...grafts,
      // Every cover's source lies under the session's root: the cover that hides the root's own
      // place (/tmp) goes last, so each other source is still reached through the host's view, with
      // the grafts inside it.
      ...[
        ...covers.filter((c) => !isInsideNormalized(root, c.target)),
        ...covers.filter((c) => isInsideNormalized(root, c.target)),
      ].map((c): AgentMount => ({ kind: "--rbind", source: c.source, target: c.target })),
    ],
    ownTemp,
    hidden: covers.filter((c) => !ownTemp.includes(c.target)).map((c) => c.target),
    enter: options.workDir,
  };
}

/** `/var/tmp` -> `var-tmp`. */
function nameOf(dir: string): string {
  return dir.slice(1).replaceAll("/", "-");
}

async function existingDir(dir: string): Promise<string | undefined> {
  const resolved = await realpath(dir).catch(() => undefined);
  return resolved && (await stat(resolved)).isDirectory() ? resolved : undefined;
}

/**
 * `dirs` that exist, each by the path it is named by and by its real path. Both: the CLI in a runner's
 * tool cache is named through a symlinked parent (`.../node_modules/@anthropic-ai/claude-code` -> the
 * install), and exec walks the path as named.
 */
async function existingPaths(dirs: readonly string[]): Promise<string[]> {
  const paths = new Set<string>();
  for (const dir of dirs) {
    const resolved = await existingDir(dir);
    if (!resolved) continue;
    paths.add(path.resolve(dir));
    paths.add(resolved);
  }
  return [...paths];
}

/** Those of `paths` that pass `keep`, without any that lies inside another. */
function outermost(paths: readonly string[], keep: (dir: string) => boolean = () => true): string[] {
  const kept = paths.filter(keep);
  return kept.filter((dir) => !kept.some((other) => isInsideNormalized(dir, other)));
}

/**
 * A POSIX shell, run as root as the namespace's first process: makes each mount (stopping at the first
 * that fails, so the CLI never starts without them), brings the network namespace's loopback up when
 * given `ip`, enters the working directory through the new mounts, then becomes the rest of its
 * arguments (setpriv, then the CLI).
 */
const MOUNT_THEN_EXEC =
  'set -e; enter=$1; lo=$2; shift 2; while [ "$1" != -- ]; do mount "$1" "$2" "$3"; shift 3; done; shift; if [ -n "$lo" ]; then "$lo" link set lo up; fi; cd "$enter"; exec "$@"';

/** The words that make the plan's mounts, bring up loopback, enter its directory and then run what follows them. */
export function mountThenExec(plan: AgentMountPlan | undefined, loopbackUp?: string): string[] {
  return [
    "/bin/sh",
    "-c",
    MOUNT_THEN_EXEC,
    "sh",
    plan?.enter ?? ".",
    loopbackUp ?? "",
    ...(plan?.mounts ?? []).flatMap((m) => [m.kind, m.source, m.target]),
    "--",
  ];
}
