// `claude-pr-runner sessions list|show|prune`: the CLI (src/cli) parses argv and calls these.
import { pruneLineage } from "./append-lineage-entry.js";
import type { LineageEntry } from "./lineage-entry.js";
import { type LineageKey, parseLineageKey } from "./lineage-key.js";
import type { TranscriptStore } from "./transcript-store.js";

/** Every command returns the same data twice: as text for a terminal and as JSON for scripts. */
export interface CommandOutput<T> {
  text: string;
  json: T;
}

export interface LineageSummary {
  lineage: string;
  entries: number;
  prunedCount: number;
  latestSessionId: string | null;
  latestHeadSha: string | null;
  latestCreatedAt: string | null;
  totalCostUsd: number;
}

export interface SessionsListInput {
  store: TranscriptStore;
  /** Only lineages of this repository ("owner/repo"). */
  repository?: string;
}

export async function sessionsList(input: SessionsListInput): Promise<CommandOutput<LineageSummary[]>> {
  const keys = (await input.store.listLineages()).filter(
    (k) => !input.repository || `${k.owner}/${k.repo}` === input.repository,
  );
  const summaries: LineageSummary[] = [];
  for (const key of keys) {
    const read = await input.store.readIndex(key);
    if (!read) continue;
    const latest = read.index.entries.at(-1);
    summaries.push({
      lineage: key.key,
      entries: read.index.entries.length,
      prunedCount: read.index.prunedCount,
      latestSessionId: latest?.sessionId ?? null,
      latestHeadSha: latest?.headSha ?? null,
      latestCreatedAt: latest?.createdAt ?? null,
      totalCostUsd: read.index.entries.reduce((sum, e) => sum + e.costUsd, 0),
    });
  }
  const text =
    summaries.length === 0
      ? `no lineages in ${input.store.describeLocation()}\n`
      : `${summaries
          .map(
            (s) =>
              `${s.lineage}  ${s.entries} session(s)` +
              `${s.prunedCount ? ` (+${s.prunedCount} pruned)` : ""}  latest ${s.latestSessionId ?? "-"}` +
              ` @ ${s.latestHeadSha?.slice(0, 7) ?? "-"}  ${s.latestCreatedAt ?? ""}  $${s.totalCostUsd.toFixed(4)}`,
          )
          .join("\n")}\n`;
  return { text, json: summaries };
}

export interface SessionsShowInput {
  store: TranscriptStore;
  /** A lineage key, e.g. "octo/repo/pr/12"; validated (LineageKeyError with the exact problem). */
  lineage: string;
}

export interface LineageDetails {
  lineage: string;
  location: string;
  exists: boolean;
  prunedCount: number;
  entries: LineageEntry[];
}

export async function sessionsShow(input: SessionsShowInput): Promise<CommandOutput<LineageDetails>> {
  const key = parseLineageKey(input.lineage);
  const read = await input.store.readIndex(key);
  const details: LineageDetails = {
    lineage: key.key,
    location: input.store.describeLocation(key),
    exists: read !== undefined,
    prunedCount: read?.index.prunedCount ?? 0,
    entries: read?.index.entries ?? [],
  };
  if (!read) return { text: `lineage ${key.key} has no sessions (${details.location})\n`, json: details };
  const lines = details.entries.map(
    (e, i) =>
      `${String(i + 1).padStart(3)}. ${e.sessionId}  parent ${e.parentSessionId ?? "(fresh)"}  ${e.jobKind}` +
      `  ${e.headSha.slice(0, 7)}  ${e.createdAt}  $${e.costUsd.toFixed(4)}  ${e.numTurns} turn(s)  ${e.transcriptBytes} B`,
  );
  const header = `lineage ${key.key} at ${details.location}${details.prunedCount ? ` (${details.prunedCount} older pruned)` : ""}`;
  return { text: `${header}\n${lines.join("\n")}\n`, json: details };
}

export interface SessionsPruneInput {
  store: TranscriptStore;
  /** One lineage; all lineages of the store when absent. */
  lineage?: string;
  /** Keep the newest K entries of each selected lineage. */
  keepLast?: number;
  /** Delete the selected lineage entirely (what the runner does when a PR is closed). */
  deleteLineage?: boolean;
  /** Delete every PR lineage this predicate reports closed (the caller asks GitHub). */
  isPrClosed?: (key: Extract<LineageKey, { kind: "pr" }>) => Promise<boolean>;
  dryRun?: boolean;
}

export interface PruneReport {
  dryRun: boolean;
  deletedLineages: string[];
  prunedEntries: { lineage: string; sessionIds: string[] }[];
}

export class SessionsCommandError extends Error {
  override readonly name = "SessionsCommandError";
}

export async function sessionsPrune(input: SessionsPruneInput): Promise<CommandOutput<PruneReport>> {
  if (input.keepLast === undefined && !input.deleteLineage && !input.isPrClosed) {
    throw new SessionsCommandError(
      "sessions prune needs --keep <K>, --delete (with --lineage) or --closed-prs",
    );
  }
  if (input.deleteLineage && !input.lineage) {
    throw new SessionsCommandError(
      "sessions prune --delete needs --lineage <key>: refusing to delete every lineage",
    );
  }
  if (input.keepLast !== undefined && (!Number.isInteger(input.keepLast) || input.keepLast < 1)) {
    throw new SessionsCommandError(`--keep must be an integer >= 1, got ${input.keepLast}`);
  }
  const keys = input.lineage ? [parseLineageKey(input.lineage)] : await input.store.listLineages();
  const report: PruneReport = { dryRun: Boolean(input.dryRun), deletedLineages: [], prunedEntries: [] };
  for (const key of keys) {
    const closed = key.kind === "pr" && input.isPrClosed ? await input.isPrClosed(key) : false;
    if (input.deleteLineage || closed) {
      if (!input.dryRun) await input.store.deleteLineage(key);
      report.deletedLineages.push(key.key);
      continue;
    }
    if (input.keepLast === undefined) continue;
    let dropped: LineageEntry[];
    if (input.dryRun) {
      const entries = (await input.store.readIndex(key))?.index.entries ?? [];
      dropped = entries.slice(0, Math.max(0, entries.length - input.keepLast));
    } else {
      dropped = await pruneLineage(input.store, key, input.keepLast);
    }
    if (dropped.length > 0)
      report.prunedEntries.push({ lineage: key.key, sessionIds: dropped.map((e) => e.sessionId) });
  }
  const verb = input.dryRun ? "would " : "";
  const lines = [
    ...report.deletedLineages.map((l) => `${verb}delete lineage ${l}`),
    ...report.prunedEntries.map(
      (p) => `${verb}prune ${p.sessionIds.length} oldest session(s) of ${p.lineage}`,
    ),
  ];
  return { text: `${lines.length ? lines.join("\n") : "nothing to prune"}\n`, json: report };
}
