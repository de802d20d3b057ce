import { type LineageEntry, parseLineageEntry } from "./lineage-entry.js";
import type { LineageKey } from "./lineage-key.js";
import { LineageEntryError, LineageIndexCorruptError } from "./session-errors.js";

export const LINEAGE_INDEX_SCHEMA = "claude-pr-runner/lineage-index@1";

/** The stored, ordered history of one lineage (oldest first). */
export interface LineageIndex {
  schema: typeof LINEAGE_INDEX_SCHEMA;
  lineageKey: string;
  entries: LineageEntry[];
  /** How many of the oldest entries retention has dropped so far (history is pruned, never edited). */
  prunedCount: number;
}

export function emptyLineageIndex(key: LineageKey): LineageIndex {
  return { schema: LINEAGE_INDEX_SCHEMA, lineageKey: key.key, entries: [], prunedCount: 0 };
}

export function serializeLineageIndex(index: LineageIndex): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(index, null, 2)}\n`);
}

/** Parses stored index bytes; throws LineageIndexCorruptError (never silently starts over). */
export function parseLineageIndex(key: LineageKey, bytes: Uint8Array, location: string): LineageIndex {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new LineageIndexCorruptError(key.key, location, `not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null)
    throw new LineageIndexCorruptError(key.key, location, "not an object");
  const v = value as Record<string, unknown>;
  if (v.schema !== LINEAGE_INDEX_SCHEMA) {
    throw new LineageIndexCorruptError(key.key, location, `unknown schema ${JSON.stringify(v.schema)}`);
  }
  if (v.lineageKey !== key.key) {
    throw new LineageIndexCorruptError(
      key.key,
      location,
      `it belongs to lineage ${JSON.stringify(v.lineageKey)}`,
    );
  }
  if (!Array.isArray(v.entries))
    throw new LineageIndexCorruptError(key.key, location, "entries is not an array");
  const prunedCount =
    typeof v.prunedCount === "number" && Number.isInteger(v.prunedCount) ? v.prunedCount : 0;
  try {
    return {
      schema: LINEAGE_INDEX_SCHEMA,
      lineageKey: key.key,
      entries: v.entries.map(parseLineageEntry),
      prunedCount,
    };
  } catch (error) {
    throw new LineageIndexCorruptError(key.key, location, (error as Error).message);
  }
}

/** Returns a new index with the entry appended (pure; the stored history is never rewritten). */
export function appendToIndex(index: LineageIndex, entry: LineageEntry): LineageIndex {
  const checked = parseLineageEntry(entry);
  if (index.entries.some((e) => e.sessionId === checked.sessionId)) {
    throw new LineageEntryError(
      "sessionId",
      `${checked.sessionId} is already in lineage ${index.lineageKey}`,
    );
  }
  return { ...index, entries: [...index.entries, checked] };
}

/** Keeps the newest `keepLast` entries; returns the new index and the dropped (oldest) entries. */
export function pruneIndex(
  index: LineageIndex,
  keepLast: number,
): { index: LineageIndex; dropped: LineageEntry[] } {
  if (!Number.isInteger(keepLast) || keepLast < 1) {
    throw new RangeError(`keepLast must be an integer >= 1, got ${keepLast}`);
  }
  const excess = Math.max(0, index.entries.length - keepLast);
  if (excess === 0) return { index, dropped: [] };
  return {
    index: { ...index, entries: index.entries.slice(excess), prunedCount: index.prunedCount + excess },
    dropped: index.entries.slice(0, excess),
  };
}

export function latestEntry(index: LineageIndex | undefined): LineageEntry | undefined {
  return index?.entries.at(-1);
}
