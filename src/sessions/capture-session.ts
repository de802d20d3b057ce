import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { type AppendResult, appendLineageEntry } from "./append-lineage-entry.js";
import { type LineageEntry, type LineageFinding, MAX_LINEAGE_FINDINGS } from "./lineage-entry.js";
import type { LineageKey } from "./lineage-key.js";
import { transcriptPath } from "./project-slug.js";
import { readCapturedTranscript } from "./read-captured-transcript.js";
import { redactTranscript } from "./redact-transcript.js";
import { TranscriptNotFoundError } from "./session-errors.js";
import { assertSessionId } from "./session-id.js";
import { transcriptSize } from "./transcript-size.js";
import type { TranscriptStore } from "./transcript-store.js";

export interface CaptureOptions {
  store: TranscriptStore;
  lineageKey: LineageKey;
  configDir: string;
  cwd: string;
  /** The new session's id (from system/init and result). */
  sessionId: string;
  parentSessionId: string | null;
  jobKind: string;
  headSha: string;
  costUsd: number;
  numTurns: number;
  /** Known secret values (tokens, keys) to redact before the transcript leaves the machine. */
  secretValues?: readonly string[];
  keepLast?: number;
  /** Generations since the last fresh start (0 for a fresh session). */
  depth?: number;
  /** The model the session ran on (its init frame), for a resume with no model named. */
  model?: string;
  /** The job's conclusions, kept for a later summary (see LineageEntry.findings). */
  findings?: LineageFinding[];
  /** The session slot the CLI ran in, for the next run to take again (see LineageEntry.slot). */
  slot?: number;
  now?: () => Date;
}

export interface CaptureResult {
  entry: LineageEntry;
  append: AppendResult;
  redactions: number;
  transcriptPath: string;
}

async function findTranscript(
  configDir: string,
  cwd: string,
  sessionId: string,
): Promise<{ path: string; bytes: Buffer }> {
  // The config directory was the agent's while it ran: each candidate is read only if it is a plain
  // file of its own inside it, and anything else stops the search (readCapturedTranscript).
  const expected = await transcriptPath(configDir, cwd, sessionId);
  const searched = [expected];
  const bytes = await readCapturedTranscript(configDir, expected);
  if (bytes) return { path: expected, bytes };
  // The CLI may have keyed the cwd differently (e.g. it changed directory); look in every project.
  const projects = join(configDir, "projects");
  const dirs = await readdir(projects).catch(() => [] as string[]);
  for (const dir of dirs) {
    const candidate = join(projects, dir, `${sessionId}.jsonl`);
    const found = await readCapturedTranscript(configDir, candidate);
    if (found) return { path: candidate, bytes: found };
    searched.push(candidate);
  }
  throw new TranscriptNotFoundError(sessionId, searched.length > 1 ? [expected, `${projects}/*/`] : searched);
}

/**
 * After a run: reads the new session's transcript from the config dir, redacts known secrets,
 * stores it and appends the lineage entry (transcript first, so an entry never names a missing object).
 */
export async function captureSession(options: CaptureOptions): Promise<CaptureResult> {
  const sessionId = assertSessionId(options.sessionId);
  const found = await findTranscript(options.configDir, options.cwd, sessionId);
  const redaction = redactTranscript(found.bytes, options.secretValues ?? []);
  const bytes = redaction.bytes;
  const size = transcriptSize(bytes);
  await options.store.putTranscript(options.lineageKey, sessionId, bytes);
  const entry: LineageEntry = {
    sessionId,
    parentSessionId: options.parentSessionId,
    jobKind: options.jobKind,
    headSha: options.headSha,
    createdAt: (options.now?.() ?? new Date()).toISOString(),
    costUsd: options.costUsd,
    numTurns: options.numTurns,
    transcriptSha256: createHash("sha256").update(bytes).digest("hex"),
    transcriptBytes: bytes.byteLength,
    depth: options.depth ?? 0,
    ...optionalNumber("contextTokens", size.contextTokens),
    ...optionalNumber("replyTokens", size.replyTokens),
    conversationChars: size.conversationChars,
    uncachedChars: size.uncachedChars,
    ...(options.model ? { model: options.model } : {}),
    ...(options.findings ? { findings: options.findings.slice(0, MAX_LINEAGE_FINDINGS) } : {}),
    ...optionalNumber("slot", options.slot),
  };
  const append = await appendLineageEntry(
    options.store,
    options.lineageKey,
    entry,
    options.keepLast === undefined ? {} : { keepLast: options.keepLast },
  );
  return { entry, append, redactions: redaction.replacements, transcriptPath: found.path };
}

function optionalNumber<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}
