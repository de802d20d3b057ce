import { mkdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isInside } from "./path-inside.js";

/**
 * The directories every local user may write, and read what others leave there: what a hostile agent
 * planted in them stayed for a self-hosted runner's later jobs (and the runner itself), and other
 * jobs' world-readable files in them were the agent's to read.
 */
export const SHARED_TEMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"] as const;

/** One `mount` the launch makes, as root, in the agent's own mount namespace before dropping to its user. */
export interface TempMount {
  kind: "--bind" | "--rbind";
  source: string;
  target: string;
}

/**
 * What the agent's mount namespace puts over the shared temp dirs: a directory of its own under the
 * session's root for each (so what it leaves there is removed with the session). What the session
 * needs from a covered dir is grafted back at its own path first: the session's root (its HOME,
 * TMPDIR and copy of the workspace), a config dir kept elsewhere, the CLI's own install (a clone
 * under /tmp runs its node_modules' CLI) and directories added with --add-dir.
 */
export interface PrivateTempDirs {
  /** The directories to hand to the agent's user with its other private dirs. */
  dirs: string[];
  /** In order: the grafts, then each shared dir's cover. */
  mounts: TempMount[];
  /** The shared dirs it gets its own of, for the confinement line. */
  covered: string[];
  /**
   * The directory the launch enters after the mounts, by path through them: the working directory it
   * was started in may lie under a covered dir (a clone in /tmp), where only the old mount has it.
   */
  enter: string;
}

/** What a launch needs of the plan to make the mounts. */
export type TempMountPlan = Pick<PrivateTempDirs, "mounts" | "enter">;

export async function makePrivateTempDirs(
  sessionRoot: string,
  /** Directories the agent needs at their own paths, wherever they are. */
  needed: readonly string[],
  /** Its working directory, which must lie in the session's root or in a needed directory. */
  workDir: string,
): Promise<PrivateTempDirs> {
  const root = await realpath(sessionRoot);
  const keep = await outermost([root, ...needed]);
  const dirs: string[] = [];
  const grafts: TempMount[] = [];
  const covers: TempMount[] = [];
  for (const shared of SHARED_TEMP_DIRS) {
    // A shared dir the host does not have is nothing to cover; one that is a symlink (/var/tmp -> /tmp
    // on some images) is covered once, by its real path.
    const real = await realpath(shared).catch(() => undefined);
    if (!real || !(await stat(real)).isDirectory() || covers.some((m) => m.target === real)) continue;
    const own = path.join(root, "shared-temp", shared.slice(1).replaceAll("/", "-"));
    await mkdir(own, { recursive: true, mode: 0o700 });
    dirs.push(own);
    for (const dir of keep.filter((kept) => isInside(kept, real))) {
      // Bound onto its own path inside the cover, so the cover's recursive bind carries it along.
      const placeholder = path.join(own, path.relative(real, dir));
      await mkdir(placeholder, { recursive: true, mode: 0o700 });
      grafts.push({ kind: "--bind", source: dir, target: placeholder });
    }
    covers.push({ kind: "--rbind", source: own, target: real });
  }
  return { dirs, mounts: [...grafts, ...covers], covered: covers.map((m) => m.target), enter: workDir };
}

/**
 * `dirs` that exist, each by the path it is named by and by its real path, without any that lies
 * inside another. Both: the CLI in a runner's tool cache is named through a symlinked parent
 * (`.../node_modules/@anthropic-ai/claude-code` -> the install), and exec walks the path as named.
 */
async function outermost(dirs: readonly string[]): Promise<string[]> {
  const paths = new Set<string>();
  for (const dir of dirs) {
    const resolved = await realpath(dir).catch(() => undefined);
    if (!resolved || !(await stat(resolved)).isDirectory()) continue;
    paths.add(path.resolve(dir));
    paths.add(resolved);
  }
  return [...paths].filter((dir) => ![...paths].some((other) => isInside(dir, other)));
}

/**
 * A POSIX shell, run as root as the namespace's first process: makes each mount (stopping at the first
 * that fails, so the CLI never starts without them), enters the working directory through the new
 * mounts, then becomes the rest of its arguments (setpriv, then the CLI).
 */
const MOUNT_THEN_EXEC =
  'set -e; enter=$1; shift; while [ "$1" != -- ]; do mount "$1" "$2" "$3"; shift 3; done; shift; cd "$enter"; exec "$@"';

/** The words that make the plan's mounts, enter its directory and then run what follows them. */
export function mountThenExec(plan: TempMountPlan): string[] {
  return [
    "/bin/sh",
    "-c",
    MOUNT_THEN_EXEC,
    "sh",
    plan.enter,
    ...plan.mounts.flatMap((m) => [m.kind, m.source, m.target]),
    "--",
  ];
}
