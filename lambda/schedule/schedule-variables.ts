import { GITHUB_APP_REQUIRED, GITHUB_APP_VARIABLES } from "../shared/github-app-config.js";

/*
 * The schedule's and the delivery sweep's environment variables, and which must be set. Their
 * configs and the build-time generator of their validators (scripts/generate-validators.ts) read
 * them from here, so the precompiled checks and the readers cannot drift apart.
 */

export const SCHEDULE_VARIABLES = [
  ...GITHUB_APP_VARIABLES,
  "JOB_QUEUE_URL",
  "SCHEDULED_JOBS",
  "AUDIT_REPOSITORIES",
] as const;

export const SCHEDULE_REQUIRED = [...GITHUB_APP_REQUIRED, "JOB_QUEUE_URL"] as const;

export const SWEEP_VARIABLES = [...GITHUB_APP_VARIABLES, "SWEEP_WINDOW_MINUTES"] as const;

export const SWEEP_REQUIRED = GITHUB_APP_REQUIRED;
