import { httpStatusOf } from "../../../src/github/http-status.js";
import { auditSessionPlan, runAudit } from "../../../src/jobs/audit/run-audit.js";
import { uploadAuditSarif } from "../../../src/jobs/audit/upload-audit-sarif.js";
import { repositoryResolutionLine } from "../../../src/jobs/learnings/resolution-ledger.js";
import { beginJob } from "../../../src/jobs/shared/detached-job.js";
import { type JobResult, PermanentJobError } from "../job-executor.js";
import { cloneForJob } from "./clone-for-job.js";
import { detachedEngineOf, recordDetachedSession } from "./detached-session.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * A scheduled audit of the default branch: issues per finding, recorded in the branch's lineage. On
 * Managed Agents the session is begun on the branch tip, mounted read-only, and the settle function
 * files the issues and uploads the SARIF (the same finish): no clone, no CLI, no waiting.
 */
export async function runAuditJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
  const repo = await auditedRepository(run);
  if (run.remote) return beginAudit(run, run.remote, repo.default_branch);
  const repository = await cloneForJob(run, { branch: repo.default_branch });
  const result = await runAudit(
    {
      repository: { owner: job.owner, name: job.repo },
      checkoutDir: repository.dir,
      defaultBranch: repo.default_branch,
      headSha: repository.headSha,
      ...(config.auditFocus ? { focus: config.auditFocus } : {}),
      ...(config.uploadSarif ? { sarifPath: `${run.workDir}/audit.sarif` } : {}),
      issues: { maxNewIssues: config.maxNewIssues },
      ...(run.store ? { lineage: { store: run.store } } : {}),
    },
    await passThroughSessionSettings(run, {
      checkoutDir: repository.dir,
      configSha: repository.headSha,
      untrusted: false,
    }),
    { github: octokit },
  );
  if (result.status === "failed") {
    run.context.logger.warn("audit failed; nothing was filed", { reason: result.reason });
    return jobResultFrom(result.session.outcome, "failure");
  }
  run.context.logger.info("audit filed", {
    findings: result.report.findings.length,
    issues: result.issues,
    ...(result.repositoryResolution
      ? { resolutionRate: repositoryResolutionLine(result.repositoryResolution) }
      : {}),
  });
  if (result.sarif) await uploadSarifOf(run, result.sarif.path, repository.headSha, repo.default_branch);
  return {
    ...jobResultFrom(result.session.outcome, "success"),
    ...(result.repositoryResolution ? { repositoryResolutionRate: result.repositoryResolution.rate } : {}),
  };
}

async function beginAudit(
  run: WorkerJob,
  remote: NonNullable<WorkerJob["remote"]>,
  defaultBranch: string,
): Promise<JobResult> {
  const { job, octokit, config } = run;
  const { data: tip } = await octokit.rest.git.getRef({
    owner: job.owner,
    repo: job.repo,
    ref: `heads/${defaultBranch}`,
  });
  const headSha = tip.object.sha;
  const focus = config.auditFocus ? { focus: config.auditFocus } : {};
  const record = await beginJob(
    await detachedEngineOf(remote),
    auditSessionPlan(
      { repository: { owner: job.owner, name: job.repo }, defaultBranch, ...focus },
      run.sessionSettings(),
      headSha,
    ),
    {
      kind: "audit" as const,
      owner: job.owner,
      repo: job.repo,
      defaultBranch,
      headSha,
      ...focus,
      maxNewIssues: config.maxNewIssues,
      uploadSarif: config.uploadSarif,
    },
    // Its own token: this repository, contents read, whatever the job's token may do.
    () => remote.mountToken(job.installationId, job.repo),
  );
  return recordDetachedSession(run, remote, "audit", record);
}

/** The repository to audit, refused for good when it is gone or archived (nothing can be filed). */
export async function auditedRepository(run: WorkerJob): Promise<{ default_branch: string }> {
  const { job, octokit } = run;
  const name = `${job.owner}/${job.repo}`;
  let repo: Awaited<ReturnType<typeof octokit.rest.repos.get>>["data"];
  try {
    ({ data: repo } = await octokit.rest.repos.get({ owner: job.owner, repo: job.repo }));
  } catch (error) {
    if (httpStatusOf(error) === 404)
      throw new PermanentJobError(`${name} no longer exists or the App cannot see it`, { cause: error });
    throw error;
  }
  if (repo.archived) throw new PermanentJobError(`${name} is archived; nothing can be filed`);
  return repo;
}

/** Code scanning is an extra view of the audit: a refusal is logged, the filed issues stand. */
async function uploadSarifOf(run: WorkerJob, path: string, commitSha: string, branch: string) {
  const uploaded = await uploadAuditSarif(run.octokit, {
    owner: run.job.owner,
    repo: run.job.repo,
    commitSha,
    branch,
    path,
  });
  if (uploaded.uploaded) run.context.logger.info("SARIF uploaded to code scanning", { sarifId: uploaded.id });
  else run.context.logger.warn("SARIF not uploaded", { error: uploaded.reason });
}
