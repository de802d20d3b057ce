import { lambdaSettingsReader } from "../shared/lambda-settings-reader.js";
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

const readSweepEnv = lambdaSettingsReader(
  [
    "SESSIONS_TABLE_NAME",
    "SETTLE_QUEUE_URL",
    "MANAGED_AGENTS_API_KEY_SECRET",
    "MANAGED_AGENTS_BASE_URL",
    "SWEEP_GRACE_MINUTES",
    "SWEEP_MAX_AGE_HOURS",
  ],
  ["SESSIONS_TABLE_NAME", "SETTLE_QUEUE_URL", "MANAGED_AGENTS_API_KEY_SECRET"],
  (message) => new ManagedAgentsConfigError(message),
);

/** Defaults (lambda/shared/lambda-variables.ts): look after 10 minutes, give up after 2 days. */
export function sessionSweepConfigFromEnv(env: NodeJS.ProcessEnv): SessionSweepConfig {
  const settings = readSweepEnv(env);
  const graceMinutes = settings.SWEEP_GRACE_MINUTES;
  const maxAgeHours = settings.SWEEP_MAX_AGE_HOURS;
  if (maxAgeHours * 60 <= graceMinutes)
    throw new ManagedAgentsConfigError(
      `SWEEP_MAX_AGE_HOURS (${maxAgeHours} h) must be longer than SWEEP_GRACE_MINUTES (${graceMinutes} min)`,
    );
  const baseUrl = settings.MANAGED_AGENTS_BASE_URL;
  return {
    sessionsTable: settings.SESSIONS_TABLE_NAME,
    settleQueueUrl: settings.SETTLE_QUEUE_URL,
    apiKey: parseSecretReference(settings.MANAGED_AGENTS_API_KEY_SECRET, "MANAGED_AGENTS_API_KEY_SECRET"),
    ...(baseUrl ? { baseUrl } : {}),
    graceMs: graceMinutes * 60_000,
    maxAgeMs: maxAgeHours * 3_600_000,
  };
}
