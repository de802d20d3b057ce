import { GITHUB_APP_REQUIRED, GITHUB_APP_VARIABLES } from "../shared/github-app-config.js";
import { REVIEW_RULE_VARIABLES } from "../shared/review-rules.js";

/*
 * The Managed Agents functions' environment variables, and which must be set. Their configs and the
 * build-time generator of their validators (scripts/generate-validators.ts) read them from here, so
 * the precompiled checks and the readers cannot drift apart.
 */

export const ANTHROPIC_WEBHOOK_VARIABLES = [
  "ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET",
  "SETTLE_QUEUE_URL",
] as const;

export const ANTHROPIC_WEBHOOK_REQUIRED = ANTHROPIC_WEBHOOK_VARIABLES;

export const SETTLE_VARIABLES = [
  ...GITHUB_APP_VARIABLES,
  "SESSIONS_TABLE_NAME",
  "MANAGED_AGENTS_API_KEY_SECRET",
  "MANAGED_AGENTS_BASE_URL",
  "COMMENT_MODE",
  "INLINE_COMMENT_LIMIT",
  ...REVIEW_RULE_VARIABLES,
  "SPEND_TABLE_NAME",
  "GITHUB_SERVER_URL",
  "BOT_NAME",
  "SELF_LOGINS",
  "SESSIONS_BUCKET",
  "SESSIONS_PREFIX",
  "AWS_REGION",
  "AWS_ENDPOINT_URL_S3",
] as const;

export const SETTLE_REQUIRED = [
  ...GITHUB_APP_REQUIRED,
  "SESSIONS_TABLE_NAME",
  "MANAGED_AGENTS_API_KEY_SECRET",
] as const;

export const SESSION_SWEEP_VARIABLES = [
  "SESSIONS_TABLE_NAME",
  "SETTLE_QUEUE_URL",
  "MANAGED_AGENTS_API_KEY_SECRET",
  "MANAGED_AGENTS_BASE_URL",
  "SWEEP_GRACE_MINUTES",
  "SWEEP_MAX_AGE_HOURS",
] as const;

export const SESSION_SWEEP_REQUIRED = [
  "SESSIONS_TABLE_NAME",
  "SETTLE_QUEUE_URL",
  "MANAGED_AGENTS_API_KEY_SECRET",
] as const;
