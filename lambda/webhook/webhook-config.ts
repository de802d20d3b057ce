import picomatch from "picomatch";
import type { TriggerSettings } from "../../src/jobs/triggers/trigger-settings.js";
import { parseEnvList as list } from "../shared/env-list.js";
import { envReader } from "../shared/env-values.js";
import { type InstallationAllowList, parseInstallationAllowList } from "../shared/installation-allow-list.js";
import type { JobKind } from "../shared/job-message.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import { triggerSettingsFromEnv } from "../shared/trigger-settings-from-env.js";

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

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_DELIVERY_TTL_SECONDS = 3 * 24 * 3600;

export function webhookConfigFromEnv(env: NodeJS.ProcessEnv): WebhookConfig {
  return {
    queueUrl: reader(env).required("JOB_QUEUE_URL", "the stack sets it on the function"),
    idempotencyTableName: reader(env).required("IDEMPOTENCY_TABLE_NAME", "the stack sets it on the function"),
    webhookSecret: parseSecretReference(
      reader(env).required("WEBHOOK_SECRET", "the stack sets it on the function"),
      "WEBHOOK_SECRET",
    ),
    maxBodyBytes: reader(env).number("MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, { integer: true, min: 1 }),
    deliveryTtlSeconds: reader(env).number("DELIVERY_TTL_SECONDS", DEFAULT_DELIVERY_TTL_SECONDS, {
      integer: true,
      min: 1,
    }),
    routing: {
      enabledJobs: parseEnabledJobs(env.ENABLED_JOBS ?? "review,autofix,prune,ask,reply"),
      repositories: list(env.REPOSITORIES),
      triggers: triggerSettingsFromEnv(env),
      allowedInstallations: parseInstallationAllowList(env.ALLOWED_INSTALLATIONS),
    },
  };
}

export function parseEnabledJobs(value: string): ReadonlySet<JobKind> {
  const allowed: JobKind[] = ["review", "autofix", "prune", "ask", "reply"];
  const kinds = list(value);
  for (const kind of kinds) {
    if (!allowed.includes(kind as JobKind))
      throw new WebhookConfigError(`ENABLED_JOBS has "${kind}"; allowed: ${allowed.join(", ")}`);
  }
  return new Set(kinds as JobKind[]);
}

/** Compiles the repository globs once; `owner/repo` names compare case-insensitively like GitHub's. */
export function repositoryMatcher(globs: readonly string[]): (fullName: string) => boolean {
  if (globs.length === 0) return () => true;
  const match = picomatch([...globs], { nocase: true });
  return (fullName) => match(fullName);
}

/** The webhook function's variables, refused with a WebhookConfigError. */
function reader(env: NodeJS.ProcessEnv) {
  return envReader(env, (message) => new WebhookConfigError(message));
}
