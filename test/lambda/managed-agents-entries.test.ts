import type { Context, SQSBatchResponse, SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { GitHubDouble } from "../github-double/index.js";
import { ManagedAgentsDouble, newWebhookSecret } from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
} from "../managed-agents-double/scripted-events.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { LoopbackDynamoDb, TEST_CREDENTIALS } from "./support/loopback-dynamodb.js";
import { type LoopbackFunctionUrl, startLoopbackFunctionUrl } from "./support/loopback-function-url.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { SecretsDouble } from "./support/secrets-double.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// The three Lambda entry points of the managed-agents engine (worker handler, Anthropic webhook
// function, settle function) imported as deployed: configured only by the environment the CDK stack
// sets (docs/lambda.md), secrets from a Secrets Manager double, DynamoDB on dynalite, SQS on fauxqs,
// the Managed Agents double and the GitHub double. A queued review job ends as a published review.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const OWNER = "octo-org";
const REPO = "entries";
const HEAD = "1111111111111111111111111111111111111111";
const BASE = "2222222222222222222222222222222222222222";
const MA_KEY = "sk-ant-managed-agents-entries-0123";
const DIFF = [
  "diff --git a/src/math.ts b/src/math.ts",
  "--- a/src/math.ts",
  "+++ b/src/math.ts",
  "@@ -1,1 +1,4 @@",
  " export const one = 1;",
  "+export function sub(a: number, b: number): number {",
  "+  return a + b;",
  "+}",
  "",
].join("\n");

let github: GitHubDouble;
let double: ManagedAgentsDouble;
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let secrets: SecretsDouble;
let jobs: FifoQueuePair;
let settleQueue: FifoQueuePair;
let functionUrl: LoopbackFunctionUrl | undefined;
const signingKey = newWebhookSecret();
const webhookStatuses: number[] = [];
const stdout = new CapturedStdout();
const savedEnv = { ...process.env };
type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
let worker: SqsHandler;
let settle: SqsHandler;

beforeAll(async () => {
  [github, double, dynamo, sqs, secrets] = await Promise.all([
    GitHubDouble.start(),
    ManagedAgentsDouble.start({ apiKey: MA_KEY }),
    LoopbackDynamoDb.start(),
    LoopbackSqs.start(),
    SecretsDouble.start({
      "app-key": appPrivateKeyPem(),
      "managed-agents-key": MA_KEY,
      "anthropic-signing-key": signingKey,
    }),
  ]);
  await dynamo.createIdempotencyTable("sessions");
  jobs = await sqs.createFifoQueueWithDlq("jobs", { maxReceiveCount: 3, visibilityTimeoutSeconds: 30 });
  settleQueue = await sqs.createFifoQueueWithDlq("settle", {
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 30,
  });
  // What the stack sets on the three functions (lambda/infra/managed-agents-settle.ts), on loopback.
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_SQS: sqs.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    POWERTOOLS_METRICS_NAMESPACE: "ClaudePrRunnerTest",
    GITHUB_APP_ID: "12345",
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_APP_PRIVATE_KEY: "secretsmanager:app-key",
    ALLOWED_INSTALLATIONS: "7",
    ENGINE: "managed-agents",
    SESSIONS_TABLE_NAME: "sessions",
    MANAGED_AGENTS_API_KEY_SECRET: "secretsmanager:managed-agents-key",
    MANAGED_AGENTS_BASE_URL: double.baseURL,
    ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET: "secretsmanager:anthropic-signing-key",
    SETTLE_QUEUE_URL: settleQueue.queueUrl,
    DEADLINE_MARGIN_MS: "5000",
    MIN_JOB_MS: "1000",
  });
  ({ handler: worker } = await import("../../lambda/worker/handler.js"));
  ({ handler: settle } = await import("../../lambda/managed-agents/settle-function.js"));
  const { handler: webhook } = await import("../../lambda/managed-agents/anthropic-webhook-function.js");
  functionUrl = await startLoopbackFunctionUrl(async (event) => {
    const result = await webhook(event);
    webhookStatuses.push(result.statusCode ?? 500);
    return result;
  });
  double.webhook = { url: functionUrl.url, secret: signingKey };
});

afterAll(async () => {
  stdout.stop();
  process.env = savedEnv;
  await double?.close();
  await functionUrl?.close();
  await Promise.allSettled([github?.close(), dynamo?.close(), sqs?.close(), secrets?.close()]);
});

describe("managed-agents Lambda entry points, configured by environment only", () => {
  it("worker starts the session, Anthropic's webhook queues settle steps, the settle function publishes the review", async () => {
    github.addRepo(OWNER, REPO);
    github.addInstallation(7, OWNER, [`${OWNER}/${REPO}`]);
    github.addPullRequest({ owner: OWNER, repo: REPO, number: 4, diff: DIFF, headSha: HEAD, baseSha: BASE });
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            submit({
              verdict: "request_changes",
              summary: "sub() adds.",
              findings: [
                {
                  path: "src/math.ts",
                  start_line: 3,
                  end_line: 3,
                  severity: "error",
                  title: "sub() adds instead of subtracting",
                  body: "`sub` returns `a + b`.",
                  category: "bug",
                },
              ],
            }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), ...modelRequest(), message("Done."), idle("end_turn")]
          : undefined;
    const job = createJobMessage({
      kind: "review",
      owner: OWNER,
      repo: REPO,
      installationId: 7,
      pullNumber: 4,
      headSha: HEAD,
      trigger: { source: "webhook", event: "pull_request", action: "opened" },
    });
    await new JobQueue(sqs.client, jobs.queueUrl).enqueue(job, job.jobId);

    stdout.start();
    const workerSource = new SqsEventSource(sqs.client, jobs.queueUrl, jobs.queueArn);
    await workerSource.pollOnce(worker, () => lambdaContext("worker", 120_000));
    expect(workerSource.invocations[0]?.response.batchItemFailures).toEqual([]);
    expect(double.sessions.size).toBe(1);
    const session = double.session();
    expect(session.createParams.resources).toEqual([
      expect.objectContaining({
        type: "github_repository",
        url: `https://github.com/${OWNER}/${REPO}`,
        checkout: { type: "commit", sha: HEAD },
      }),
    ]);

    const settleSource = new SqsEventSource(sqs.client, settleQueue.queueUrl, settleQueue.queueArn);
    for (let round = 0; round < 6 && github.callsTo("pulls/create-review").length === 0; round++) {
      await double.settled();
      await settleSource.pollOnce(settle, () => lambdaContext("settle", 120_000));
    }
    stdout.stop();

    expect(github.callsTo("pulls/create-review")).toHaveLength(1);
    const checks = github.callsTo("checks/update").map((c) => c.body as Record<string, unknown>);
    expect(checks.at(-1)).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(session.customToolResults).toHaveLength(1);
    expect(webhookStatuses.length).toBeGreaterThan(0);
    expect(webhookStatuses.every((s) => s === 202)).toBe(true);
    // The Managed Agents key is what both functions read; no secret value reaches the logs.
    expect(secrets.requests.filter((r) => r.id === "managed-agents-key").length).toBeGreaterThanOrEqual(2);
    expect(stdout.text).not.toContain(MA_KEY);
    expect(stdout.text).not.toContain(signingKey);
    expect(github.violations).toEqual([]);
  });
});
