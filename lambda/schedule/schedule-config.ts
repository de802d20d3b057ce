import validateScheduleSettings from "../generated/schedule-settings-validator.cjs";
import { type GitHubAppConfig, githubAppConfig } from "../shared/github-app-config.js";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { ScheduleConfigError } from "./schedule-config-error.js";
import { SCHEDULE_REQUIRED, SCHEDULE_VARIABLES } from "./schedule-variables.js";

export interface ScheduleConfig extends GitHubAppConfig {
  queueUrl: string;
  /** Empty = every repository of every installation. */
  auditRepositories: string[];
  jobs: ReadonlySet<"audit" | "prune">;
}

// Checked by a validator precompiled at build time: this cold start loads no Ajv.
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
