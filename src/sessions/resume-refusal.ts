import { freshFallback, type RestoreResult } from "./restore-result.js";

// Observed with CLI 2.1.235: an unknown or unreadable transcript makes `--resume` end with a
// result frame `error_during_execution` whose errors hold this sentence (also on stderr), exit 1.
const REFUSAL = /No conversation found with session ID: ?\S*/;

/** The CLI's refusal sentence when a run could not resume its parent, else undefined. */
export function resumeRefusal(run: {
  exitCode: number | null;
  errors?: readonly string[];
  stderr?: string;
}): string | undefined {
  if (run.exitCode === 0) return undefined;
  for (const text of [...(run.errors ?? []), run.stderr ?? ""]) {
    const match = REFUSAL.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/**
 * Runs a session from a restore result; when the CLI refuses the restored parent it runs ONCE more
 * as a fresh session (never a loop) and returns the fallback restore result to report.
 */
export async function runWithResumeFallback<T>(
  restore: RestoreResult,
  run: (restore: RestoreResult) => Promise<T>,
  refusalOf: (value: T) => string | undefined,
): Promise<{ value: T; restore: RestoreResult }> {
  const value = await run(restore);
  if (restore.status !== "restored") return { value, restore };
  const refusal = refusalOf(value);
  if (!refusal) return { value, restore };
  const fallback = freshFallback(restore.start, "refused_by_cli", `the CLI refused it: ${refusal}`);
  return { value: await run(fallback), restore: fallback };
}
