import type { LineageIndex } from "./lineage-index.js";
import type { LineageKey } from "./lineage-key.js";

/** A lineage index together with the opaque version token a compare-and-swap must present. */
export interface VersionedLineageIndex {
  index: LineageIndex;
  version: string;
}

/** A repository-wide document and the opaque version token a compare-and-swap must present. */
export interface VersionedDocument {
  bytes: Uint8Array;
  version: string;
}

/** Repository-wide documents a store keeps beside its lineages: the noise memory and the resolution tally. */
export type RepositoryDocumentName = "learnings" | "resolution";

export type TranscriptStoreBackend = "filesystem" | "s3" | "github-artifacts";

/**
 * Where transcripts and lineage indexes live. Three backends implement it (filesystem, S3,
 * GitHub Actions artifacts) and one contract test suite runs against each.
 *
 * The index is only changed by compare-and-swap (`writeIndex` with the version last read), so
 * appends from concurrent jobs never lose an entry: see appendLineageEntry for the retry loop that
 * every backend shares.
 */
export interface TranscriptStore {
  readonly backend: TranscriptStoreBackend;
  /** Human-readable place of a lineage (or of the whole store), for `sessions show` and logs. */
  describeLocation(key?: LineageKey): string;

  putTranscript(key: LineageKey, sessionId: string, jsonl: Uint8Array): Promise<void>;
  /** The stored transcript bytes, or undefined when the store has no such object. */
  getTranscript(key: LineageKey, sessionId: string): Promise<Uint8Array | undefined>;
  deleteTranscripts(key: LineageKey, sessionIds: readonly string[]): Promise<void>;

  /** The lineage index and its version, or undefined when the lineage has never been written. */
  readIndex(key: LineageKey): Promise<VersionedLineageIndex | undefined>;
  /**
   * Writes the index only if the stored version still equals `expectedVersion` (undefined: only if
   * no index exists). Throws IndexConflictError otherwise. Returns the new version.
   */
  writeIndex(key: LineageKey, index: LineageIndex, expectedVersion: string | undefined): Promise<string>;

  /** Removes the index and every transcript of the lineage (a closed PR). */
  deleteLineage(key: LineageKey): Promise<void>;
  listLineages(): Promise<LineageKey[]>;

  /** A repository's document, or undefined when it has never been written. */
  readRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
  ): Promise<VersionedDocument | undefined>;
  /**
   * Writes the document only if its stored version still equals `expectedVersion` (undefined: only
   * if none exists). Throws IndexConflictError otherwise. Returns the new version.
   */
  writeRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
    bytes: Uint8Array,
    expectedVersion: string | undefined,
  ): Promise<string>;
}
