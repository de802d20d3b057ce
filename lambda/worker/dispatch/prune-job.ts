import { closedPullRequestResolution } from "../../../src/github/finding-resolution.js";
import { tallyResolution } from "../../../src/jobs/learnings/tally-resolution.js";
import { pullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { decidePullRequestTrust } from "../../../src/jobs/shared/pull-request-trust.js";
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
  // The count is a report: a GitHub failure here is logged and the sessions are still pruned.
  const repositoryResolutionRate = job.pullNumber
    ? await countClosedPullRequest(run, job.pullNumber).catch((error: Error) => {
        context.logger.warn("closed PR not counted into the resolution rate", { error: error.message });
        return undefined;
      })
    : undefined;
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
  return {
    status: "completed",
    conclusion: result.failed.length > 0 ? "partial" : "success",
    ...(repositoryResolutionRate === undefined ? {} : { repositoryResolutionRate }),
  };
}

/**
 * A closed PR's final count of our findings, into the repository's tally before its sessions go. A
 * PR whose head lives in another repository (a fork) only reads the tally.
 */
async function countClosedPullRequest(run: WorkerJob, pullNumber: number): Promise<number | undefined> {
  const { job, context } = run;
  const target = { owner: job.owner, repo: job.repo, pullNumber };
  const { data } = await run.octokit.rest.pulls.get({
    owner: job.owner,
    repo: job.repo,
    pull_number: pullNumber,
  });
  const pr = pullRequestRef(data);
  const untrusted = !pr || !decidePullRequestTrust(pr, { job: "review" }).trusted;
  const resolution = await closedPullRequestResolution(run.octokit, target);
  const repository = await tallyResolution({
    store: run.store,
    owner: job.owner,
    repo: job.repo,
    pullNumber,
    resolution: resolution ? { ...resolution, closed: true } : undefined,
    untrusted,
    log: (line) => context.logger.info(line),
  });
  return repository?.rate;
}
