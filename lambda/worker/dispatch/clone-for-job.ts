import {
  type ClonedRepository,
  cloneRepository,
  repositoryUrl,
} from "../../../src/jobs/shared/clone-repository.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * The job's checkout in its own directory: a PR head with its base (for `base...head`), or a branch
 * tip. The installation token authenticates the fetch only; the job's deadline stops a slow clone.
 */
export function cloneForJob(
  run: WorkerJob,
  at: { headSha: string; baseSha: string } | { branch: string },
): Promise<ClonedRepository> {
  return cloneRepository({
    remoteUrl: repositoryUrl(run.job.owner, run.job.repo, run.config.gitServerUrl),
    token: run.context.token,
    dir: `${run.workDir}/repo`,
    signal: run.context.signal,
    hostEnv: run.config.hostEnv,
    ...at,
  });
}
