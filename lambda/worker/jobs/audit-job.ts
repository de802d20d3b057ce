import { httpStatusOf } from "../../../src/github/http-status.js";
import { runAudit } from "../../../src/jobs/audit/run-audit.js";
import { cloneRepository, repositoryUrl } from "../clone-repository.js";
import { type JobResult, PermanentJobError } from "../job-executor.js";
import { jobResultFrom } from "./job-result.js";
import type { WorkerJob } from "./worker-job.js";

/** A scheduled audit of the default branch: issues per finding, recorded in the branch's lineage. */
export async function runAuditJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit, config } = run;
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
  const repository = await cloneRepository({
    remoteUrl: repositoryUrl(job.owner, job.repo, config.gitServerUrl),
    token: run.context.token,
    dir: `${run.workDir}/repo`,
    branch: repo.default_branch,
  });
  const result = await runAudit(
    {
      repository: { owner: job.owner, name: job.repo },
      checkoutDir: repository.dir,
      defaultBranch: repo.default_branch,
      headSha: repository.headSha,
      ...(config.auditFocus ? { focus: config.auditFocus } : {}),
      issues: { maxNewIssues: config.maxNewIssues },
      ...(run.store ? { lineage: { store: run.store } } : {}),
    },
    run.sessionSettings(),
    { github: octokit },
  );
  if (result.status === "failed") {
    run.context.logger.warn("audit failed; nothing was filed", { reason: result.reason });
    return jobResultFrom(result.session.outcome, "failure");
  }
  run.context.logger.info("audit filed", {
    findings: result.report.findings.length,
    issues: result.issues,
  });
  return jobResultFrom(result.session.outcome, "success");
}
