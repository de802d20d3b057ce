import validateScheduleSettings from "../generated/schedule-settings-validator.cjs";
import validateSweepSettings from "../generated/sweep-settings-validator.cjs";
import { type GitHubAppConfig, githubAppConfig } from "../shared/github-app-config.js";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import {
  SCHEDULE_REQUIRED,
  SCHEDULE_VARIABLES,
  SWEEP_REQUIRED,
  SWEEP_VARIABLES,
} from "./schedule-variables.js";

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

// Both checked by validators precompiled at build time: these cold starts load no Ajv.
const readScheduleEnv = lambdaSettingsReaderWith(
  SCHEDULE_VARIABLES,
  SCHEDULE_REQUIRED,
  (message) => new ScheduleConfigError(message),
  validateScheduleSettings,
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

const readSweepEnv = lambdaSettingsReaderWith(
  SWEEP_VARIABLES,
  SWEEP_REQUIRED,
  (message) => new ScheduleConfigError(message),
  validateSweepSettings,
);

export function sweepConfigFromEnv(env: NodeJS.ProcessEnv): SweepConfig {
  const settings = readSweepEnv(env);
  return { ...githubAppConfig(settings), windowMs: settings.SWEEP_WINDOW_MINUTES * 60_000 };
}
