import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBPersistenceLayer } from "@aws-lambda-powertools/idempotency/dynamodb";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { githubAppAuth } from "../../../lambda/shared/github-app-auth.js";
import { parseInstallationAllowList } from "../../../lambda/shared/installation-allow-list.js";
import { JobQueue } from "../../../lambda/shared/job-queue.js";
import { createTelemetry } from "../../../lambda/shared/telemetry.js";
import { createWebhookHandler, type WebhookHandler } from "../../../lambda/webhook/webhook-handler.js";
import { type AgentSplit, createJobExecutor } from "../../../lambda/worker/create-job-executor.js";
import type { RemoteEngineWiring } from "../../../lambda/worker/dispatch/worker-job.js";
import { type JobRuntimeConfig, jobRuntimeConfigFromEnv } from "../../../lambda/worker/job-runtime-config.js";
import { jobTokenScope } from "../../../lambda/worker/job-token-scope.js";
import type { PrSpendCap } from "../../../lambda/worker/pr-spend-cap.js";
import { createWorkerHandler, type WorkerHandler } from "../../../lambda/worker/worker-handler.js";
import { DEFAULT_TRIGGER_SETTINGS } from "../../../src/jobs/triggers/trigger-settings.js";
import { S3TranscriptStore } from "../../../src/sessions/s3-transcript-store.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { type Script, ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";
import { LoopbackS3 } from "../../sessions/loopback-s3.js";
import { appPrivateKeyPem } from "./app-private-key.js";
import { LoopbackDynamoDb } from "./loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./loopback-sqs.js";
import { SqsEventSource } from "./sqs-event-source.js";
import { functionUrlEvent, lambdaContext } from "./webhook-events.js";

export interface WorkerOptions {
  deadlineMarginMs?: number;
  agentSplit?: AgentSplit;
  /** Another runtime configuration (e.g. ENGINE=managed-agents). */
  config?: JobRuntimeConfig;
  remote?: RemoteEngineWiring;
  prSpendCap?: PrSpendCap;
}

export const OWNER = "octo-org";
export const REPO = "app";
export const INSTALLATION_ID = 42;
export const WEBHOOK_SECRET = "pipeline-webhook-secret-0123456789";
export const ANTHROPIC_KEY = "sk-ant-lambda-test-key-0123456789";
const BUCKET = "sessions";

/**
 * The whole serverless path on loopback: the webhook handler (dynalite idempotency, fauxqs FIFO
 * queue + DLQ), Lambda's SQS event source, the worker handler with the real job executor, the App's
 * installation tokens from the GitHub double, sessions in s3rver behind the conditional-write gate,
 * repositories served from bare repos over file://, and the real claude CLI against the scripted API.
 */
export class LambdaPipeline {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), "cpr-lambda-")));
  readonly gitServer = join(this.root, "git");
  readonly workRoot = join(this.root, "work");
  readonly store: S3TranscriptStore;
  readonly config: JobRuntimeConfig;
  readonly webhook: WebhookHandler;
  /** The repository as the developer's clone sees it; pushes go to the bare remote. */
  readonly dev: TempRepo;
  baseSha = "";

  private constructor(
    readonly api: ScriptedMessagesApi,
    readonly github: GitHubDouble,
    readonly sqs: LoopbackSqs,
    readonly queues: FifoQueuePair,
    readonly dynamo: LoopbackDynamoDb,
    readonly s3: LoopbackS3,
  ) {
    this.store = new S3TranscriptStore({
      client: s3.client(),
      bucket: BUCKET,
      prefix: "sessions/",
    });
    this.config = jobRuntimeConfigFromEnv({
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: `file://${this.gitServer}`,
      CLAUDE_PATH: CLAUDE_BIN,
      ANTHROPIC_BASE_URL: api.url,
      MAX_TURNS: "8",
      MAX_BUDGET_USD: "1",
      PUBLISH_RESERVE_MS: "3000",
      JOB_WORK_ROOT: this.workRoot,
      TEST_COMMANDS: "npm test",
      BOT_NAME: "claude-pr-runner[bot]",
      UPLOAD_SARIF: "true",
    });
    const telemetry = createTelemetry("webhook", process.env);
    this.webhook = createWebhookHandler({
      telemetry,
      queue: new JobQueue(sqs.client, queues.queueUrl),
      persistenceStore: async () =>
        new DynamoDBPersistenceLayer({
          tableName: "idempotency",
          awsSdkV3Client: dynamo.client,
        }),
      secrets: async () => ({ current: WEBHOOK_SECRET, previous: [] }),
      routing: {
        enabledJobs: new Set(["review", "autofix", "describe", "prune", "ask", "reply"]),
        repositories: [`${OWNER}/*`],
        triggers: { ...DEFAULT_TRIGGER_SETTINGS, selfLogins: ["claude-pr-runner[bot]"] },
        allowedInstallations: parseInstallationAllowList(String(INSTALLATION_ID)),
      },
      maxBodyBytes: 1024 * 1024,
      deliveryTtlSeconds: 3600,
    });
    mkdirSync(join(this.root, "dev"));
    this.dev = createTempRepo("", { dir: join(this.root, "dev") });
  }

  static async start(script: Script): Promise<LambdaPipeline> {
    const [api, github, sqs, dynamo] = await Promise.all([
      ScriptedMessagesApi.start(script),
      GitHubDouble.start(),
      LoopbackSqs.start(),
      LoopbackDynamoDb.start(),
    ]);
    await dynamo.createIdempotencyTable("idempotency");
    const queues = await sqs.createFifoQueueWithDlq("jobs", {
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 30,
    });
    const s3 = await LoopbackS3.start([BUCKET]);
    github.addRepo(OWNER, REPO);
    github.addInstallation(INSTALLATION_ID, OWNER, [`${OWNER}/${REPO}`]);
    return new LambdaPipeline(api, github, sqs, queues, dynamo, s3);
  }

  /** The bare remote the worker clones from (`${gitServer}/${OWNER}/${REPO}.git`). */
  get remoteDir(): string {
    return join(this.gitServer, OWNER, `${REPO}.git`);
  }

  /** main with `files`, pushed to a fresh bare remote. */
  seedRepository(files: Record<string, string>): string {
    mkdirSync(this.remoteDir, { recursive: true });
    createTempRepo("", { bare: true, dir: this.remoteDir });
    // Autofix commits through the Git database API: the double keeps those objects in this remote.
    this.github.repository(OWNER, REPO).gitDir = this.remoteDir;
    for (const [path, content] of Object.entries(files)) this.dev.write(path, content);
    this.baseSha = this.dev.commitAll("base");
    this.dev.git("remote", "add", "origin", this.remoteDir);
    this.dev.git("push", "-q", "origin", "main");
    this.dev.git("checkout", "-q", "-b", "feature");
    return this.baseSha;
  }

  /** A commit on `feature`, pushed, and the PR on the double moved to it (what a push does). */
  push(files: Record<string, string>, message: string, pullNumber = 7, branch = "feature"): string {
    // Another branch starts from the base, so its PR carries only its own change.
    const current = this.dev.git("rev-parse", "--abbrev-ref", "HEAD").trim();
    if (current !== branch) {
      const exists = this.dev.git("branch", "--list", branch).trim() !== "";
      this.dev.git("checkout", "-q", ...(exists ? [branch] : ["-b", branch, this.baseSha]));
    }
    for (const [path, content] of Object.entries(files)) this.dev.write(path, content);
    const sha = this.dev.commitAll(message);
    this.dev.git("push", "-q", "origin", branch);
    const diff = `${this.dev.git("diff", `${this.baseSha}...${sha}`)}\n`;
    // A push leaves the PR's description as its author wrote it.
    let body = "Adds a subtraction helper.";
    try {
      body = this.github.pull(OWNER, REPO, pullNumber).body;
    } catch {
      // A new PR: the default description.
    }
    this.github.addPullRequest({
      owner: OWNER,
      repo: REPO,
      number: pullNumber,
      title: "Add sub()",
      body,
      diff,
      headSha: sha,
      baseSha: this.baseSha,
      headRef: branch,
      baseRef: "main",
      headRepoFullName: `${OWNER}/${REPO}`,
      author: { login: "dev", type: "User" },
    });
    return sha;
  }

  /** Signs and delivers a webhook to the webhook handler, as GitHub would. */
  async deliver(event: string, payload: Record<string, unknown>, deliveryId = crypto.randomUUID()) {
    const request: APIGatewayProxyEventV2 = await functionUrlEvent({
      event,
      payload,
      secret: WEBHOOK_SECRET,
      deliveryId,
    });
    const result = await this.webhook(request, lambdaContext("webhook", 10_000));
    return { statusCode: result.statusCode, json: JSON.parse(result.body) as Record<string, unknown> };
  }

  /** The worker handler with the real job executor, as handler.ts wires it (minus env parsing). */
  worker(options: WorkerOptions = {}): WorkerHandler {
    const privateKey = appPrivateKeyPem();
    return createWorkerHandler({
      telemetry: createTelemetry("worker", process.env),
      executor: createJobExecutor({
        config: options.config ?? this.config,
        ...(options.remote ? { remote: options.remote } : {}),
        ...(options.prSpendCap ? { prSpendCap: options.prSpendCap } : {}),
        store: this.store,
        githubPacing: { retryAfterBaseMs: 1, writeSpacingMs: 0, notificationSpacingMs: 0 },
        ...(options.agentSplit ? { agentSplit: options.agentSplit } : {}),
      }),
      tokens: this.appTokens(privateKey),
      allowedInstallations: parseInstallationAllowList(String(INSTALLATION_ID)),
      tokenScope: (job) => jobTokenScope(job, { uploadSarif: this.config.uploadSarif }),
      // Split mode: the orchestrator never reads the model key; only the gateway has it.
      ...(options.agentSplit ? {} : { anthropicApiKey: async () => ANTHROPIC_KEY }),
      deadlineMarginMs: options.deadlineMarginMs ?? 1_000,
      minimumJobMs: 1_000,
    });
  }

  /** The App's installation tokens, minted by the GitHub double. */
  appTokens(privateKey = appPrivateKeyPem()) {
    return githubAppAuth({ appId: "12345", baseUrl: this.github.url, privateKey: async () => privateKey });
  }

  /** Lambda's event source: polls the queue until it is empty or `maxPolls` invocations happened. */
  eventSource(): SqsEventSource {
    return new SqsEventSource(this.sqs.client, this.queues.queueUrl, this.queues.queueArn, 1);
  }

  async runWorker(options: WorkerOptions & { remainingMs?: number } = {}) {
    const source = this.eventSource();
    const polled = await source.pollOnce(this.worker(options), () =>
      lambdaContext("worker", options.remainingMs ?? 600_000),
    );
    return { polled, invocation: source.invocations[0] };
  }

  /** Job directories left behind under the work root (there must be none). */
  leftoverWorkDirs(): string[] {
    try {
      return readdirSync(this.workRoot);
    } catch {
      return [];
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([
      this.api.close(),
      this.github.close(),
      this.sqs.close(),
      this.dynamo.close(),
      this.s3.close(),
    ]);
    rmSync(this.root, { recursive: true, force: true });
  }
}
