import type { CommentMode } from "../../src/jobs/settings/setting-values.js";
import type { SessionsS3Location } from "../../src/sessions/sessions-s3-client.js";
import {
  GITHUB_APP_REQUIRED,
  GITHUB_APP_VARIABLES,
  type GitHubAppConfig,
  githubAppConfig,
} from "../shared/github-app-config.js";
import { lambdaSettingsReader } from "../shared/lambda-settings-reader.js";
import { REVIEW_RULE_VARIABLES, type ReviewRules, reviewRules } from "../shared/review-rules.js";
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
  commentMode: CommentMode;
  inlineCommentLimit: number;
  /** The worker's daily spend table (`SPEND_TABLE_NAME`): a settled session books its real cost there. */
  spendTableName?: string;
  /** Where an autofix's settle step clones the PR head from (`GITHUB_SERVER_URL`, default github.com). */
  gitServerUrl: string;
  /** The function's environment, for git (the clone and the patch of an autofix). */
  hostEnv: NodeJS.ProcessEnv;
  /** The App's bot logins (`BOT_NAME`, `SELF_LOGINS`): our markers count only on their comments. */
  ownLogins: string[];
  /** The worker's sessions bucket and prefix (`SESSIONS_BUCKET`, `SESSIONS_PREFIX`): the resolution tally. */
  sessions?: { bucket: string; prefix: string; s3: SessionsS3Location };
}

export class ManagedAgentsConfigError extends Error {
  override readonly name = "ManagedAgentsConfigError";
}

const readAnthropicWebhookEnv = lambdaSettingsReader(
  ["ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET", "SETTLE_QUEUE_URL"],
  ["ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET", "SETTLE_QUEUE_URL"],
  (message) => new ManagedAgentsConfigError(message),
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

const readSettleEnv = lambdaSettingsReader(
  [
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
  ],
  [...GITHUB_APP_REQUIRED, "SESSIONS_TABLE_NAME", "MANAGED_AGENTS_API_KEY_SECRET"],
  (message) => new ManagedAgentsConfigError(message),
);

export function settleConfigFromEnv(env: NodeJS.ProcessEnv): SettleConfig {
  const settings = readSettleEnv(env);
  const { MANAGED_AGENTS_BASE_URL: baseUrl, SPEND_TABLE_NAME: spendTableName } = settings;
  return {
    ...githubAppConfig(settings),
    sessionsTable: settings.SESSIONS_TABLE_NAME,
    apiKey: parseSecretReference(settings.MANAGED_AGENTS_API_KEY_SECRET, "MANAGED_AGENTS_API_KEY_SECRET"),
    ...(baseUrl ? { baseUrl } : {}),
    commentMode: settings.COMMENT_MODE,
    inlineCommentLimit: settings.INLINE_COMMENT_LIMIT,
    // The worker's FAIL_ON, INCLUDE and EXCLUDE: a remote review concludes as a local one would.
    ...reviewRules(settings),
    ...(spendTableName ? { spendTableName } : {}),
    // The worker's sessions bucket: a published review's count goes into the repository's tally there.
    ...(settings.SESSIONS_BUCKET
      ? {
          sessions: {
            bucket: settings.SESSIONS_BUCKET,
            prefix: settings.SESSIONS_PREFIX,
            s3: {
              ...(settings.AWS_REGION ? { region: settings.AWS_REGION } : {}),
              ...(settings.AWS_ENDPOINT_URL_S3 ? { endpoint: settings.AWS_ENDPOINT_URL_S3 } : {}),
            },
          },
        }
      : {}),
    gitServerUrl: settings.GITHUB_SERVER_URL || "https://github.com",
    hostEnv: env,
    ownLogins: [settings.BOT_NAME, ...settings.SELF_LOGINS],
  };
}
