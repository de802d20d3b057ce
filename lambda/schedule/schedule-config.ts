import { parseEnvList } from "../shared/env-list.js";
import { type GitHubAppConfig, githubAppConfigFromEnv } from "../shared/github-app-config.js";

export interface ScheduleConfig extends GitHubAppConfig {
  queueUrl: string;
  /** Empty = every repository of every installation. */
  auditRepositories: string[];
  jobs: ReadonlySet<"audit" | "prune">;
}

export class ScheduleConfigError extends Error {
  override readonly name = "ScheduleConfigError";
}

export function scheduleConfigFromEnv(env: NodeJS.ProcessEnv): ScheduleConfig {
  const queueUrl = env.JOB_QUEUE_URL?.trim();
  if (!queueUrl) throw new ScheduleConfigError("JOB_QUEUE_URL is not set; the stack sets it on the function");
  const jobs = parseEnvList(env.SCHEDULED_JOBS ?? "audit,prune");
  for (const j of jobs) {
    if (j !== "audit" && j !== "prune")
      throw new ScheduleConfigError(`SCHEDULED_JOBS has "${j}"; allowed: audit, prune`);
  }
  return {
    ...githubAppConfigFromEnv(env),
    queueUrl,
    auditRepositories: parseEnvList(env.AUDIT_REPOSITORIES),
    jobs: new Set(jobs as ("audit" | "prune")[]),
  };
}
