import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { createGitHubClient, type GitHubClientOptions } from "../../src/github/github-client.js";
import { CommitNotFoundError } from "../../src/jobs/shared/clone-repository.js";
import type { TranscriptStore } from "../../src/sessions/transcript-store.js";
import type { GatewayTokens } from "../shared/gateway-tokens.js";
import { type AgentInvoker, createAgentSessionRunner } from "./agent-session-runner.js";
import { runAskJob } from "./dispatch/ask-job.js";
import { runAuditJob } from "./dispatch/audit-job.js";
import { runAutofixJob } from "./dispatch/autofix-job.js";
import { runDescribeJob } from "./dispatch/describe-job.js";
import { runPruneJob } from "./dispatch/prune-job.js";
import { runReplyJob } from "./dispatch/reply-job.js";
import { runReviewJob } from "./dispatch/review-job.js";
import { sessionSettings } from "./dispatch/session-settings.js";
import type { RemoteEngineWiring, WorkerJob } from "./dispatch/worker-job.js";
import { type JobExecutor, type JobResult, PermanentJobError } from "./job-executor.js";
import type { JobRuntimeConfig } from "./job-runtime-config.js";
import { type PrSpendCap, type SpendReservation, withAuditSpendCap, withPrSpendCap } from "./pr-spend-cap.js";

export interface JobExecutorOptions {
  config: JobRuntimeConfig;
  /** Session lineages (S3 in the stack); undefined runs every session fresh. */
  store?: TranscriptStore;
  /** Retry and pacing of GitHub calls (tests shorten them; production keeps GitHub's advice). */
  githubPacing?: Pick<GitHubClientOptions, "retryAfterBaseMs" | "writeSpacingMs" | "notificationSpacingMs">;
  /** Daily spend cap per PR for review and autofix jobs; without it PR jobs are not capped. */
  prSpendCap?: PrSpendCap;
  /** Daily spend cap per installation shared by its scheduled audits. */
  auditSpendCap?: PrSpendCap;
  /**
   * Split mode: sessions run in the agent function (no credentials), model traffic goes through the
   * gateway with a per-job token minted here and revoked when the job ends.
   */
  agentSplit?: AgentSplit;
  /** Required when `config.engine` is managed-agents: the engine, the session records, mount tokens. */
  remote?: RemoteEngineWiring;
}

export interface AgentSplit {
  tokens: Pick<GatewayTokens, "mint" | "revoke" | "grant">;
  gatewayUrl: string;
  s3: S3Client;
  bucket: string;
  prefix: string;
  invoke: AgentInvoker;
}

type JobRunner = (run: WorkerJob) => Promise<JobResult>;

const RUN_JOB: Record<WorkerJob["job"]["kind"], JobRunner> = {
  review: runReviewJob,
  autofix: runAutofixJob,
  audit: runAuditJob,
  prune: runPruneJob,
  describe: runDescribeJob,
  ask: runAskJob,
  reply: runReplyJob,
};

/**
 * Job kinds the managed-agents engine runs without waiting (begun here, settled by its webhook); the
 * others keep the CLI (docs/engines.md). A fork's autofix stays on the CLI, so autofix keeps the
 * agent wiring.
 */
const DETACHED_KINDS = new Set<WorkerJob["job"]["kind"]>(["review", "audit", "autofix", "ask"]);
const MAY_RUN_ON_CLI = new Set<WorkerJob["job"]["kind"]>(["autofix"]);

/** Whether this job's session is begun on the deployment's detached engine. */
export function runsDetached(kind: WorkerJob["job"]["kind"], engine: JobRuntimeConfig["engine"]): boolean {
  return engine === "managed-agents" && DETACHED_KINDS.has(kind);
}

/**
 * The worker's job core: for each message, a GitHub client on the installation token, a private
 * directory under the work root (Lambda can only write to /tmp), the job's own code from src/jobs,
 * and the directory removed afterwards whatever happened, since a warm sandbox keeps /tmp.
 */
export function createJobExecutor(options: JobExecutorOptions): JobExecutor {
  const { config } = options;
  if (config.engine === "managed-agents" && !options.remote)
    throw new Error("ENGINE=managed-agents needs the Managed Agents wiring (API key, sessions table)");
  return async (job, context) => {
    const startedAt = Date.now();
    const octokit = createGitHubClient({
      token: context.token,
      ...(context.renewToken ? { renewToken: context.renewToken } : {}),
      baseUrl: config.githubApiUrl,
      // Our markers count only on comments by the App's own bot (docs/security.md).
      ownLogins: [config.bot.name, ...config.triggers.selfLogins],
      log: (line) => context.logger.warn(line),
      ...options.githubPacing,
    });
    await mkdir(config.workRoot, { recursive: true });
    const workDir = await mkdtemp(join(config.workRoot, `${job.kind}-`));
    const runJob = RUN_JOB[job.kind];
    const detached = runsDetached(job.kind, config.engine);
    // A detached job runs no agent here: no gateway token to mint (unless it may fall back to the CLI).
    const split = !detached || MAY_RUN_ON_CLI.has(job.kind) ? options.agentSplit : undefined;
    // The token lives as long as the job could (deadline + 5 min); it is deleted in `finally` anyway.
    const gatewayToken = split
      ? await split.tokens.mint(job.jobId, config.maxBudgetUsd, Math.ceil(context.deadlineMs / 1000) + 300)
      : undefined;
    const agent =
      split && gatewayToken
        ? {
            gatewayToken,
            runner: createAgentSessionRunner({
              jobId: job.jobId,
              s3: split.s3,
              bucket: split.bucket,
              prefix: split.prefix,
              invoke: split.invoke,
              gateway: {
                baseUrl: split.gatewayUrl,
                token: gatewayToken,
                providerSettings: config.providerSettings,
              },
              workRoot: workDir,
              urlExpiresInSeconds: Math.ceil(context.deadlineMs / 1000) + 300,
              log: (line, extra) => context.logger.warn(line, extra ?? {}),
              // The gateway's own meter: what the job's token spent, not what the agent function says.
              meteredSpendUsd: async () => (await split.tokens.grant(gatewayToken))?.spentUsd,
            }),
          }
        : undefined;
    try {
      const run = async (spendReservation?: SpendReservation) => {
        try {
          return await runJob({
            job,
            context,
            config,
            octokit,
            store: options.store,
            workDir,
            ...(detached && options.remote ? { remote: options.remote } : {}),
            ...(spendReservation ? { spendReservation } : {}),
            sessionSettings: () =>
              sessionSettings({ config, context, startedAt, ...(agent ? { agent } : {}) }),
          });
        } catch (error) {
          // Force-pushed away: the push that replaced it brings its own job.
          if (error instanceof CommitNotFoundError)
            throw new PermanentJobError(`the commit is gone from the repository: ${error.message}`, {
              cause: error,
            });
          throw error;
        }
      };
      const cap =
        job.kind === "review" || job.kind === "autofix" || job.kind === "describe" || job.kind === "ask"
          ? options.prSpendCap
          : undefined;
      if (cap) return await withPrSpendCap(cap, { job, octokit }, run);
      if (job.kind === "audit" && options.auditSpendCap)
        return await withAuditSpendCap(options.auditSpendCap, job, run);
      return await run();
    } finally {
      if (split && gatewayToken) await split.tokens.revoke(gatewayToken).catch(() => undefined);
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
