// The delivery sweep's own config, apart from the schedule's: each function's bundle carries only
// its own precompiled settings check.
import validateSweepSettings from "../generated/sweep-settings-validator.cjs";
import { type GitHubAppConfig, githubAppConfig } from "../shared/github-app-config.js";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { ScheduleConfigError } from "./schedule-config-error.js";
import { SWEEP_REQUIRED, SWEEP_VARIABLES } from "./schedule-variables.js";

/** The hourly delivery sweep: the App, and how far back it looks for failed deliveries. */
export interface SweepConfig extends GitHubAppConfig {
  /** `SWEEP_WINDOW_MINUTES` (default 3 hours: the sweep runs hourly, so each failure is seen more than once). */
  windowMs: number;
}

// Checked by a validator precompiled at build time: this cold start loads no Ajv.
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
