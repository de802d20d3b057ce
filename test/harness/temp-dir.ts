import { mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Creates a fresh directory under the OS temp dir. The caller removes it (`rm(dir, { recursive: true })`).
 * The path is resolved through realpath because the CLI derives its transcript folder from the
 * canonical cwd, and a symlinked /tmp would otherwise produce a different slug than the test expects.
 */
export async function makeTempDir(prefix: string): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), `${prefix}-`)));
}
