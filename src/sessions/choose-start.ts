import type { LineageEntry } from "./lineage-entry.js";
import { type LineageIndex, latestEntry } from "./lineage-index.js";
import type { LineageKey } from "./lineage-key.js";
import type { TranscriptStore } from "./transcript-store.js";

/** Where a job's session starts: forked from a stored session, or fresh. */
export type StartPoint =
  | { kind: "fresh" }
  | { kind: "fork"; from: "lineage" | "base"; lineageKey: LineageKey; entry: LineageEntry };

/**
 * The rule: the latest entry of the job's own lineage (the PR), otherwise the latest entry
 * of the base branch's lineage, otherwise a fresh session.
 */
export function chooseStartPoint(
  own: { key: LineageKey; index: LineageIndex | undefined },
  base?: { key: LineageKey; index: LineageIndex | undefined },
): StartPoint {
  const mine = latestEntry(own.index);
  if (mine) return { kind: "fork", from: "lineage", lineageKey: own.key, entry: mine };
  const theirs = base ? latestEntry(base.index) : undefined;
  if (base && theirs) return { kind: "fork", from: "base", lineageKey: base.key, entry: theirs };
  return { kind: "fresh" };
}

/** chooseStartPoint over a store: reads the PR's lineage, then (only if needed) the base branch's. */
export async function chooseStart(
  store: TranscriptStore,
  lineageKey: LineageKey,
  baseKey?: LineageKey,
): Promise<StartPoint> {
  const own = await store.readIndex(lineageKey);
  if (own && own.index.entries.length > 0) return chooseStartPoint({ key: lineageKey, index: own.index });
  const base = baseKey ? await store.readIndex(baseKey) : undefined;
  return chooseStartPoint(
    { key: lineageKey, index: own?.index },
    baseKey ? { key: baseKey, index: base?.index } : undefined,
  );
}
