import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { StartPoint } from "./choose-start.js";
import { type ContextBound, contextBoundExceeded } from "./context-bound.js";
import { transcriptPath } from "./project-slug.js";
import { freshFallback, type RestoreResult } from "./restore-result.js";
import { TranscriptCorruptError, TranscriptUntrustedError } from "./session-errors.js";
import type { TranscriptStore } from "./transcript-store.js";

export interface RestoreOptions {
  store: TranscriptStore;
  start: StartPoint;
  /** The CLAUDE_CONFIG_DIR the session will run with. */
  configDir: string;
  /** The cwd the session will run in (differs between runs: runner paths, Lambda /tmp). */
  cwd: string;
  /** Past this bound a parent is not resumed: the result is `compacted` (start fresh from a summary). */
  bound?: ContextBound;
  /** The job's own reason not to resume the parent (e.g. cost). */
  startFresh?: FreshStart;
}

/**
 * A job's choice not to resume its parent, and why: from the parent's summary (`compacted`, the
 * job seeds its prompt with the parent's findings), or from nothing (`fresh`, as a first review).
 */
export interface FreshStart {
  reason: string;
  withSummary: boolean;
}

/**
 * Puts the parent's transcript where the CLI looks for it
 * (`<configDir>/projects/<slug of realpath(cwd)>/<id>.jsonl`) after checking its sha256. Any problem
 * yields a fresh start with the reason, never an exception, so a job never fails on a lost session.
 */
export async function restoreSession(options: RestoreOptions): Promise<RestoreResult> {
  const { start } = options;
  if (start.kind === "fresh") {
    return {
      status: "fresh",
      reason: "no_prior_session",
      message: "Started a fresh session: no earlier session in this lineage or its base.",
    };
  }
  const { entry } = start;
  const beyondBound = options.bound ? contextBoundExceeded(entry, options.bound) : undefined;
  if (!beyondBound && options.startFresh?.withSummary === false) {
    return {
      status: "fresh",
      reason: "cheaper_than_continuing",
      message: `Started a fresh session on the whole change instead of continuing session ${entry.sessionId} (it saw ${entry.headSha.slice(0, 7)}): ${options.startFresh.reason}.`,
    };
  }
  const exceeded = beyondBound ?? options.startFresh?.reason;
  if (exceeded) {
    return {
      status: "compacted",
      start,
      message: `Started a fresh session from a summary of session ${entry.sessionId} (it saw ${entry.headSha.slice(0, 7)}): ${exceeded}.`,
    };
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = await options.store.getTranscript(start.lineageKey, entry.sessionId);
  } catch (error) {
    if (error instanceof TranscriptUntrustedError)
      return freshFallback(start, "untrusted_origin", error.message);
    if (error instanceof TranscriptCorruptError)
      return freshFallback(start, "checksum_mismatch", error.message);
    return freshFallback(start, "store_error", `reading the transcript failed: ${(error as Error).message}`);
  }
  if (!bytes) {
    return freshFallback(
      start,
      "transcript_missing",
      `its transcript is missing from ${options.store.describeLocation(start.lineageKey)}`,
    );
  }
  const sha = createHash("sha256").update(bytes).digest("hex");
  if (sha !== entry.transcriptSha256 || bytes.byteLength !== entry.transcriptBytes) {
    return freshFallback(
      start,
      "checksum_mismatch",
      `its transcript is corrupt: sha256 ${sha.slice(0, 12)}… (${bytes.byteLength} bytes), expected ${entry.transcriptSha256.slice(0, 12)}… (${entry.transcriptBytes} bytes)`,
    );
  }
  const path = await transcriptPath(options.configDir, options.cwd, entry.sessionId);
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
  const origin = start.from === "lineage" ? "this lineage" : `base lineage ${start.lineageKey.key}`;
  return {
    status: "restored",
    start,
    sessionId: entry.sessionId,
    parentHeadSha: entry.headSha,
    transcriptPath: path,
    message: `Continued from session ${entry.sessionId} of ${origin} (it saw ${entry.headSha.slice(0, 7)}).`,
  };
}
