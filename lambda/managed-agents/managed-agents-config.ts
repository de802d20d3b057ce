import { envReader } from "../shared/env-values.js";
import { type GitHubAppConfig, githubAppConfigFromEnv } from "../shared/github-app-config.js";
import { type ReviewRules, reviewRulesFromEnv } from "../shared/review-rules-from-env.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";

/** The Anthropic webhook function: where the signing key is and which queue gets settle steps. */
export interface AnthropicWebhookConfig {
  signingKey: SecretReference;
  settleQueueUrl: string;
}

/** The settle function: the sessions table, the API key, the App (to publish) and how to publish. */
export interface SettleConfig extends GitHubAppConfig, ReviewRules {
  sessionsTable: string;
  apiKey: SecretReference;
  /** An Anthropic API gateway or the test double; default Anthropic's API. */
  baseUrl?: string;
  commentMode: "review" | "summary" | "none";
  inlineCommentLimit: number;
  /** The worker's daily spend table (`SPEND_TABLE_NAME`): a settled session books its real cost there. */
  spendTableName?: string;
}

export class ManagedAgentsConfigError extends Error {
  override readonly name = "ManagedAgentsConfigError";
}

export function anthropicWebhookConfigFromEnv(env: NodeJS.ProcessEnv): AnthropicWebhookConfig {
  return {
    signingKey: parseSecretReference(
      reader(env).required("ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET"),
      "ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET",
    ),
    settleQueueUrl: reader(env).required("SETTLE_QUEUE_URL"),
  };
}

const COMMENT_MODES = ["review", "summary", "none"] as const;

export function settleConfigFromEnv(env: NodeJS.ProcessEnv): SettleConfig {
  const commentMode = env.COMMENT_MODE?.trim() || "review";
  if (!(COMMENT_MODES as readonly string[]).includes(commentMode))
    throw new ManagedAgentsConfigError(
      `COMMENT_MODE must be one of ${COMMENT_MODES.join(", ")}; got "${commentMode}"`,
    );
  const limit = Number(env.INLINE_COMMENT_LIMIT?.trim() || "30");
  if (!Number.isInteger(limit) || limit < 0)
    throw new ManagedAgentsConfigError(
      `INLINE_COMMENT_LIMIT must be a whole number ≥ 0; got "${env.INLINE_COMMENT_LIMIT}"`,
    );
  const baseUrl = env.MANAGED_AGENTS_BASE_URL?.trim();
  return {
    ...githubAppConfigFromEnv(env),
    sessionsTable: reader(env).required("SESSIONS_TABLE_NAME"),
    apiKey: parseSecretReference(
      reader(env).required("MANAGED_AGENTS_API_KEY_SECRET"),
      "MANAGED_AGENTS_API_KEY_SECRET",
    ),
    ...(baseUrl ? { baseUrl } : {}),
    commentMode: commentMode as SettleConfig["commentMode"],
    inlineCommentLimit: limit,
    // The worker's FAIL_ON, INCLUDE and EXCLUDE: a remote review concludes as a local one would.
    ...reviewRulesFromEnv(env, (message) => new ManagedAgentsConfigError(message)),
    ...(env.SPEND_TABLE_NAME?.trim() ? { spendTableName: env.SPEND_TABLE_NAME.trim() } : {}),
  };
}

/** The Managed Agents functions' variables, refused with a ManagedAgentsConfigError. */
function reader(env: NodeJS.ProcessEnv) {
  return envReader(env, (message) => new ManagedAgentsConfigError(message));
}
