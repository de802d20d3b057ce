import { TRIGGER_VARIABLES } from "../shared/trigger-settings-variables.js";

/**
 * The webhook's environment variables, and which must be set. Both its config and the build-time
 * generator of its validator (scripts/generate-validators.ts) read them from here, so the
 * precompiled check and the reader cannot drift apart (a test regenerates and compares).
 */
export const WEBHOOK_VARIABLES = [
  "JOB_QUEUE_URL",
  "IDEMPOTENCY_TABLE_NAME",
  "WEBHOOK_SECRET",
  "MAX_BODY_BYTES",
  "DELIVERY_TTL_SECONDS",
  "ENABLED_JOBS",
  "REPOSITORIES",
  "ALLOWED_INSTALLATIONS",
  ...TRIGGER_VARIABLES,
] as const;

export const WEBHOOK_REQUIRED = ["JOB_QUEUE_URL", "IDEMPOTENCY_TABLE_NAME", "WEBHOOK_SECRET"] as const;
