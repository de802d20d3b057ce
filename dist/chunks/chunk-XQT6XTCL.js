import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);

// src/sessions/session-errors.ts
var LineageKeyError = class extends Error {
  constructor(input, problem) {
    super(
      `invalid lineage key ${JSON.stringify(input)}: ${problem}. Expected {owner}/{repo}/pr/{number} or {owner}/{repo}/branch/{name}`
    );
    this.input = input;
    this.problem = problem;
  }
  input;
  problem;
  name = "LineageKeyError";
};
var LineageEntryError = class extends Error {
  constructor(field, problem) {
    super(`invalid lineage entry: ${field} ${problem}`);
    this.field = field;
  }
  field;
  name = "LineageEntryError";
};
var LineageIndexCorruptError = class extends Error {
  constructor(lineageKey, location, problem) {
    super(
      `lineage index of ${lineageKey} at ${location} is unreadable (${problem}); fix or delete it (claude-pr-runner sessions prune --lineage <key> --delete) to start the lineage afresh`
    );
    this.lineageKey = lineageKey;
    this.location = location;
  }
  lineageKey;
  location;
  name = "LineageIndexCorruptError";
};
var IndexConflictError = class extends Error {
  constructor(lineageKey, expectedVersion) {
    super(
      `lineage index of ${lineageKey} changed concurrently (expected ${expectedVersion ?? "no index"}); re-read it and retry`
    );
    this.lineageKey = lineageKey;
    this.expectedVersion = expectedVersion;
  }
  lineageKey;
  expectedVersion;
  name = "IndexConflictError";
};
var IndexContentionError = class extends Error {
  constructor(lineageKey, attempts) {
    super(
      `could not append to the lineage index of ${lineageKey} after ${attempts} attempts: other writers kept changing it; the entry was not recorded, retry the job`
    );
    this.lineageKey = lineageKey;
    this.attempts = attempts;
  }
  lineageKey;
  attempts;
  name = "IndexContentionError";
};
var SessionIdError = class extends Error {
  constructor(input) {
    super(
      `invalid session id ${JSON.stringify(input)}: expected a UUID such as the CLI prints in system/init`
    );
    this.input = input;
  }
  input;
  name = "SessionIdError";
};
var TranscriptNotFoundError = class extends Error {
  constructor(sessionId, searched) {
    super(`transcript of session ${sessionId} not found; looked in ${searched.join(", ")}`);
    this.sessionId = sessionId;
    this.searched = searched;
  }
  sessionId;
  searched;
  name = "TranscriptNotFoundError";
};
var TranscriptCorruptError = class extends Error {
  constructor(location, problem) {
    super(`stored transcript ${location} is corrupt: ${problem}`);
    this.location = location;
  }
  location;
  name = "TranscriptCorruptError";
};
var TranscriptUntrustedError = class extends Error {
  constructor(location, reason) {
    super(`stored transcript ${location} was refused: ${reason}`);
    this.location = location;
    this.reason = reason;
  }
  location;
  reason;
  name = "TranscriptUntrustedError";
};
var UnsafeTranscriptError = class extends Error {
  constructor(location, reason) {
    super(`the transcript at ${location} was not read: ${reason}`);
    this.location = location;
    this.reason = reason;
  }
  location;
  reason;
  name = "UnsafeTranscriptError";
};

// src/sessions/lineage-key.ts
var OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,99})$/;
var REPO = /^[A-Za-z0-9._-]{1,100}$/;
function checkOwnerRepo(input, owner, repo) {
  if (!OWNER.test(owner))
    throw new LineageKeyError(input, `owner ${JSON.stringify(owner)} is not a GitHub login`);
  if (!REPO.test(repo) || repo === "." || repo === "..") {
    throw new LineageKeyError(input, `repo ${JSON.stringify(repo)} is not a GitHub repository name`);
  }
}
function branchNameProblem(name) {
  if (name.length === 0) return "branch name is empty";
  if (name.length > 255) return "branch name is longer than 255 characters";
  if (name.startsWith("refs/")) return 'branch name must be short (without "refs/heads/")';
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) return "branch name contains a character git forbids";
  if (name.includes("..") || name.includes("@{") || name.includes("//"))
    return "branch name contains '..', '@{' or '//'";
  if (name.startsWith("/") || name.endsWith("/") || name.endsWith(".") || name === "@") {
    return "branch name starts or ends with a character git forbids there";
  }
  if (name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"))) {
    return "a branch name component starts with '.' or ends with '.lock'";
  }
  return void 0;
}
function prLineageKey(owner, repo, number) {
  const key = `${owner}/${repo}/pr/${number}`;
  checkOwnerRepo(key, owner, repo);
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new LineageKeyError(key, "the PR number must be a positive integer");
  }
  return { kind: "pr", owner, repo, number, key };
}
function branchLineageKey(owner, repo, branch) {
  const key = `${owner}/${repo}/branch/${branch}`;
  checkOwnerRepo(key, owner, repo);
  const problem = branchNameProblem(branch);
  if (problem) throw new LineageKeyError(key, problem);
  return { kind: "branch", owner, repo, branch, key };
}
function parseLineageKey(input) {
  const parts = input.split("/");
  const [owner, repo, kind, ...rest] = parts;
  if (owner === void 0 || repo === void 0 || kind === void 0 || rest.length === 0) {
    throw new LineageKeyError(input, "it has fewer than four '/'-separated parts");
  }
  if (kind === "pr") {
    const text = rest.join("/");
    if (!/^[1-9][0-9]*$/.test(text))
      throw new LineageKeyError(input, `PR number ${JSON.stringify(text)} is not a positive integer`);
    return prLineageKey(owner, repo, Number(text));
  }
  if (kind === "branch") return branchLineageKey(owner, repo, rest.join("/"));
  throw new LineageKeyError(input, `the third part must be "pr" or "branch", not ${JSON.stringify(kind)}`);
}
function lineageStoragePath(key) {
  if (key.kind === "pr") return `${key.owner}/${key.repo}/pr/${key.number}`;
  return `${key.owner}/${key.repo}/branch/${encodeURIComponent(key.branch)}`;
}
function lineageKeyFromStoragePath(path) {
  const parts = path.split("/");
  if (parts.length !== 4) return void 0;
  const [owner, repo, kind, last] = parts;
  try {
    if (kind === "branch") return branchLineageKey(owner, repo, decodeURIComponent(last));
    if (kind === "pr" && /^[1-9][0-9]*$/.test(last)) return prLineageKey(owner, repo, Number(last));
  } catch {
    return void 0;
  }
  return void 0;
}
function repositoryStoragePath(owner, repo) {
  checkOwnerRepo(`${owner}/${repo}`, owner, repo);
  return `${owner}/${repo}`;
}

// src/sessions/session-id.ts
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function assertSessionId(id) {
  if (!UUID.test(id)) throw new SessionIdError(id);
  return id;
}
function isSessionId(id) {
  return typeof id === "string" && UUID.test(id);
}

// src/sessions/lineage-entry.ts
var MAX_LINEAGE_FINDINGS = 100;
var MAX_FINDING_TEXT = 300;
var SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
var SHA256 = /^[0-9a-f]{64}$/;
var JOB_KIND = /^[a-z][a-z0-9_-]{0,39}$/;
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function parseLineageEntry(value) {
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
      "must be a short lower-case word such as review, autofix or audit"
    );
  }
  if (typeof v.headSha !== "string" || !SHA.test(v.headSha)) {
    throw new LineageEntryError("headSha", "must be a full lower-case hex commit sha");
  }
  if (typeof v.createdAt !== "string" || Number.isNaN(Date.parse(v.createdAt))) {
    throw new LineageEntryError("createdAt", "must be an ISO-8601 timestamp");
  }
  for (const field of ["costUsd", "numTurns", "transcriptBytes"]) {
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
    costUsd: v.costUsd,
    numTurns: v.numTurns,
    transcriptSha256: v.transcriptSha256,
    transcriptBytes: v.transcriptBytes,
    ...optional
  };
}
function parseOptionalFields(v) {
  const out = {};
  if (v.model !== void 0) {
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
    "slot"
  ]) {
    const n = v[field];
    if (n === void 0) continue;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) {
      throw new LineageEntryError(field, "must be an integer >= 0");
    }
    out[field] = n;
  }
  if ((out.uncachedChars ?? 0) > (out.conversationChars ?? Number.POSITIVE_INFINITY))
    throw new LineageEntryError("uncachedChars", "must not exceed conversationChars");
  if (v.findings !== void 0) out.findings = parseLineageFindings(v.findings);
  return out;
}
function parseLineageFindings(value) {
  if (!Array.isArray(value) || value.length > MAX_LINEAGE_FINDINGS) {
    throw new LineageEntryError("findings", `must be an array of at most ${MAX_LINEAGE_FINDINGS} findings`);
  }
  return value.map((f, i) => {
    const field = `findings[${i}]`;
    if (!isRecord(f)) throw new LineageEntryError(field, "must be an object");
    for (const key of ["path", "severity", "title"]) {
      const text = f[key];
      if (typeof text !== "string" || text === "" || text.length > MAX_FINDING_TEXT) {
        throw new LineageEntryError(
          `${field}.${key}`,
          `must be a string of 1 to ${MAX_FINDING_TEXT} characters`
        );
      }
    }
    if (typeof f.line !== "number" || !Number.isInteger(f.line) || f.line < 1) {
      throw new LineageEntryError(`${field}.line`, "must be an integer >= 1");
    }
    return { path: f.path, line: f.line, severity: f.severity, title: f.title };
  });
}

// src/sessions/lineage-index.ts
var LINEAGE_INDEX_SCHEMA = "claude-pr-runner/lineage-index@1";
function emptyLineageIndex(key) {
  return { schema: LINEAGE_INDEX_SCHEMA, lineageKey: key.key, entries: [], prunedCount: 0 };
}
function serializeLineageIndex(index) {
  return new TextEncoder().encode(`${JSON.stringify(index, null, 2)}
`);
}
function parseLineageIndex(key, bytes, location) {
  let value;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new LineageIndexCorruptError(key.key, location, `not JSON: ${error.message}`);
  }
  if (typeof value !== "object" || value === null)
    throw new LineageIndexCorruptError(key.key, location, "not an object");
  const v = value;
  if (v.schema !== LINEAGE_INDEX_SCHEMA) {
    throw new LineageIndexCorruptError(key.key, location, `unknown schema ${JSON.stringify(v.schema)}`);
  }
  if (v.lineageKey !== key.key) {
    throw new LineageIndexCorruptError(
      key.key,
      location,
      `it belongs to lineage ${JSON.stringify(v.lineageKey)}`
    );
  }
  if (!Array.isArray(v.entries))
    throw new LineageIndexCorruptError(key.key, location, "entries is not an array");
  const prunedCount = typeof v.prunedCount === "number" && Number.isInteger(v.prunedCount) ? v.prunedCount : 0;
  try {
    return {
      schema: LINEAGE_INDEX_SCHEMA,
      lineageKey: key.key,
      entries: v.entries.map(parseLineageEntry),
      prunedCount
    };
  } catch (error) {
    throw new LineageIndexCorruptError(key.key, location, error.message);
  }
}
function appendToIndex(index, entry) {
  const checked = parseLineageEntry(entry);
  if (index.entries.some((e) => e.sessionId === checked.sessionId)) {
    throw new LineageEntryError(
      "sessionId",
      `${checked.sessionId} is already in lineage ${index.lineageKey}`
    );
  }
  return { ...index, entries: [...index.entries, checked] };
}
function pruneIndex(index, keepLast) {
  if (!Number.isInteger(keepLast) || keepLast < 1) {
    throw new RangeError(`keepLast must be an integer >= 1, got ${keepLast}`);
  }
  const excess = Math.max(0, index.entries.length - keepLast);
  if (excess === 0) return { index, dropped: [] };
  return {
    index: { ...index, entries: index.entries.slice(excess), prunedCount: index.prunedCount + excess },
    dropped: index.entries.slice(0, excess)
  };
}
function latestEntry(index) {
  return index?.entries.at(-1);
}

export {
  LineageKeyError,
  IndexConflictError,
  IndexContentionError,
  TranscriptNotFoundError,
  TranscriptCorruptError,
  TranscriptUntrustedError,
  UnsafeTranscriptError,
  prLineageKey,
  branchLineageKey,
  parseLineageKey,
  lineageStoragePath,
  lineageKeyFromStoragePath,
  repositoryStoragePath,
  assertSessionId,
  MAX_LINEAGE_FINDINGS,
  emptyLineageIndex,
  serializeLineageIndex,
  parseLineageIndex,
  appendToIndex,
  pruneIndex,
  latestEntry
};
