import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { passThroughNamesSet, passThroughSettings } from "../../../src/jobs/shared/pass-through-settings.js";
import { readConfigAtCommit } from "../../../src/jobs/shared/read-config-at-commit.js";
import { workerIsolation } from "./worker-isolation.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * A session's settings, with the agent's isolation decided for where it runs (workerIsolation) and
 * the deployment's trusted-job pass-through (`CLAUDE_ARGS`, `SETTINGS`,
 * `MCP_CONFIG`, `ALLOWED_TOOLS`, `DISALLOWED_TOOLS`, `PROMPT_FILE`) applied by the Action's own rules:
 * a file they name is read at `configSha` (the PR's base, or the audited branch tip), never from a
 * PR's head. An untrusted (fork) job takes none of them, and the log says which were left out. A
 * refused value is a RunnerConfigError before any spawn: the job is retried into the DLQ with it.
 */
export async function passThroughSessionSettings(
  run: WorkerJob,
  job: { checkoutDir: string; configSha: string; untrusted: boolean },
): Promise<JobSettings> {
  const base = run.sessionSettings();
  const isolation = workerIsolation(base, run.config.onNoIsolation);
  if (isolation) run.context.logger.info(isolation.summary, { isolation: isolation.kind });
  const settings: JobSettings = isolation ? { ...base, isolation } : base;
  const values = run.config.passThrough;
  const set = passThroughNamesSet(values);
  if (set.length === 0) return settings;
  if (job.untrusted) {
    const ignored = set.map((name) => name.toUpperCase()).join(", ");
    run.context.logger.info(`untrusted pull request: ${ignored} ignored for this job`);
    return settings;
  }
  const git = new GitCheckout(job.checkoutDir, run.config.hostEnv);
  const extra = await passThroughSettings(
    values,
    { workspace: job.checkoutDir, readFile: (path) => readConfigAtCommit(git, path, job.configSha) },
    { maxTurns: settings.maxTurns },
  );
  return { ...settings, ...extra };
}
