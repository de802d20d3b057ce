import validateSessionSweepSettings from "../generated/session-sweep-settings-validator.cjs";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import { ManagedAgentsConfigError } from "./managed-agents-config-error.js";
import { SESSION_SWEEP_REQUIRED, SESSION_SWEEP_VARIABLES } from "./managed-agents-variables.js";

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

// Checked by a validator precompiled at build time: no schema is compiled at cold start.
const readSweepEnv = lambdaSettingsReaderWith(
  SESSION_SWEEP_VARIABLES,
  SESSION_SWEEP_REQUIRED,
  (message) => new ManagedAgentsConfigError(message),
  validateSessionSweepSettings,
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
