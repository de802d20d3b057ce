import type { RemoteJobRecord } from "../../shared/session-record-store.js";
import type { JobResult } from "../job-executor.js";
import type { RemoteEngineWiring, WorkerJob } from "./worker-job.js";

/** Records a started session for the settle function, with the installation and the job's spend reservation. */
export async function recordRemoteSession(
  run: WorkerJob,
  remote: RemoteEngineWiring,
  record: RemoteJobRecord,
): Promise<void> {
  await remote.store.put(record, {
    installationId: run.job.installationId,
    ...(run.spendReservation ? { spendReservation: run.spendReservation } : {}),
  });
}

/**
 * A worker job's result once its Managed Agents session is started and recorded: Anthropic's webhook
 * settles the rest, and the session's cost is known only then, so the job's spend reservation stays
 * booked (`costPending`).
 */
export function remoteSessionStarted(
  run: WorkerJob,
  what: string,
  record: { sessionId: string; headSha?: string; checkRunId?: number },
): JobResult {
  run.context.logger.info(`managed-agents ${what} started; its webhook settles it`, {
    sessionId: record.sessionId,
    ...(record.headSha === undefined ? {} : { headSha: record.headSha }),
    ...(record.checkRunId === undefined ? {} : { checkRunId: record.checkRunId }),
  });
  return {
    status: "completed",
    conclusion: "session_started",
    sessionId: record.sessionId,
    costPending: true,
  };
}
