// Typed errors of src/sessions: each says what was wrong and what the caller can do about it.

/** A lineage key string does not follow `{owner}/{repo}/pr/{number}` or `{owner}/{repo}/branch/{name}`. */
export class LineageKeyError extends Error {
  override readonly name = "LineageKeyError";
  constructor(
    readonly input: string,
    readonly problem: string,
  ) {
    super(
      `invalid lineage key ${JSON.stringify(input)}: ${problem}. ` +
        "Expected {owner}/{repo}/pr/{number} or {owner}/{repo}/branch/{name}",
    );
  }
}

/** A lineage entry is missing a field or holds a value of the wrong shape. */
export class LineageEntryError extends Error {
  override readonly name = "LineageEntryError";
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`invalid lineage entry: ${field} ${problem}`);
  }
}

/** The stored lineage index could not be parsed; it is left untouched so nothing is lost. */
export class LineageIndexCorruptError extends Error {
  override readonly name = "LineageIndexCorruptError";
  constructor(
    readonly lineageKey: string,
    readonly location: string,
    problem: string,
  ) {
    super(
      `lineage index of ${lineageKey} at ${location} is unreadable (${problem}); ` +
        "fix or delete it (claude-pr-runner sessions prune --lineage <key> --delete) to start the lineage afresh",
    );
  }
}

/** Compare-and-swap on a lineage index lost against a concurrent writer; re-read and retry. */
export class IndexConflictError extends Error {
  override readonly name = "IndexConflictError";
  constructor(
    readonly lineageKey: string,
    readonly expectedVersion: string | undefined,
  ) {
    super(
      `lineage index of ${lineageKey} changed concurrently (expected ${expectedVersion ?? "no index"}); ` +
        "re-read it and retry",
    );
  }
}

/** Appending kept losing the compare-and-swap: the index is under heavy contention. */
export class IndexContentionError extends Error {
  override readonly name = "IndexContentionError";
  constructor(
    readonly lineageKey: string,
    readonly attempts: number,
  ) {
    super(
      `could not append to the lineage index of ${lineageKey} after ${attempts} attempts: ` +
        "other writers kept changing it; the entry was not recorded, retry the job",
    );
  }
}

/** A session id is not a UUID as printed by the CLI (it becomes a file/object name, so it is checked). */
export class SessionIdError extends Error {
  override readonly name = "SessionIdError";
  constructor(readonly input: string) {
    super(
      `invalid session id ${JSON.stringify(input)}: expected a UUID such as the CLI prints in system/init`,
    );
  }
}

/** The transcript of a finished session was not where the CLI writes it. */
export class TranscriptNotFoundError extends Error {
  override readonly name = "TranscriptNotFoundError";
  constructor(
    readonly sessionId: string,
    readonly searched: string[],
  ) {
    super(`transcript of session ${sessionId} not found; looked in ${searched.join(", ")}`);
  }
}

/** A stored transcript object exists but cannot be decoded (e.g. not valid gzip). */
export class TranscriptCorruptError extends Error {
  override readonly name = "TranscriptCorruptError";
  constructor(
    readonly location: string,
    problem: string,
  ) {
    super(`stored transcript ${location} is corrupt: ${problem}`);
  }
}

/**
 * A stored transcript that did not come from one of our own trusted runs (a fork's workflow, another
 * repository): it is never restored, because a poisoned transcript would steer the next session.
 */
export class TranscriptUntrustedError extends Error {
  override readonly name = "TranscriptUntrustedError";
  constructor(
    readonly location: string,
    readonly reason: string,
  ) {
    super(`stored transcript ${location} was refused: ${reason}`);
  }
}

/**
 * What stands where a finished session's transcript should be is not a file the host may read: the
 * config directory was the agent's while it ran, so the agent could have left a link, a FIFO or a
 * file too big to hold there. Nothing is read through it and nothing is stored.
 */
export class UnsafeTranscriptError extends Error {
  override readonly name = "UnsafeTranscriptError";
  constructor(
    readonly location: string,
    readonly reason: string,
  ) {
    super(`the transcript at ${location} was not read: ${reason}`);
  }
}
