import { type GitHubAppConfig, githubAppConfigFromEnv } from "../shared/github-app-config.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";

export interface WorkerConfig extends GitHubAppConfig {
  anthropicApiKey?: SecretReference;
  /** Kept back from the invocation's remaining time so the check run can be completed. */
  deadlineMarginMs: number;
  /** Smaller budgets do not start a job at all. */
  minimumJobMs: number;
}

export class WorkerConfigError extends Error {
  override readonly name = "WorkerConfigError";
}

export function workerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return {
    ...githubAppConfigFromEnv(env),
    ...(env.ANTHROPIC_API_KEY_SECRET
      ? { anthropicApiKey: parseSecretReference(env.ANTHROPIC_API_KEY_SECRET, "ANTHROPIC_API_KEY_SECRET") }
      : {}),
    deadlineMarginMs: milliseconds(env, "DEADLINE_MARGIN_MS", 60_000),
    minimumJobMs: milliseconds(env, "MIN_JOB_MS", 30_000),
  };
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new WorkerConfigError(`${name} must be a whole number of milliseconds; got "${raw}"`);
  return n;
}
