import type { JobResult } from "../job-executor.js";
import { pruneClosedLineages } from "../prune-lineages.js";
import type { WorkerJob } from "./worker-job.js";

/** Deletes the stored sessions of closed PRs (one PR, or every PR of the repository). */
export async function runPruneJob(run: WorkerJob): Promise<JobResult> {
  const { job, context } = run;
  if (!run.store) {
    context.logger.info("no session store configured; nothing to prune");
    return { status: "completed", conclusion: "no_store" };
  }
  const result = await pruneClosedLineages(
    { owner: job.owner, repo: job.repo, ...(job.pullNumber ? { pullNumber: job.pullNumber } : {}) },
    { store: run.store, github: run.octokit, log: (line) => context.logger.info(line) },
  );
  context.logger.info("lineages pruned", {
    deleted: result.deleted,
    kept: result.kept.length,
    failed: result.failed,
  });
  // A lineage that could not be checked stays; the next scheduled prune tries it again.
  return { status: "completed", conclusion: result.failed.length > 0 ? "partial" : "success" };
}
