import type { TriggerSettings } from "../../src/jobs/triggers/trigger-settings.js";
import validateWebhookSettings from "../generated/webhook-settings-validator.cjs";
import { type InstallationAllowList, installationAllowList } from "../shared/installation-allow-list.js";
import type { JobKind } from "../shared/job-message.js";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import { triggerSettings } from "../shared/trigger-settings-variables.js";
import { WEBHOOK_REQUIRED, WEBHOOK_VARIABLES } from "./webhook-variables.js";

/** Which deliveries become jobs. Everything else is answered 202 `ignored`. */
export interface WebhookRouting {
  /** Job kinds the webhook may enqueue (`audit` only comes from the schedule). */
  enabledJobs: ReadonlySet<JobKind>;
  /** `owner/repo` globs (picomatch, case-insensitive); empty = every repository of the installation. */
  repositories: readonly string[];
  /** Commands, mention, labels, drafts and skipped authors: the one trigger model's settings. */
  triggers: TriggerSettings;
  /** Deliveries from other installations are acknowledged and dropped (the default list is empty). */
  allowedInstallations: InstallationAllowList;
}

export interface WebhookConfig {
  queueUrl: string;
  idempotencyTableName: string;
  webhookSecret: SecretReference;
  /** Larger bodies get 413 before any parsing or hashing. */
  maxBodyBytes: number;
  /** How long a delivery id is remembered; GitHub lets users redeliver for three days. */
  deliveryTtlSeconds: number;
  routing: WebhookRouting;
}

export class WebhookConfigError extends Error {
  override readonly name = "WebhookConfigError";
}

// Checked by a validator precompiled at build time: the webhook's cold start loads no Ajv.
const readWebhookEnv = lambdaSettingsReaderWith(
  WEBHOOK_VARIABLES,
  WEBHOOK_REQUIRED,
  (message) => new WebhookConfigError(message),
  validateWebhookSettings,
);

export function webhookConfigFromEnv(env: NodeJS.ProcessEnv): WebhookConfig {
  const settings = readWebhookEnv(env);
  return {
    queueUrl: settings.JOB_QUEUE_URL,
    idempotencyTableName: settings.IDEMPOTENCY_TABLE_NAME,
    webhookSecret: parseSecretReference(settings.WEBHOOK_SECRET, "WEBHOOK_SECRET"),
    maxBodyBytes: settings.MAX_BODY_BYTES,
    deliveryTtlSeconds: settings.DELIVERY_TTL_SECONDS,
    routing: {
      enabledJobs: new Set(settings.ENABLED_JOBS),
      repositories: settings.REPOSITORIES,
      triggers: triggerSettings(settings),
      allowedInstallations: installationAllowList(settings.ALLOWED_INSTALLATIONS),
    },
  };
}

/**
 * Compiles the repository globs once, at the first delivery that asks; `owner/repo` names compare
 * case-insensitively like GitHub's. picomatch loads only where REPOSITORIES is set (every repository
 * of the installation is the default), and only for a delivery that got as far as this check.
 */
export function repositoryMatcher(globs: readonly string[]): (fullName: string) => Promise<boolean> {
  if (globs.length === 0) return async () => true;
  let compiled: Promise<(fullName: string) => boolean> | undefined;
  return async (fullName) => {
    compiled ??= import("picomatch").then(({ default: picomatch }) =>
      picomatch([...globs], { nocase: true }),
    );
    return (await compiled)(fullName);
  };
}
