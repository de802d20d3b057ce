import type { LineageEntry } from "./lineage-entry.js";
import { appendToIndex, emptyLineageIndex, type LineageIndex, pruneIndex } from "./lineage-index.js";
import type { LineageKey } from "./lineage-key.js";
import { IndexConflictError, IndexContentionError } from "./session-errors.js";
import type { TranscriptStore } from "./transcript-store.js";

export interface AppendOptions {
  /** Retention: keep only the newest K entries (their transcripts are deleted). Unlimited when absent. */
  keepLast?: number;
  /** Compare-and-swap attempts before giving up with IndexContentionError. */
  maxAttempts?: number;
}

export interface AppendResult {
  index: LineageIndex;
  version: string;
  dropped: LineageEntry[];
  attempts: number;
}

/**
 * Appends an entry by optimistic concurrency: read the index with its version, append, write with
 * that version as the precondition; a loser re-reads the fresh index and appends again, so two
 * concurrent writers both keep their entry.
 */
export async function appendLineageEntry(
  store: TranscriptStore,
  key: LineageKey,
  entry: LineageEntry,
  options: AppendOptions = {},
): Promise<AppendResult> {
  const maxAttempts = options.maxAttempts ?? 8;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const current = await store.readIndex(key);
    const base = current?.index ?? emptyLineageIndex(key);
    let next = appendToIndex(base, entry);
    let dropped: LineageEntry[] = [];
    if (options.keepLast !== undefined) ({ index: next, dropped } = pruneIndex(next, options.keepLast));
    try {
      const version = await store.writeIndex(key, next, current?.version);
      // Transcripts go only after the index no longer names them, so a reader never sees a dangling entry.
      if (dropped.length > 0)
        await store.deleteTranscripts(
          key,
          dropped.map((e) => e.sessionId),
        );
      return { index: next, version, dropped, attempts: attempt };
    } catch (error) {
      if (!(error instanceof IndexConflictError)) throw error;
      // Small jittered pause so two losers do not collide again in lock-step.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)));
    }
  }
  throw new IndexContentionError(key.key, maxAttempts);
}

/** Retention on demand: drop all but the newest K entries of a lineage (same compare-and-swap loop). */
export async function pruneLineage(
  store: TranscriptStore,
  key: LineageKey,
  keepLast: number,
  maxAttempts = 8,
): Promise<LineageEntry[]> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const current = await store.readIndex(key);
    if (!current) return [];
    const { index, dropped } = pruneIndex(current.index, keepLast);
    if (dropped.length === 0) return [];
    try {
      await store.writeIndex(key, index, current.version);
      await store.deleteTranscripts(
        key,
        dropped.map((e) => e.sessionId),
      );
      return dropped;
    } catch (error) {
      if (!(error instanceof IndexConflictError)) throw error;
    }
  }
  throw new IndexContentionError(key.key, maxAttempts);
}
