import {
  type RepositoryDocumentPlace,
  readDocument,
  updateDocument,
} from "../../sessions/repository-document.js";
import {
  LEARNINGS_CODEC,
  type LearningsDocument,
  MAX_READ_REPLIES,
  type SuppressionRecord,
} from "./suppression-record.js";

/** A repository's learnings: where they are kept and which repository they belong to. */
export type LearningsPlace = RepositoryDocumentPlace;

/** The repository's learnings (none yet: an empty document). */
export function readLearnings(place: LearningsPlace): Promise<LearningsDocument> {
  return readDocument(place, LEARNINGS_CODEC);
}

/**
 * Adds the records whose id is new, and the replies read that taught nothing. A record with a known
 * id (the same signal seen again, or one a writer told us to forget) is left as it is: forgetting is
 * never undone by the signal that made it. Returns the repository's learnings as written.
 */
export async function addSuppressions(
  place: LearningsPlace,
  learned: { records: readonly SuppressionRecord[]; readReplies?: readonly string[] },
): Promise<{ added: SuppressionRecord[]; document: LearningsDocument }> {
  return updateDocument(place, LEARNINGS_CODEC, (document) => {
    const known = new Set(document.records.map((r) => r.id));
    const added = learned.records.filter((r) => !known.has(r.id) && known.add(r.id));
    const readBefore = new Set(document.readReplies);
    const newlyRead = (learned.readReplies ?? []).filter((s) => !readBefore.has(s) && readBefore.add(s));
    if (added.length === 0 && newlyRead.length === 0) return { result: { added, document } };
    const next: LearningsDocument = {
      ...document,
      records: [...document.records, ...added],
      readReplies: [...document.readReplies, ...newlyRead].slice(-MAX_READ_REPLIES),
    };
    return { document: next, result: { added, document: next } };
  });
}

/** No record has this id (or it was forgotten already). */
export class UnknownLearningError extends Error {
  override readonly name = "UnknownLearningError";
  constructor(readonly id: string) {
    super(
      `no active learning has the id ${JSON.stringify(id)}: \`claude-pr-runner learnings list\` shows them`,
    );
  }
}

/** Marks a record forgotten (kept as a tombstone); throws UnknownLearningError for an unknown id. */
export async function forgetSuppression(
  place: LearningsPlace,
  id: string,
  forgotten: { by: string; at: string },
): Promise<SuppressionRecord> {
  return updateDocument(place, LEARNINGS_CODEC, (document) => {
    const record = document.records.find((r) => r.id === id && r.forgotten === undefined);
    if (!record) throw new UnknownLearningError(id);
    const updated = { ...record, forgotten };
    return {
      document: { ...document, records: document.records.map((r) => (r === record ? updated : r)) },
      result: updated,
    };
  });
}
