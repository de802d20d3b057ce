import type {
  DetachedEngine,
  JobSessionPlan,
  JobSessionResult,
  SessionHandle,
} from "../../engines/engine.js";
import type { GitHubAccess } from "./github-access.js";
import { settleJobSession } from "./run-job-session.js";

/** Every detached job's record: what its kind is, its session, and the repository it works on. */
export interface DetachedJobRecord extends SessionHandle {
  kind?: "review" | "audit" | "autofix" | "ask";
  owner: string;
  repo: string;
}

/** What a settle step lends a job's finish phase: GitHub (asked for only once it publishes) and its wiring. */
export interface FinishContext {
  octokit: GitHubAccess;
  /** git's environment for a checkout the finish makes (the settle step's own, never the agent's). */
  hostEnv: NodeJS.ProcessEnv;
  /** A checkout of the record's repository at `at`, removed by the caller (an autofix lands its patch there). */
  checkoutAt?: (at: { headSha: string; baseSha: string }) => Promise<string>;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

/** What a finish phase published, whatever the job kind. */
export interface FinishedJob<Result> {
  result: Result;
  session: JobSessionResult;
  /** One word for the log and the job's result (the review's conclusion, "answered", "head_moved"). */
  conclusion: string;
}

/**
 * A job kind's finish phase, as a step other than the one that began the session runs it: the
 * schema and policy the session's end is checked against, and what is published from it. The start
 * phase is the job's own session plan, handed to `beginJob`.
 */
export interface DetachedJob<R extends DetachedJobRecord, Result> {
  check(record: R): Parameters<DetachedEngine["look"]>[1];
  finish(record: R, session: JobSessionResult, context: FinishContext): Promise<FinishedJob<Result>>;
}

/** Begins the job's planned session on a detached engine: the handle joins the job's record. */
export async function beginJob<Facts extends Omit<DetachedJobRecord, keyof SessionHandle>>(
  engine: DetachedEngine,
  plan: JobSessionPlan,
  facts: Facts,
  mountToken?: () => Promise<string>,
): Promise<Facts & SessionHandle> {
  return { ...facts, ...(await engine.begin(plan, mountToken)) };
}

export type SettledJob<Result> =
  | { status: "waiting" }
  /** The session ended, but another settle step holds the right to publish it: nothing was published. */
  | { status: "claimed_elsewhere" }
  | ({ status: "published" } & FinishedJob<Result>);

/**
 * One settle step's work on a begun session: answer what it waits on, or, once it ended and this
 * step holds the right to publish it (`claim`), run the job's finish phase: the same checks and
 * publishing as when the session runs to its end in one process.
 */
export async function settleJob<R extends DetachedJobRecord, Result>(
  job: DetachedJob<R, Result>,
  engine: DetachedEngine,
  record: R,
  context: FinishContext & { claim?: () => Promise<boolean>; secretValues?: readonly string[] },
): Promise<SettledJob<Result>> {
  const settled = await settleJobSession(
    engine,
    record,
    job.check(record),
    context.claim,
    context.secretValues ?? [],
  );
  if (settled.status !== "settled") return settled;
  return { status: "published", ...(await job.finish(record, settled.session, context)) };
}
