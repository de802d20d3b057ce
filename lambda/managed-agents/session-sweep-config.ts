import { envReader } from "../shared/env-values.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import { ManagedAgentsConfigError } from "./managed-agents-config.js";

/** The session sweeper: where open sessions are, whom to ask about them, where to queue the settle. */
export interface SessionSweepConfig {
  sessionsTable: string;
  settleQueueUrl: string;
  apiKey: SecretReference;
  /** An Anthropic API gateway or the test double; default Anthropic's API. */
  baseUrl?: string;
  /** A session is looked at only once it has been open this long (its webhook had its chance). */
  graceMs: number;
  /** Older open sessions are left to the operator: their settle steps failed for days (DLQ alarm). */
  maxAgeMs: number;
}

/** Defaults: look after 10 minutes, give up after 2 days (docs/engines.md). */
export const DEFAULT_SWEEP_GRACE_MINUTES = 10;
export const DEFAULT_SWEEP_MAX_AGE_HOURS = 48;

export function sessionSweepConfigFromEnv(env: NodeJS.ProcessEnv): SessionSweepConfig {
  const read = envReader(env, (message) => new ManagedAgentsConfigError(message));
  const graceMinutes = read.number("SWEEP_GRACE_MINUTES", DEFAULT_SWEEP_GRACE_MINUTES, {
    min: 1,
    unit: "minutes",
  });
  const maxAgeHours = read.number("SWEEP_MAX_AGE_HOURS", DEFAULT_SWEEP_MAX_AGE_HOURS, {
    above: 0,
    unit: "hours",
  });
  if (maxAgeHours * 60 <= graceMinutes)
    throw new ManagedAgentsConfigError(
      `SWEEP_MAX_AGE_HOURS (${maxAgeHours} h) must be longer than SWEEP_GRACE_MINUTES (${graceMinutes} min)`,
    );
  const baseUrl = env.MANAGED_AGENTS_BASE_URL?.trim();
  return {
    sessionsTable: read.required("SESSIONS_TABLE_NAME"),
    settleQueueUrl: read.required("SETTLE_QUEUE_URL"),
    apiKey: parseSecretReference(
      read.required("MANAGED_AGENTS_API_KEY_SECRET"),
      "MANAGED_AGENTS_API_KEY_SECRET",
    ),
    ...(baseUrl ? { baseUrl } : {}),
    graceMs: graceMinutes * 60_000,
    maxAgeMs: maxAgeHours * 3_600_000,
  };
}
