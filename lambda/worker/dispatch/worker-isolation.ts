import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import {
  decideIsolation,
  type IsolationDecision,
  IsolationUnavailableError,
  type OnNoIsolation,
} from "../../../src/runner/isolation/isolation-decision.js";
import { PermanentJobError } from "../job-executor.js";

/** Why the worker has no user of its own to give the agent, for the log and the refusal. */
export const WORKER_PROCESS_REASON =
  "sessions run in the worker's own process, which holds the App's credentials and has no second user to give the agent";

/**
 * How one session's agent is isolated on the worker, decided as the Action decides it. In split mode
 * (a `sessionRunner`: the agent function, whose role holds nothing) that function is the boundary,
 * and nothing is decided here. In the worker's own process there is no second uid, no PID namespace
 * and no bubblewrap (Lambda has no user namespaces): an untrusted job runs without Bash, or not at
 * all (`ON_NO_ISOLATION=fail`: a PermanentJobError before any model request); a trusted job runs as
 * the worker's user, as before.
 */
export async function workerIsolation(
  settings: JobSettings,
  job: { untrusted: boolean; onNoIsolation: OnNoIsolation },
): Promise<IsolationDecision | undefined> {
  if (settings.sessionRunner) return undefined;
  try {
    return await decideIsolation({
      agentUser: undefined,
      noAgentUserBecause: WORKER_PROCESS_REASON,
      untrusted: job.untrusted,
      onNoIsolation: job.onNoIsolation,
      settingName: "ON_NO_ISOLATION",
    });
  } catch (error) {
    if (error instanceof IsolationUnavailableError)
      throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
}
