import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Every directory makeTempDir made in this test file, removed after its last test (removeTempDirs). */
const made = new Set<string>();

/**
 * Creates a fresh directory under the OS temp dir. It is removed after the test file's last test
 * (test/harness/remove-temp-dirs.ts, a setup file of every test file), so a test may remove it earlier
 * but need not: a long-lived developer machine's /tmp does not fill with them.
 * The path is resolved through realpath because the CLI derives its transcript folder from the
 * canonical cwd, and a symlinked /tmp would otherwise produce a different slug than the test expects.
 */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), `${prefix}-`)));
  made.add(dir);
  return dir;
}

/** Removes every directory makeTempDir made so far; one that cannot be removed is named, not hidden. */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...made];
  made.clear();
  const failed: string[] = [];
  await Promise.all(
    dirs.map((dir) =>
      rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch((error: Error) =>
        failed.push(`${dir}: ${error.message}`),
      ),
    ),
  );
  if (failed.length > 0) throw new Error(`temp directories left behind:\n${failed.join("\n")}`);
}
