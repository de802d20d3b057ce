import { startRemoteAudit } from "../../../src/jobs/audit/remote-audit.js";
import type { JobResult } from "../job-executor.js";
import { auditedRepository } from "./audit-job.js";
import { recordRemoteSession, remoteSessionStarted } from "./remote-session-started.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * The scheduled audit on the managed-agents engine: the same checks as on the CLI (the repository
 * exists and is not archived), then a session with the default branch mounted at its tip, and the
 * worker returns. The settle function files the issues and uploads the SARIF once the session ends.
 * No clone, no CLI, no waiting.
 */
export async function runRemoteAuditJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const remote = run.remote;
  if (!remote)
    throw new Error("ENGINE=managed-agents without the Managed Agents wiring (a deployment error)");
  const repo = await auditedRepository(run);
  const { data: tip } = await octokit.rest.git.getRef({
    owner: job.owner,
    repo: job.repo,
    ref: `heads/${repo.default_branch}`,
  });
  const record = await startRemoteAudit(
    {
      owner: job.owner,
      repo: job.repo,
      defaultBranch: repo.default_branch,
      headSha: tip.object.sha,
      ...(config.auditFocus ? { focus: config.auditFocus } : {}),
      maxNewIssues: config.maxNewIssues,
      uploadSarif: config.uploadSarif,
      // Its own token: this repository, contents read, whatever the job's token may do.
      mountToken: () => remote.mountToken(job.installationId, job.repo),
    },
    run.sessionSettings(),
    await remote.engine(),
  );
  await recordRemoteSession(run, remote, record);
  return remoteSessionStarted(run, "audit", record);
}
