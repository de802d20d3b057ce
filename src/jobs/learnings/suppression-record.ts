import { createHash } from "node:crypto";
import { jsonDocumentCodec } from "../../sessions/repository-document.js";

/** What a writer did that says "this finding was not useful". */
export type NoiseSignalKind = "thumbs_down" | "resolved_unchanged" | "reply";

/**
 * One thing the team told us not to report again: the finding (its fingerprint, path, category and
 * title as we published them), the rule in words, and who said so, where and when. A forgotten
 * record stays as a tombstone, so the same signal never brings it back.
 */
export interface SuppressionRecord {
  /** Short, stable id (what `learnings forget <id>` and `/claude forget <id>` take). */
  id: string;
  fingerprint: string;
  path: string;
  category: string;
  title: string;
  /** The rule in words, given to later reviews as an instruction about what not to report. */
  rule: string;
  signal: NoiseSignalKind;
  /** The GitHub object the signal came from (`reaction:<id>`, `thread:<node id>`, `reply:<id>`). */
  source: string;
  /** The writer whose signal it was. */
  by: string;
  at: string;
  pullNumber: number;
  forgotten?: { by: string; at: string };
}

export interface LearningsDocument {
  version: 1;
  records: SuppressionRecord[];
  /** Replies the classifier read and found to be no "not useful" (so they are not read again). */
  readReplies: string[];
}

export const EMPTY_LEARNINGS: LearningsDocument = { version: 1, records: [], readReplies: [] };

/** The newest sources of replies read kept in `readReplies`; older ones may be read once more. */
export const MAX_READ_REPLIES = 1000;

const TEXT = { type: "string", maxLength: 2000 } as const;
const RECORD_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: [
    "id",
    "fingerprint",
    "path",
    "category",
    "title",
    "rule",
    "signal",
    "source",
    "by",
    "at",
    "pullNumber",
  ],
  properties: {
    id: { type: "string", pattern: "^[0-9a-f]{8,16}$" },
    fingerprint: { type: "string", pattern: "^[A-Za-z0-9._-]{1,80}$" },
    path: TEXT,
    category: TEXT,
    title: TEXT,
    rule: TEXT,
    signal: { enum: ["thumbs_down", "resolved_unchanged", "reply"] },
    source: { type: "string", maxLength: 200 },
    by: { type: "string", maxLength: 100 },
    at: { type: "string", format: "date-time" },
    pullNumber: { type: "integer", minimum: 1 },
    forgotten: {
      type: "object",
      additionalProperties: false,
      required: ["by", "at"],
      properties: { by: { type: "string", maxLength: 100 }, at: { type: "string", format: "date-time" } },
    },
  },
} as const;

const DOCUMENT_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["version", "records", "readReplies"],
  properties: {
    version: { const: 1 },
    records: { type: "array", items: RECORD_SCHEMA },
    readReplies: { type: "array", items: { type: "string", maxLength: 200 } },
  },
} as const;

/** The learnings as stored: JSON, checked by the schema when read. */
export const LEARNINGS_CODEC = jsonDocumentCodec<LearningsDocument>({
  name: "learnings",
  what: "review learnings",
  empty: EMPTY_LEARNINGS,
  schema: DOCUMENT_SCHEMA,
});

/** The id of the record a signal makes: the same signal always gives the same id. */
export function suppressionId(source: string): string {
  return createHash("sha256").update(source).digest("hex").slice(0, 8);
}

/** The records that still suppress (not forgotten). */
export function activeRecords(document: LearningsDocument): SuppressionRecord[] {
  return document.records.filter((r) => r.forgotten === undefined);
}
