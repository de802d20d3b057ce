import { LineageEntryError } from "./session-errors.js";
import { isSessionId } from "./session-id.js";

/** One session of a lineage. Entries are only ever appended; retention drops the oldest. */
export interface LineageEntry {
  sessionId: string;
  /** The session this one was forked from (null for a fresh session). */
  parentSessionId: string | null;
  /** The job that ran the session: "review" | "autofix" | "audit" (kept open for new kinds). */
  jobKind: string;
  /** The commit the session saw, so the next job can look at `headSha..newHead` first. */
  headSha: string;
  /** ISO-8601 time the entry was recorded. */
  createdAt: string;
  costUsd: number;
  numTurns: number;
  /** sha256 (hex) of the stored (redacted) transcript, checked on restore. */
  transcriptSha256: string;
  transcriptBytes: number;
  /** Resumed generations since the last fresh start (0 for a fresh session); absent in old entries. */
  depth?: number;
  /** Tokens of the conversation at the session's end (its last model request plus the reply). */
  contextTokens?: number;
  /** Of contextTokens, the last reply's: never sent as input, so in no prompt cache yet. */
  replyTokens?: number;
  /**
   * Characters of the messages a resumed session sends again, and of those, the last reply and what
   * follows it (in no prompt cache yet). Counted like a prompt's characters, so the cost of resuming
   * compares with a fresh start's in one unit (src/jobs/review/lineage-choice.ts); absent in old entries.
   */
  conversationChars?: number;
  uncachedChars?: number;
  /**
   * The model the session ran on, as the CLI resolved it. A resumed session with no model named must
   * be given this one: 2.1.235 resumes a default `claude-opus-5[1m]` session as `claude-opus-5`,
   * which changes the system prompt (no prompt-cache hit) and drops the 1M context window.
   */
  model?: string;
  /**
   * What the job concluded, compactly, so a later run can start fresh from a summary instead of the
   * transcript once the lineage grows too long (see docs/sessions.md#bounded-context).
   */
  findings?: LineageFinding[];
  /**
   * The session slot the CLI ran in (src/runner/session-slot.ts). Its paths are in the system prompt,
   * so a resumed session reads its parent's prefix back from the prompt cache only in the same slot:
   * the next run takes it when it is free. Absent: a random temp dir, or a remote engine.
   */
  slot?: number;
}

/** One finding as a lineage remembers it: enough to name it again, not to re-post it. */
export interface LineageFinding {
  path: string;
  line: number;
  severity: string;
  title: string;
}

/** A summary is a prompt ingredient: keep it small whatever a job hands in. */
export const MAX_LINEAGE_FINDINGS = 100;
const MAX_FINDING_TEXT = 300;

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const SHA256 = /^[0-9a-f]{64}$/;
const JOB_KIND = /^[a-z][a-z0-9_-]{0,39}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Validates an untrusted value (from a store or a caller) as a LineageEntry; throws LineageEntryError. */
export function parseLineageEntry(value: unknown): LineageEntry {
  if (!isRecord(value)) throw new LineageEntryError("entry", "must be an object");
  const v = value;
  if (!isSessionId(v.sessionId)) throw new LineageEntryError("sessionId", "must be a UUID");
  if (v.parentSessionId !== null && !isSessionId(v.parentSessionId)) {
    throw new LineageEntryError("parentSessionId", "must be a UUID or null");
  }
  if (v.parentSessionId === v.sessionId)
    throw new LineageEntryError("parentSessionId", "must differ from sessionId");
  if (typeof v.jobKind !== "string" || !JOB_KIND.test(v.jobKind)) {
    throw new LineageEntryError(
      "jobKind",
      "must be a short lower-case word such as review, autofix or audit",
    );
  }
  if (typeof v.headSha !== "string" || !SHA.test(v.headSha)) {
    throw new LineageEntryError("headSha", "must be a full lower-case hex commit sha");
  }
  if (typeof v.createdAt !== "string" || Number.isNaN(Date.parse(v.createdAt))) {
    throw new LineageEntryError("createdAt", "must be an ISO-8601 timestamp");
  }
  for (const field of ["costUsd", "numTurns", "transcriptBytes"] as const) {
    const n = v[field];
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
      throw new LineageEntryError(field, "must be a finite number >= 0");
    }
  }
  if (!Number.isInteger(v.numTurns) || !Number.isInteger(v.transcriptBytes)) {
    throw new LineageEntryError("numTurns/transcriptBytes", "must be integers");
  }
  if (typeof v.transcriptSha256 !== "string" || !SHA256.test(v.transcriptSha256)) {
    throw new LineageEntryError("transcriptSha256", "must be 64 lower-case hex characters");
  }
  const optional = parseOptionalFields(v);
  return {
    sessionId: v.sessionId,
    parentSessionId: v.parentSessionId,
    jobKind: v.jobKind,
    headSha: v.headSha,
    createdAt: v.createdAt,
    costUsd: v.costUsd as number,
    numTurns: v.numTurns as number,
    transcriptSha256: v.transcriptSha256,
    transcriptBytes: v.transcriptBytes as number,
    ...optional,
  };
}

/** The fields an entry may lack (older entries, or sessions that never reached a reply). */
type OptionalEntryFields = Pick<
  LineageEntry,
  | "depth"
  | "contextTokens"
  | "replyTokens"
  | "conversationChars"
  | "uncachedChars"
  | "model"
  | "findings"
  | "slot"
>;

function parseOptionalFields(v: Record<string, unknown>): OptionalEntryFields {
  const out: OptionalEntryFields = {};
  if (v.model !== undefined) {
    // It becomes a CLI argument on resume: a model id, nothing else.
    if (typeof v.model !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._:@/[\]-]{0,99}$/.test(v.model))
      throw new LineageEntryError("model", "must be a model id");
    out.model = v.model;
  }
  for (const field of [
    "depth",
    "contextTokens",
    "replyTokens",
    "conversationChars",
    "uncachedChars",
    "slot",
  ] as const) {
    const n = v[field];
    if (n === undefined) continue;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) {
      throw new LineageEntryError(field, "must be an integer >= 0");
    }
    out[field] = n;
  }
  if ((out.uncachedChars ?? 0) > (out.conversationChars ?? Number.POSITIVE_INFINITY))
    throw new LineageEntryError("uncachedChars", "must not exceed conversationChars");
  if (v.findings !== undefined) out.findings = parseLineageFindings(v.findings);
  return out;
}

function parseLineageFindings(value: unknown): LineageFinding[] {
  if (!Array.isArray(value) || value.length > MAX_LINEAGE_FINDINGS) {
    throw new LineageEntryError("findings", `must be an array of at most ${MAX_LINEAGE_FINDINGS} findings`);
  }
  return value.map((f, i) => {
    const field = `findings[${i}]`;
    if (!isRecord(f)) throw new LineageEntryError(field, "must be an object");
    for (const key of ["path", "severity", "title"] as const) {
      const text = f[key];
      if (typeof text !== "string" || text === "" || text.length > MAX_FINDING_TEXT) {
        throw new LineageEntryError(
          `${field}.${key}`,
          `must be a string of 1 to ${MAX_FINDING_TEXT} characters`,
        );
      }
    }
    if (typeof f.line !== "number" || !Number.isInteger(f.line) || f.line < 1) {
      throw new LineageEntryError(`${field}.line`, "must be an integer >= 1");
    }
    return { path: f.path as string, line: f.line, severity: f.severity as string, title: f.title as string };
  });
}
