import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ManagedAgentsEngine } from "../../runner/managed-agents/managed-agents-engine.js";
import type { RemoteWorkspace } from "../../runner/managed-agents/run-managed-session.js";
import type { SessionOptions } from "../../runner/session-options.js";
import type { SessionOutcome } from "../../runner/session-outcome.js";
import { holdsSecret, joinedStrings } from "../../secrets/secret-forms.js";
import { captureSession } from "../../sessions/capture-session.js";
import { chooseStart } from "../../sessions/choose-start.js";
import { type ContextBound, DEFAULT_CONTEXT_BOUND } from "../../sessions/context-bound.js";
import type { LineageFinding } from "../../sessions/lineage-entry.js";
import type { LineageKey } from "../../sessions/lineage-key.js";
import { parentSessionId, type RestoreResult, resumeOption } from "../../sessions/restore-result.js";
import { restoreSession } from "../../sessions/restore-session.js";
import { resumeRefusal, runWithResumeFallback } from "../../sessions/resume-refusal.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import { runSessionHere, type SessionRunner } from "./session-runner.js";

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
  /** The job's conclusions to remember in the lineage entry (for a later summary). */
  findingsOf?: (outcome: SessionOutcome) => LineageFinding[] | undefined;
}

export interface JobSessionResult {
  outcome: SessionOutcome;
  /** How the session started (fresh, forked, or fresh after a failed restore, with the reason). */
  restore: RestoreResult;
  /** Set when the session was recorded in the lineage; a failure to record is a note, not a job failure. */
  recorded?: { sessionId: string; redactions: number };
  notes: string[];
}

/**
 * One session with lineage: choose the parent (PR lineage, else base branch, else fresh), restore its
 * transcript, run with `--resume <id> --fork-session`, fall back to a fresh session once if the CLI
 * refuses the parent, then store the new transcript and append it to the lineage. Without a store it
 * is a plain fresh session.
 */
export type JobSessionOptions = Omit<SessionOptions, "resume" | "configDir" | "prompt"> & {
  /** The prompt can depend on where the session starts (e.g. "you reviewed this PR at <sha>"). */
  prompt: string | ((restore: RestoreResult) => string | Promise<string>);
  /** Run on Managed Agents instead of the local CLI (see remoteSession). */
  remote?: RemoteJobSession;
  /** Default: the CLI in this process. */
  sessionRunner?: SessionRunner;
};

export interface RemoteJobSession {
  engine: ManagedAgentsEngine;
  jobKind: string;
  workspace: RemoteWorkspace;
}

/** The `remote` option for a job when its settings chose the Managed Agents engine. */
export function remoteSession(
  engine: ManagedAgentsEngine | undefined,
  jobKind: string,
  workspace: RemoteWorkspace,
): { remote?: RemoteJobSession } {
  return engine ? { remote: { engine, jobKind, workspace } } : {};
}

const REMOTE_START: RestoreResult = {
  status: "fresh",
  reason: "no_prior_session",
  message:
    "Started a fresh Managed Agents session: local transcripts do not carry over to the remote engine.",
};

/**
 * The same job on the remote engine: same prompt, schema, budget, deadline and policy (which confirms
 * the agent's shell commands); no local transcript lineage, since the conversation lives remotely.
 */
/** Where a settle step stands with a remote session: still running, another step's to publish, or ours. */
export type RemoteSessionSettle =
  | { status: "waiting" }
  | { status: "claimed_elsewhere" }
  | { status: "settled"; session: JobSessionResult };

/**
 * One look at a started Managed Agents session with the job's schema, policy, turn cap and deadline
 * (see ManagedAgentsEngine.settle); once it ended, the right to publish it is claimed (`claim`: at
 * most one settle step publishes a session).
 */
export async function settleRemoteJobSession(
  engine: ManagedAgentsEngine,
  record: { sessionId: string; maxTurns?: number; deadlineAt?: string },
  job: Omit<Parameters<ManagedAgentsEngine["settle"]>[1], "maxTurns" | "deadlineAt">,
  claim: (() => Promise<boolean>) | undefined,
): Promise<RemoteSessionSettle> {
  const settled = await engine.settle(record.sessionId, {
    ...job,
    ...(record.maxTurns === undefined ? {} : { maxTurns: record.maxTurns }),
    ...(record.deadlineAt === undefined ? {} : { deadlineAt: Date.parse(record.deadlineAt) }),
  });
  if (settled.state === "waiting") return { status: "waiting" };
  if (claim && !(await claim())) return { status: "claimed_elsewhere" };
  return { status: "settled", session: settledRemoteSession(settled.outcome) };
}

/**
 * A Managed Agents session that its webhook settled, as the session result the jobs' publishing takes:
 * a fresh start (local transcripts never carry over to the remote engine), nothing recorded.
 */
function settledRemoteSession(outcome: SessionOutcome): JobSessionResult {
  return {
    outcome,
    restore: {
      status: "fresh",
      reason: "no_prior_session",
      message: "A Managed Agents session, settled from its webhook.",
    },
    notes: [],
  };
}

async function runRemoteJobSession(
  jobOptions: JobSessionOptions,
  remote: RemoteJobSession,
): Promise<JobSessionResult> {
  const prompt =
    typeof jobOptions.prompt === "string" ? jobOptions.prompt : await jobOptions.prompt(REMOTE_START);
  if (typeof jobOptions.jsonSchema !== "object" || jobOptions.jsonSchema === null) {
    throw new Error(
      "the managed-agents engine needs the job's output schema (it becomes submit_result's input)",
    );
  }
  if (jobOptions.maxBudgetUsd === undefined) {
    throw new Error("the managed-agents engine needs a dollar cap (it becomes the session budget)");
  }
  const outcome = await remote.engine.run({
    jobKind: remote.jobKind,
    prompt,
    jsonSchema: jobOptions.jsonSchema as Record<string, unknown>,
    maxBudgetUsd: jobOptions.maxBudgetUsd,
    workspace: remote.workspace,
    policy: jobOptions.policy,
    policyRoot: jobOptions.cwd,
    ...(jobOptions.deadlineMs === undefined ? {} : { deadlineMs: jobOptions.deadlineMs }),
    ...(jobOptions.maxTurns === undefined ? {} : { maxTurns: jobOptions.maxTurns }),
    ...(jobOptions.model ? { model: jobOptions.model } : {}),
    ...(jobOptions.appendSystemPrompt ? { appendSystemPrompt: jobOptions.appendSystemPrompt } : {}),
  });
  return { outcome, restore: REMOTE_START, notes: [] };
}

/**
 * Runs the job's session on its engine, then checks its structured output as one text: a secret the
 * job holds, in any encoding or split across fields, fails the session before anything is published.
 */
export async function runJobSession(
  jobOptions: JobSessionOptions,
  lineage: LineagePlan | undefined,
  secretValues: readonly string[],
): Promise<JobSessionResult> {
  const result = await runJobSessionOnEngine(jobOptions, lineage, secretValues);
  return { ...result, outcome: withoutSecretOutput(result.outcome, secretValues) };
}

async function runJobSessionOnEngine(
  jobOptions: JobSessionOptions,
  lineage: LineagePlan | undefined,
  secretValues: readonly string[],
): Promise<JobSessionResult> {
  if (jobOptions.remote) return runRemoteJobSession(jobOptions, jobOptions.remote);
  const notes: string[] = [];
  const configRoot = await mkdtemp(join(tmpdir(), "cpr-session-"));
  try {
    let attempt = 0;
    const runOnce = async (restore: RestoreResult): Promise<SessionOutcome> => {
      // A fresh config dir per attempt: a refused parent must not leave state for the fresh run.
      const configDir = join(configRoot, `attempt-${attempt++}`);
      const resume = resumeOption(restore);
      const prompt =
        typeof jobOptions.prompt === "string" ? jobOptions.prompt : await jobOptions.prompt(restore);
      const { sessionRunner = runSessionHere, remote: _remote, ...sessionOptions } = jobOptions;
      const options: SessionOptions = { ...sessionOptions, prompt, configDir, ...(resume ? { resume } : {}) };
      const outcome = await sessionRunner(options);
      lastConfigDir = configDir;
      return outcome;
    };
    let lastConfigDir = join(configRoot, "attempt-0");

    if (!lineage) {
      const restore: RestoreResult = {
        status: "fresh",
        reason: "no_prior_session",
        message: "Started a fresh session: no session store is configured.",
      };
      return { outcome: await runOnce(restore), restore, notes };
    }

    const start = await chooseStart(lineage.store, lineage.lineageKey, lineage.baseKey);
    const firstConfigDir = join(configRoot, "attempt-0");
    const restored = await restoreSession({
      store: lineage.store,
      start,
      configDir: firstConfigDir,
      cwd: jobOptions.cwd,
      bound: lineage.contextBound ?? DEFAULT_CONTEXT_BOUND,
    });
    const { value: outcome, restore } = await runWithResumeFallback(restored, runOnce, (o) =>
      resumeRefusal({ exitCode: o.exitCode, errors: o.errors, stderr: o.stderrTail }),
    );

    const result: JobSessionResult = { outcome, restore, notes };
    if (outcome.sessionId && outcome.exitCode !== 0) {
      // A failed turn is not a good parent: the next run would inherit half a conversation.
      notes.push(`session ${outcome.sessionId} failed, so it was not added to ${lineage.lineageKey.key}`);
    } else if (outcome.sessionId) {
      try {
        const captured = await captureSession({
          store: lineage.store,
          lineageKey: lineage.lineageKey,
          configDir: lastConfigDir,
          cwd: jobOptions.cwd,
          sessionId: outcome.sessionId,
          parentSessionId: parentSessionId(restore),
          jobKind: lineage.jobKind,
          headSha: lineage.headSha,
          costUsd: outcome.totalCostUsd ?? 0,
          numTurns: outcome.numTurns ?? 0,
          secretValues,
          depth: restore.status === "restored" ? (restore.start.entry.depth ?? 0) + 1 : 0,
          ...optionalFindings(lineage.findingsOf?.(outcome)),
          ...(lineage.keepLast === undefined ? {} : { keepLast: lineage.keepLast }),
        });
        result.recorded = { sessionId: captured.entry.sessionId, redactions: captured.redactions };
      } catch (error) {
        notes.push(`session ${outcome.sessionId} was not stored: ${(error as Error).message}`);
      }
    }
    return result;
  } finally {
    await rm(configRoot, { recursive: true, force: true });
  }
}

function optionalFindings(findings: LineageFinding[] | undefined): { findings?: LineageFinding[] } {
  return findings ? { findings } : {};
}

/**
 * The last layer behind "the agent never holds a secret": the joined text of every string the agent
 * put in its structured output (what the job would publish), normalised, holds no form of a secret
 * the job knows. If it does, the output is dropped and the session fails with the reason, so no
 * field of it reaches GitHub, the step outputs or the log.
 */
export function withoutSecretOutput(
  outcome: SessionOutcome,
  secretValues: readonly string[],
): SessionOutcome {
  if (
    outcome.structuredOutput === undefined ||
    !holdsSecret(joinedStrings(outcome.structuredOutput), secretValues)
  ) {
    return outcome;
  }
  const { structuredOutput: _dropped, ...rest } = outcome;
  return {
    ...rest,
    exitCode: 1,
    isError: true,
    failureReasons: [
      ...outcome.failureReasons,
      "the agent's output carries a secret the job holds (encoded, or split across fields); none of it is published",
    ],
  };
}
