import type { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import type { GitHubClient } from "../../../src/github/github-client.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { TranscriptStore } from "../../../src/sessions/transcript-store.js";
import type { JobMessage } from "../../shared/job-message.js";
import type { SessionRecordStore, SpendReservationRef } from "../../shared/session-record-store.js";
import type { JobExecutionContext } from "../job-executor.js";
import type { JobRuntimeConfig } from "../job-runtime-config.js";

/** Everything one job kind needs from the worker, prepared once per job by the executor. */
export interface WorkerJob {
  job: JobMessage;
  context: JobExecutionContext;
  config: JobRuntimeConfig;
  /** Authenticated as the App installation. */
  octokit: GitHubClient;
  store: TranscriptStore | undefined;
  /** This job's own directory under the work root; removed when the job ends. */
  workDir: string;
  /**
   * Settings for one session, computed when called: the session's deadline is what is left of the
   * job's budget minus the time publishing needs, so the check run is completed before Lambda stops.
   * A session that runs on this worker takes them through passThroughSessionSettings, which decides
   * the agent's isolation there (workerIsolation); only remote (Managed Agents) sessions take them as is.
   */
  sessionSettings(): JobSettings;
  /** What the job reserved under the daily spend cap, when one applies. */
  spendReservation?: SpendReservationRef;
  /** Present when the deployment runs jobs on Claude Managed Agents (ENGINE=managed-agents). */
  remote?: RemoteEngineWiring;
}

/** What a worker needs to start remote sessions; the settle function finishes them. */
export interface RemoteEngineWiring {
  /** Built on first use: the API key is read once per sandbox, only by deployments that use it. */
  engine: () => Promise<ManagedAgentsEngine>;
  /** Where each started session is recorded for the settle function. */
  store: SessionRecordStore;
  /** A token for mounting one repository: that repository only, contents read. */
  mountToken: (installationId: number, repo: string) => Promise<string>;
}
