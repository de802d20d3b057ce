import type { SessionOptions } from "../runner/session-options.js";
import type { SessionOutcome } from "../runner/session-outcome.js";
import type { StartPoint } from "../sessions/choose-start.js";
import type { ContextBound } from "../sessions/context-bound.js";
import type { LineageFinding } from "../sessions/lineage-entry.js";
import type { LineageKey } from "../sessions/lineage-key.js";
import type { RestoreResult } from "../sessions/restore-result.js";
import type { FreshStart } from "../sessions/restore-session.js";
import type { TranscriptStore } from "../sessions/transcript-store.js";
import type { SessionRunner } from "./session-runner.js";

/** The repository a session works on, as a remote engine mounts it (the CLI works in `cwd`). */
export interface SessionWorkspace {
  owner: string;
  name: string;
  headSha: string;
  /** "write" only for an autofix: its edits come back to the host (a patch, or the copy's changes). */
  access: "read" | "write";
}

/**
 * What a job hands an engine: one session's prompt, output schema, tool policy and caps, and the
 * repository it works on. Every job kind builds one in its start phase; either engine runs it.
 */
export type JobSessionPlan = Omit<SessionOptions, "resume" | "configDir" | "prompt"> & {
  jobKind: string;
  /** The prompt can depend on where the session starts (e.g. "you reviewed this PR at <sha>"). */
  prompt: string | ((restore: RestoreResult) => string | Promise<string>);
  workspace: SessionWorkspace;
  /** Where a CLI session runs; default the CLI in this process (a door may run it elsewhere). */
  sessionRunner?: SessionRunner;
};

/** Where a session is recorded, so later sessions of the PR or branch fork from it (CLI engine only). */
export interface LineagePlan {
  store: TranscriptStore;
  /** Where the new session is recorded (the PR, or the default branch for audits). */
  lineageKey: LineageKey;
  /** Fallback parent when the lineage is empty (the PR's base branch). */
  baseKey?: LineageKey;
  jobKind: string;
  headSha: string;
  keepLast?: number;
  /** When to stop resuming and start fresh from a summary (default DEFAULT_CONTEXT_BOUND). */
  contextBound?: ContextBound;
  /**
   * Start fresh even within the bound, from the parent's summary or from nothing, for this reason (a
   * review whose resumed conversation is estimated to cost more than a fresh start: chooseLineageStart).
   */
  startFresh?: FreshStart;
  /**
   * Where the session starts, when the job already read the lineage to decide (chooseLineageStart):
   * the engine uses it instead of reading the index again (one store read per review, not two).
   */
  start?: StartPoint;
  /** The job's conclusions to remember in the lineage entry (for a later summary). */
  findingsOf?: (outcome: SessionOutcome) => LineageFinding[] | undefined;
}

/** A session's end as every job's finish phase takes it, whichever engine ran it. */
export interface JobSessionResult {
  /** Its failure reasons carry the engine's own cause (CLI exit, API error, session error, deadline). */
  outcome: SessionOutcome;
  /** How the session started (fresh, forked, or fresh after a failed restore, with the reason). */
  restore: RestoreResult;
  /** Set when the session was recorded in the lineage; a failure to record is a note, not a job failure. */
  recorded?: { sessionId: string; redactions: number };
  notes: string[];
}

/** Runs a job's session to its end. */
export interface Engine {
  readonly name: "cli" | "managed-agents";
  /**
   * Where an edit session's changes end up: in the plan's `cwd` (the CLI), or as
   * `outcome.workspacePatch`, to be applied by the job (a remote container).
   */
  readonly editsComeBackAsPatch: boolean;
  /**
   * What the agent reads: the plan's local `cwd` (the CLI, so a job needs a checkout), or the
   * commit the engine mounts from GitHub itself (a remote container, so a job needs a pushed commit).
   */
  readonly reads: "local-checkout" | "mounted-commit";
  run(
    plan: JobSessionPlan,
    lineage: LineagePlan | undefined,
    secretValues: readonly string[],
  ): Promise<JobSessionResult>;
}

/** What a door stores between beginning a session and settling it (one DynamoDB item on Lambda). */
export interface SessionHandle {
  sessionId: string;
  startedAt: string;
  maxTurns?: number;
  /** When the job's time is up (ISO): a settle step that finds the session still working stops it. */
  deadlineAt?: string;
}

/** A look at a begun session: still working, or ended with its result. */
export type SessionLook = { state: "waiting" } | { state: "ended"; session: JobSessionResult };

/**
 * An engine whose session can outlive the process that began it: a later step (a webhook, a
 * sweeper) settles it. The job's start and finish phases are the same as for `run`.
 */
export interface DetachedEngine extends Engine {
  begin(plan: JobSessionPlan, mountToken?: () => Promise<string>): Promise<SessionHandle>;
  /** Answers what the session waits on, or returns its end; `check` is what `plan` held for it. */
  look(
    handle: SessionHandle,
    check: Pick<JobSessionPlan, "jsonSchema" | "policy"> & { access?: "read" | "write" },
  ): Promise<SessionLook>;
  /** The result an earlier session submitted, if it was valid against `jsonSchema` (else undefined). */
  resultOf(sessionId: string, jsonSchema: Record<string, unknown>): Promise<unknown>;
}
