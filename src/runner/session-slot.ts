import { lstat, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Why sessions live at fixed paths: Claude Code 2.1.235 writes the paths of its config dir, HOME
 * and working directory into its system prompt (the memory directory) and into the Bash tool's
 * description (the sandbox's deny list). With a fresh random temp dir per run those bytes differ
 * from run to run, so the provider's prompt cache never hit across runs: every review wrote its
 * whole fixed prefix (about 15,000 tokens) to the cache at 1.25× again, and a resumed review could
 * never read its parent's conversation back at 0.1×. A slot is a private directory at a fixed
 * path, held by one session at a time and emptied before each use.
 */
export interface SessionSlot {
  /** The slot's directory: private (0700, ours, not a link), empty when acquired. */
  dir: string;
  /** Whether `dir` is a fixed slot, or a random temp dir because none could be had. */
  stable: boolean;
  /** The fixed slot's number (`slot-<n>`); absent for a random temp dir. */
  index?: number;
  release(): Promise<void>;
}

export const SESSION_SLOTS = 8;

/** The parent of the slots, one per user: `<tmp>/claude-pr-runner-<uid>`. */
export function slotBase(tempDir = tmpdir()): string {
  return path.join(tempDir, `claude-pr-runner-${process.getuid?.() ?? "user"}`);
}

/**
 * The slot `prefer` when it is free (the slot a resumed session's parent ran in: its paths are in
 * the conversation's system prompt, so only the same slot reads that prefix back from the prompt
 * cache), else the lowest free slot, or a random temp dir when the base cannot be trusted (another
 * owner, a link, open to others) or every slot is busy. A slot whose holder died is taken over.
 */
export async function acquireSessionSlot(
  options: { tempDir?: string; prefer?: number } = {},
): Promise<SessionSlot> {
  const base = slotBase(options.tempDir);
  if (await privateDirectory(base)) {
    for (const n of slotOrder(options.prefer)) {
      const dir = path.join(base, `slot-${n}`);
      const lock = `${dir}.lock`;
      if (!(await takeLock(lock))) continue;
      try {
        await rm(dir, { recursive: true, force: true });
        await mkdir(dir, { mode: 0o700 });
      } catch {
        // Leftovers we cannot remove (another user's files): this slot is unusable, try the next.
        await rm(lock, { recursive: true, force: true }).catch(() => {});
        continue;
      }
      return {
        dir,
        stable: true,
        index: n,
        release: async () => {
          await rm(dir, { recursive: true, force: true }).catch(() => {});
          await rm(lock, { recursive: true, force: true }).catch(() => {});
        },
      };
    }
  }
  const dir = await mkdtemp(path.join(options.tempDir ?? tmpdir(), "cpr-session-"));
  return { dir, stable: false, release: () => rm(dir, { recursive: true, force: true }) };
}

/** The slots to try, in order: `prefer` first when it names one (it comes from a stored record). */
function slotOrder(prefer: number | undefined): number[] {
  const all = Array.from({ length: SESSION_SLOTS }, (_, n) => n);
  if (prefer === undefined || !Number.isInteger(prefer) || prefer < 0 || prefer >= SESSION_SLOTS) return all;
  return [prefer, ...all.filter((n) => n !== prefer)];
}

/**
 * `dir` exists (created if missing) as a real directory owned by this user that nobody else can
 * list or write; anything else (a planted link, someone else's directory) is refused, never repaired.
 */
async function privateDirectory(dir: string): Promise<boolean> {
  await mkdir(dir, { mode: 0o700 }).catch(() => {});
  const info = await lstat(dir).catch(() => undefined);
  if (!info?.isDirectory() || info.isSymbolicLink()) return false;
  if (process.getuid && info.uid !== process.getuid()) return false;
  // Nobody else may list it or change its entries; traversal (x) is what the agent's own user is
  // given on the way to its files when the session runs under a separate uid (handOverSessionFiles).
  return (info.mode & 0o066) === 0;
}

/** Creates the lock (a directory: atomic) with our pid in it; takes over one whose holder is gone. */
async function takeLock(lock: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await mkdir(lock, { mode: 0o700 });
      await writeFile(path.join(lock, "pid"), String(process.pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
      const pid = Number(await readFile(path.join(lock, "pid"), "utf8").catch(() => ""));
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) return false;
      // No pid yet: its holder may be between creating the lock and writing the pid.
      const since = await lstat(lock)
        .then((s) => Date.now() - s.mtimeMs)
        .catch(() => Number.POSITIVE_INFINITY);
      if (!(pid > 0) && since < 10_000) return false;
      // A holder that died (or never wrote its pid) left the lock: clear it and try once more.
      await rm(lock, { recursive: true, force: true }).catch(() => {});
    }
  }
  return false;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
