import type { JobExecutor } from "./job-executor.js";

/**
 * SEAM (job core → worker). The worker runs jobs through an injected JobExecutor so the door stays
 * thin. Its default comes from the job core, `src/jobs`, which has no single job entry point yet.
 * When `src/jobs/execute-job.ts` exports `executeJob: JobExecutor`, replace this dynamic import with
 * `import { executeJob } from "../../src/jobs/execute-job.js"` so esbuild bundles it into the image.
 */
export const JOB_CORE_ENTRY = "../../src/jobs/execute-job.js";

/** Every job fails with this (and stays on the queue, then in the DLQ) until the job core is wired. */
export class JobCoreUnavailableError extends Error {
  override readonly name = "JobCoreUnavailableError";
}

export async function loadJobCoreExecutor(entry: string = JOB_CORE_ENTRY): Promise<JobExecutor> {
  let problem: string;
  try {
    const mod = (await import(entry)) as { executeJob?: unknown };
    if (typeof mod.executeJob === "function") return mod.executeJob as JobExecutor;
    problem = `${entry} does not export executeJob`;
  } catch (error) {
    problem = `${entry} could not be loaded (${(error as Error).message})`;
  }
  return async () => {
    throw new JobCoreUnavailableError(`the job core is not wired into the worker: ${problem}`);
  };
}
