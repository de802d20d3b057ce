// The Anthropic webhook's own config, apart from the settle step's: each function's bundle carries
// only its own precompiled settings check.
import validateAnthropicWebhookSettings from "../generated/anthropic-webhook-settings-validator.cjs";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import { ManagedAgentsConfigError } from "./managed-agents-config-error.js";
import { ANTHROPIC_WEBHOOK_REQUIRED, ANTHROPIC_WEBHOOK_VARIABLES } from "./managed-agents-variables.js";

/** The Anthropic webhook function: where the signing key is and which queue gets settle steps. */
export interface AnthropicWebhookConfig {
  signingKey: SecretReference;
  settleQueueUrl: string;
}

// Checked by a validator precompiled at build time: no schema is compiled at cold start.
const readAnthropicWebhookEnv = lambdaSettingsReaderWith(
  ANTHROPIC_WEBHOOK_VARIABLES,
  ANTHROPIC_WEBHOOK_REQUIRED,
  (message) => new ManagedAgentsConfigError(message),
  validateAnthropicWebhookSettings,
);

export function anthropicWebhookConfigFromEnv(env: NodeJS.ProcessEnv): AnthropicWebhookConfig {
  const settings = readAnthropicWebhookEnv(env);
  return {
    signingKey: parseSecretReference(
      settings.ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET,
      "ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET",
    ),
    settleQueueUrl: settings.SETTLE_QUEUE_URL,
  };
}
