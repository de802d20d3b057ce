import {
  GITHUB_APP_REQUIRED,
  GITHUB_APP_VARIABLES,
  type GitHubAppConfig,
  githubAppConfig,
} from "../shared/github-app-config.js";
import { lambdaSettingsReader } from "../shared/lambda-settings-reader.js";

export interface ScheduleConfig extends GitHubAppConfig {
  queueUrl: string;
  /** Empty = every repository of every installation. */
  auditRepositories: string[];
  jobs: ReadonlySet<"audit" | "prune">;
}

/** The hourly delivery sweep: the App, and how far back it looks for failed deliveries. */
export interface SweepConfig extends GitHubAppConfig {
  /** `SWEEP_WINDOW_MINUTES` (default 3 hours: the sweep runs hourly, so each failure is seen more than once). */
  windowMs: number;
}

export class ScheduleConfigError extends Error {
  override readonly name = "ScheduleConfigError";
}

const readScheduleEnv = lambdaSettingsReader(
  [...GITHUB_APP_VARIABLES, "JOB_QUEUE_URL", "SCHEDULED_JOBS", "AUDIT_REPOSITORIES"],
  [...GITHUB_APP_REQUIRED, "JOB_QUEUE_URL"],
  (message) => new ScheduleConfigError(message),
);

export function scheduleConfigFromEnv(env: NodeJS.ProcessEnv): ScheduleConfig {
  const settings = readScheduleEnv(env);
  return {
    ...githubAppConfig(settings),
    queueUrl: settings.JOB_QUEUE_URL,
    auditRepositories: settings.AUDIT_REPOSITORIES,
    jobs: new Set(settings.SCHEDULED_JOBS),
  };
}

const readSweepEnv = lambdaSettingsReader(
  [...GITHUB_APP_VARIABLES, "SWEEP_WINDOW_MINUTES"],
  GITHUB_APP_REQUIRED,
  (message) => new ScheduleConfigError(message),
);

export function sweepConfigFromEnv(env: NodeJS.ProcessEnv): SweepConfig {
  const settings = readSweepEnv(env);
  return { ...githubAppConfig(settings), windowMs: settings.SWEEP_WINDOW_MINUTES * 60_000 };
}
