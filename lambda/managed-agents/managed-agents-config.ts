import type { CommentMode } from "../../src/jobs/settings/setting-values.js";
import type { SessionsS3Location } from "../../src/sessions/sessions-s3-client.js";
import validateSettleSettings from "../generated/settle-settings-validator.cjs";
import { type GitHubAppConfig, githubAppConfig } from "../shared/github-app-config.js";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { type ReviewRules, reviewRules } from "../shared/review-rules.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import { ManagedAgentsConfigError } from "./managed-agents-config-error.js";
import { SETTLE_REQUIRED, SETTLE_VARIABLES } from "./managed-agents-variables.js";

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

// Checked by a validator precompiled at build time: no schema is compiled at cold start.
const readSettleEnv = lambdaSettingsReaderWith(
  SETTLE_VARIABLES,
  SETTLE_REQUIRED,
  (message) => new ManagedAgentsConfigError(message),
  validateSettleSettings,
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
