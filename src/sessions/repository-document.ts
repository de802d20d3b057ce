import type { AnySchema } from "ajv";
import { compileOnFirstUse } from "../json-schema/compile-on-first-use.js";
import { schemaProblems } from "../json-schema/schema-problems.js";
import { IndexConflictError, IndexContentionError } from "./session-errors.js";
import type { RepositoryDocumentName, TranscriptStore } from "./transcript-store.js";

/** A repository document's place: the store, the repository and which document. */
export interface RepositoryDocumentPlace {
  store: TranscriptStore;
  owner: string;
  repo: string;
}

/** How a document's bytes become a value and back; `empty` stands in for one never written. */
export interface DocumentCodec<D> {
  name: RepositoryDocumentName;
  empty: D;
  /** Throws a clear error naming `where` when the bytes are not a valid document. */
  parse(bytes: Uint8Array, where: string): D;
  serialize(document: D): Uint8Array;
}

/** A stored repository document that is not valid: which one, where, and each problem. */
export class RepositoryDocumentCorruptError extends Error {
  override readonly name = "RepositoryDocumentCorruptError";
  constructor(
    readonly what: string,
    readonly where: string,
    readonly problems: string[],
  ) {
    super(`the stored ${what} at ${where} cannot be read: ${problems.join("; ")}`);
  }
}

/**
 * A codec for a JSON document checked by its schema (one of ours): pretty-printed when written, and
 * refused with every problem named when read.
 */
export function jsonDocumentCodec<D>(spec: {
  name: RepositoryDocumentName;
  /** What the document holds, plural, for errors ("review learnings"). */
  what: string;
  empty: D;
  schema: AnySchema;
}): DocumentCodec<D> {
  // Compiled with the first document read: a start that reads none compiles nothing.
  const validate = compileOnFirstUse(spec.schema);
  return {
    name: spec.name,
    empty: spec.empty,
    parse(bytes, where) {
      let document: unknown;
      try {
        document = JSON.parse(new TextDecoder().decode(bytes));
      } catch (error) {
        throw new RepositoryDocumentCorruptError(spec.what, where, [`not JSON: ${(error as Error).message}`]);
      }
      if (!validate(document))
        throw new RepositoryDocumentCorruptError(spec.what, where, schemaProblems(validate.errors, document));
      return document as D;
    },
    serialize: (document) => new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`),
  };
}

function where(place: RepositoryDocumentPlace, name: RepositoryDocumentName): string {
  return `${place.store.describeLocation()} (${place.owner}/${place.repo} ${name})`;
}

/** The document as stored, or the codec's empty one. */
export async function readDocument<D>(place: RepositoryDocumentPlace, codec: DocumentCodec<D>): Promise<D> {
  const read = await place.store.readRepositoryDocument(place.owner, place.repo, codec.name);
  return read ? codec.parse(read.bytes, where(place, codec.name)) : codec.empty;
}

/**
 * Changes a repository document by compare-and-swap: read with the version, change, write with that
 * version as the precondition; a loser re-reads and changes again, so two jobs that write at once
 * both keep what they wrote (the same loop as a lineage index append). `change` returns no
 * `document` when there is nothing to write.
 */
export async function updateDocument<D, T>(
  place: RepositoryDocumentPlace,
  codec: DocumentCodec<D>,
  change: (document: D) => { document?: D; result: T },
  maxAttempts = 8,
): Promise<T> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const read = await place.store.readRepositoryDocument(place.owner, place.repo, codec.name);
    const current = read ? codec.parse(read.bytes, where(place, codec.name)) : codec.empty;
    const changed = change(current);
    if (changed.document === undefined) return changed.result;
    try {
      await place.store.writeRepositoryDocument(
        place.owner,
        place.repo,
        codec.name,
        codec.serialize(changed.document),
        read?.version,
      );
      return changed.result;
    } catch (error) {
      if (!(error instanceof IndexConflictError)) throw error;
      // Small jittered pause so two losers do not collide again in lock-step.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)));
    }
  }
  throw new IndexContentionError(`${place.owner}/${place.repo} ${codec.name}`, maxAttempts);
}
