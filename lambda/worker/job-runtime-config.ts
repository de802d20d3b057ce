import type { FailOn } from "../../src/findings/review-conclusion.js";
import type { TriggerSettings } from "../../src/jobs/triggers/trigger-settings.js";
import { isModelProvider, MODEL_PROVIDERS, type ModelProvider } from "../../src/runner/model-provider.js";
import { type ContextBound, DEFAULT_CONTEXT_BOUND } from "../../src/sessions/context-bound.js";
import { envReader } from "../shared/env-values.js";
import { reviewRulesFromEnv } from "../shared/review-rules-from-env.js";
import { triggerSettingsFromEnv } from "../shared/trigger-settings-from-env.js";
import { WorkerConfigError } from "./worker-config.js";

/**
 * How the worker runs jobs, from the function's environment (set by the CDK stack). Everything a
 * workflow author sets through Action inputs has an equivalent here, with the same defaults.
 */
export interface JobRuntimeConfig {
  /** REST base URL (GitHub Enterprise Server, or the test double). */
  githubApiUrl: string;
  /** Where repositories are cloned from: `${gitServerUrl}/${owner}/${repo}.git`. */
  gitServerUrl: string;
  /** The CLI binary; the image sets it to the pinned npm package's executable. */
  claudePath?: string;
  model?: string;
  /** `MODEL_PROVIDER`: where the model runs, the same setting as the Action's `provider` (docs/providers.md). */
  provider?: ModelProvider;
  /**
   * The provider's non-secret settings (Bedrock region, Vertex project and region) the agent's CLI
   * needs for the provider's dialect; the credentials stay in the model gateway.
   */
  providerSettings: Record<string, string>;
  /** An LLM gateway or proxy in front of the Anthropic API; passed to the agent. */
  anthropicBaseUrl?: string;
  maxTurns: number;
  maxBudgetUsd: number;
  /** Kept back from the job's deadline for publishing after the session (review, check run). */
  publishReserveMs: number;
  commentMode: "review" | "summary" | "none";
  inlineCommentLimit: number;
  /** Lowest finding severity that requests changes and fails the check (`FAIL_ON`, default error). */
  failOn: FailOn;
  /** Path filter globs (`INCLUDE`, `EXCLUDE`: one a line or comma-separated), as the Action's inputs. */
  include: string[];
  exclude: string[];
  sessionContextBound: ContextBound;
  /** Commands the autofix policy lets the agent run, e.g. `npm test`. */
  testCommands: string[];
  /** Sessions bucket; lineage (resume + fork) is off without it. */
  sessionsBucket?: string;
  sessionsPrefix: string;
  /** Parent of every job's working directory; Lambda only lets us write to /tmp. */
  workRoot: string;
  /** Most issues a scheduled audit may open in one run (0 = no cap). */
  maxNewIssues: number;
  /** Upload each audit's SARIF to code scanning (the App needs Code scanning alerts: write). */
  uploadSarif: boolean;
  /** Focus of scheduled audits (security, dependencies, dead code, tests or free text). */
  auditFocus?: string;
  /**
   * Author of autofix commits: the App's bot account, `<id>+<slug>[bot]@users.noreply.github.com`,
   * so GitHub attributes the commit to the App.
   */
  bot: { name: string; email: string };
  /**
   * Where review and autofix sessions run (`ENGINE`): the CLI on this worker or its agent function, or
   * a Claude Managed Agents session that the worker only starts (docs/engines.md). Audits stay on the
   * CLI: they have no webhook-driven settle step yet.
   */
  engine: JobEngine;
  /** The same trigger settings as the webhook (COMMAND_PREFIX, MENTION…): help and usage quote them. */
  triggers: TriggerSettings;
  /**
   * The function's whole environment, read here once: the agent's allowlisted variables (PATH, HOME)
   * and git's environment come from it (JobSettings.hostEnv).
   */
  hostEnv: NodeJS.ProcessEnv;
}

export const JOB_ENGINES = ["cli", "managed-agents"] as const;
export type JobEngine = (typeof JOB_ENGINES)[number];

const COMMENT_MODES = ["review", "summary", "none"] as const;

export function jobRuntimeConfigFromEnv(env: NodeJS.ProcessEnv): JobRuntimeConfig {
  const commentMode = env.COMMENT_MODE?.trim() || "review";
  if (!(COMMENT_MODES as readonly string[]).includes(commentMode))
    throw new WorkerConfigError(
      `COMMENT_MODE must be one of ${COMMENT_MODES.join(", ")}; got "${commentMode}"`,
    );
  const claudePath = env.CLAUDE_PATH?.trim();
  const model = env.CLAUDE_MODEL?.trim();
  const sessionsBucket = env.SESSIONS_BUCKET?.trim();
  const auditFocus = env.AUDIT_FOCUS?.trim();
  const botName = env.BOT_NAME?.trim() || "claude-pr-runner[bot]";
  const engine = env.ENGINE?.trim() || "cli";
  if (!(JOB_ENGINES as readonly string[]).includes(engine))
    throw new WorkerConfigError(`ENGINE must be one of ${JOB_ENGINES.join(", ")}; got "${engine}"`);
  return {
    githubApiUrl: env.GITHUB_API_URL?.trim() || "https://api.github.com",
    gitServerUrl: env.GITHUB_SERVER_URL?.trim() || serverUrlFromApiUrl(env.GITHUB_API_URL?.trim()),
    ...(claudePath ? { claudePath } : {}),
    ...(model ? { model } : {}),
    ...providerFromEnv(env),
    ...(env.ANTHROPIC_BASE_URL?.trim() ? { anthropicBaseUrl: env.ANTHROPIC_BASE_URL.trim() } : {}),
    maxTurns: reader(env).number("MAX_TURNS", 30, { integer: true, min: 1 }),
    maxBudgetUsd: reader(env).number("MAX_BUDGET_USD", 5, { min: 0.01 }),
    publishReserveMs: reader(env).number("PUBLISH_RESERVE_MS", 20_000, { integer: true, min: 0 }),
    commentMode: commentMode as JobRuntimeConfig["commentMode"],
    triggers: triggerSettingsFromEnv(env),
    ...reviewRulesFromEnv(env, (message) => new WorkerConfigError(message)),
    inlineCommentLimit: reader(env).number("INLINE_COMMENT_LIMIT", 30, { integer: true, min: 0 }),
    sessionContextBound: {
      maxDepth: reader(env).number("SESSION_MAX_GENERATIONS", DEFAULT_CONTEXT_BOUND.maxDepth, {
        integer: true,
        min: 0,
      }),
      maxContextTokens: reader(env).number(
        "SESSION_MAX_CONTEXT_TOKENS",
        DEFAULT_CONTEXT_BOUND.maxContextTokens,
        {
          integer: true,
          min: 0,
        },
      ),
    },
    testCommands: (env.TEST_COMMANDS ?? "")
      .split("\n")
      .map((c) => c.trim())
      .filter(Boolean),
    ...(sessionsBucket ? { sessionsBucket } : {}),
    sessionsPrefix: env.SESSIONS_PREFIX?.trim() || "sessions/",
    workRoot: env.JOB_WORK_ROOT?.trim() || "/tmp/claude-pr-runner",
    maxNewIssues: reader(env).number("MAX_NEW_ISSUES", 10, { integer: true, min: 0 }),
    uploadSarif: reader(env).flag("UPLOAD_SARIF", false),
    ...(auditFocus ? { auditFocus } : {}),
    bot: { name: botName, email: env.BOT_EMAIL?.trim() || `${botName}@users.noreply.github.com` },
    engine: engine as JobEngine,
    hostEnv: env,
  };
}

/**
 * GitHub Enterprise Server serves the API at `https://HOST/api/v3` and git at `https://HOST`; deriving
 * one from the other keeps a GHES deployment that only set the API URL from cloning from github.com.
 */
export function serverUrlFromApiUrl(apiUrl: string | undefined): string {
  if (!apiUrl) return "https://github.com";
  const url = new URL(apiUrl);
  if (url.hostname === "api.github.com") return "https://github.com";
  const path = url.pathname.replace(/\/+$/, "");
  return path.endsWith("/api/v3") ? `${url.origin}${path.slice(0, -"/api/v3".length)}` : url.origin;
}

/** Non-secret settings per provider that cross to the agent (its CLI speaks the provider's dialect). */
const PROVIDER_SETTINGS: Partial<Record<ModelProvider, readonly string[]>> = {
  bedrock: ["AWS_REGION"],
  vertex: ["ANTHROPIC_VERTEX_PROJECT_ID", "CLOUD_ML_REGION"],
};

function providerFromEnv(env: NodeJS.ProcessEnv): Pick<JobRuntimeConfig, "provider" | "providerSettings"> {
  const provider = env.MODEL_PROVIDER?.trim();
  if (!provider) return { providerSettings: {} };
  if (!isModelProvider(provider))
    throw new WorkerConfigError(
      `MODEL_PROVIDER must be one of ${MODEL_PROVIDERS.join(", ")}; got "${provider}"`,
    );
  const providerSettings: Record<string, string> = {};
  for (const name of PROVIDER_SETTINGS[provider] ?? []) {
    // Lambda reserves AWS_REGION (the function's own region); Bedrock in another region is BEDROCK_REGION.
    const value = (name === "AWS_REGION" ? env.BEDROCK_REGION?.trim() : undefined) || env[name]?.trim();
    if (!value) throw new WorkerConfigError(`MODEL_PROVIDER ${provider} needs ${name}`);
    providerSettings[name] = value;
  }
  return { provider, providerSettings };
}

/** The worker's job settings, refused with a WorkerConfigError. */
function reader(env: NodeJS.ProcessEnv) {
  return envReader(env, (message) => new WorkerConfigError(message));
}
