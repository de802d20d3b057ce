import type { DetachedEngine } from "../../../src/engines/engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import type { RemoteJobRecord } from "../../shared/session-record-store.js";
import type { JobResult } from "../job-executor.js";
import type { RemoteEngineWiring, WorkerJob } from "./worker-job.js";

/** The deployment's Managed Agents engine behind the engine interface. */
export async function detachedEngineOf(remote: RemoteEngineWiring): Promise<DetachedEngine> {
  return new ManagedAgentsJobEngine(await remote.engine());
}

/**
 * Records a begun session for the settle function, with the installation and the job's spend
 * reservation, and returns the worker job's result: Anthropic's webhook settles the rest, and the
 * session's cost is known only then, so the job's spend reservation stays booked (`costPending`).
 */
export async function recordDetachedSession(
  run: WorkerJob,
  remote: RemoteEngineWiring,
  what: string,
  record: RemoteJobRecord,
): Promise<JobResult> {
  await remote.store.put(record, {
    installationId: run.job.installationId,
    ...(run.spendReservation ? { spendReservation: run.spendReservation } : {}),
  });
  return detachedSessionStarted(run, what, record);
}

/** The worker job's result once its begun session is recorded (see recordDetachedSession). */
export function detachedSessionStarted(run: WorkerJob, what: string, record: RemoteJobRecord): JobResult {
  const { headSha, checkRunId } = record as { headSha?: string; checkRunId?: number };
  run.context.logger.info(`managed-agents ${what} started; its webhook settles it`, {
    sessionId: record.sessionId,
    ...(headSha === undefined ? {} : { headSha }),
    ...(checkRunId === undefined ? {} : { checkRunId }),
  });
  return {
    status: "completed",
    conclusion: "session_started",
    sessionId: record.sessionId,
    costPending: true,
  };
}
