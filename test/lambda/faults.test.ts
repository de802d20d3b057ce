import { execFileSync, spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { githubAppAuth } from "../../lambda/shared/github-app-auth.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { createJobMessage, type JobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { createTelemetry } from "../../lambda/shared/telemetry.js";
import { AttemptTokens } from "../../lambda/worker/attempt-tokens.js";
import { createJobExecutor } from "../../lambda/worker/create-job-executor.js";
import { InstallationSlots } from "../../lambda/worker/installation-slots.js";
import { jobTokenScope } from "../../lambda/worker/job-token-scope.js";
import { prNotifier } from "../../lambda/worker/pr-notifier.js";
import { createWorkerHandler, type WorkerHandler } from "../../lambda/worker/worker-handler.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import type { ScriptedReply } from "../harness/scripted-messages-api.js";
import { S3RVER_CREDENTIALS } from "../sessions/loopback-s3.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { DYNAMODB_THROTTLED, FaultProxy, S3_SLOW_DOWN } from "./support/fault-proxy.js";
import { ANTHROPIC_KEY, INSTALLATION_ID, LambdaPipeline, OWNER, REPO } from "./support/lambda-pipeline.js";
import type { FifoQueuePair } from "./support/loopback-sqs.js";
import { SecretsDouble } from "./support/secrets-double.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// Fault injection on the real local parts: the real claude 2.1.235 against the scripted Messages API,
// the GitHub double (5xx bursts, writes that succeed but answer 5xx, tokens that expire), s3rver and
// dynalite behind a proxy that throttles them, fauxqs as the FIFO queue + DLQ, and for the killed
// worker the real lambda/worker/handler.ts in a child process that is SIGKILLed mid-job. Each case
// asserts that nothing is lost (the job completes or sits in the DLQ with a reason) and that nothing
// is published twice. docs/lambda.md lists the cases.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const REPO_ROOT = resolve(import.meta.dirname, "../..");
const MAX_RECEIVES = 4;
const VISIBILITY_SECONDS = 2;
const FILE = "src/math.ts";
const BASE = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
const BUG = "\nexport function sub(a: number, b: number): number {\n  return a + b;\n}\n";

const finding = {
  path: FILE,
  start_line: 6,
  end_line: 6,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
};
const reviewReply: ScriptedReply = {
  kind: "structured_output",
  value: { verdict: "request_changes", summary: "One bug in sub().", findings: [finding] },
};

let pipeline: LambdaPipeline;
let s3Proxy: FaultProxy;
let dynamoProxy: FaultProxy;
let secrets: SecretsDouble;
let queues: FifoQueuePair;
let slotsTable = 0;
let pr = 10;
let head = "";
const stdout = new CapturedStdout();
let onModelRequest: (() => void) | undefined;
const privateKey = appPrivateKeyPem();

beforeAll(async () => {
  pipeline = await LambdaPipeline.start(() => {
    // A kill "mid-session": the worker's CLI has asked the model, the job has not answered yet.
    const hook = onModelRequest;
    onModelRequest = undefined;
    hook?.();
    return reviewReply;
  });
  pipeline.seedRepository({ [FILE]: BASE });
  head = pipeline.push({ [FILE]: BASE + BUG }, "add sub", 10);
  [s3Proxy, dynamoProxy, secrets] = await Promise.all([
    FaultProxy.start(pipeline.s3.url),
    FaultProxy.start(pipeline.dynamo.endpoint),
    SecretsDouble.start({ "app-key": privateKey, "anthropic-key": ANTHROPIC_KEY }),
  ]);
});

afterAll(async () => {
  stdout.stop();
  await Promise.allSettled([s3Proxy?.close(), dynamoProxy?.close(), secrets?.close()]);
  await pipeline?.close();
});

beforeEach(async () => {
  // Each case gets its own PR (same head commit) and its own queue pair: nothing leaks between cases.
  pr++;
  openPullRequest(pr);
  queues = await pipeline.sqs.createFifoQueueWithDlq(`faults-${pr}`, {
    maxReceiveCount: MAX_RECEIVES + 10,
    visibilityTimeoutSeconds: VISIBILITY_SECONDS,
  });
  pipeline.github.clearFaults();
  pipeline.github.resetCalls();
  s3Proxy.clear();
  dynamoProxy.clear();
});

function openPullRequest(number: number): void {
  const existing = pipeline.github.pull(OWNER, REPO, 10);
  pipeline.github.addPullRequest({
    owner: OWNER,
    repo: REPO,
    number,
    title: "Add sub()",
    body: "Adds a subtraction helper.",
    diff: existing.diff,
    headSha: head,
    baseSha: pipeline.baseSha,
    headRef: "feature",
    baseRef: "main",
    headRepoFullName: `${OWNER}/${REPO}`,
    author: { login: "dev", type: "User" },
  });
}

function reviewJob(number = pr): JobMessage {
  return createJobMessage({
    kind: "review",
    owner: OWNER,
    repo: REPO,
    installationId: INSTALLATION_ID,
    pullNumber: number,
    headSha: head,
    deliveryId: crypto.randomUUID(),
    trigger: { source: "webhook", event: "pull_request", action: "opened" },
  });
}

async function enqueue(...jobs: JobMessage[]): Promise<void> {
  for (const j of jobs) await new JobQueue(pipeline.sqs.client, queues.queueUrl).enqueue(j, j.jobId);
}

/** The production wiring (retry policy, DLQ notice, fairness slots, S3 sessions), with S3 and DynamoDB behind the fault proxies. */
async function worker(options: { maxReceives?: number } = {}): Promise<WorkerHandler> {
  const table = await slotsTableOfThisCase();
  const dynamo = new DynamoDBClient({
    endpoint: dynamoProxy.url,
    region: "us-east-1",
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });
  const tokens = githubAppAuth({
    appId: "12345",
    baseUrl: pipeline.github.url,
    privateKey: async () => privateKey,
  });
  return createWorkerHandler({
    telemetry: createTelemetry("worker", process.env),
    executor: createJobExecutor({
      config: pipeline.config,
      store: new S3TranscriptStore({
        client: pipeline.s3.client(s3Proxy.url),
        bucket: "sessions",
        prefix: "sessions/",
      }),
      githubPacing: { retryAfterBaseMs: 1, writeSpacingMs: 0, notificationSpacingMs: 0 },
    }),
    tokens,
    allowedInstallations: parseInstallationAllowList(String(INSTALLATION_ID)),
    tokenScope: (job) => jobTokenScope(job, { uploadSarif: pipeline.config.uploadSarif }),
    anthropicApiKey: async () => ANTHROPIC_KEY,
    retry: {
      sqs: pipeline.sqs.client,
      queueUrl: queues.queueUrl,
      deadLetterQueueUrl: queues.dlqUrl,
      maxReceiveCount: options.maxReceives ?? MAX_RECEIVES,
      backoffSeconds: [0],
    },
    notify: prNotifier(tokens, pipeline.github.url),
    attemptTokens: new AttemptTokens(dynamo, table),
    fairness: {
      slots: new InstallationSlots(dynamo, table),
      perInstallation: 2,
      deferSeconds: 1,
      maxDeferSeconds: 1,
      maxDeferrals: 10,
    },
    deadlineMarginMs: 1_000,
    minimumJobMs: 1_000,
  });
}

/** One slots table per case, shared by the killed sandbox and the worker that retries after it. */
let caseTable: { pr: number; name: string } | undefined;
async function slotsTableOfThisCase(): Promise<string> {
  if (caseTable?.pr !== pr) {
    caseTable = { pr, name: `fault-slots-${++slotsTable}` };
    await pipeline.dynamo.createIdempotencyTable(caseTable.name);
  }
  return caseTable.name;
}

/** Lambda's event source; the worker sets the visibility of what it sends back itself. */
const eventSource = () => new SqsEventSource(pipeline.sqs.client, queues.queueUrl, queues.queueArn, 1, false);

/** Polls until the queue has nothing left in it (ready, delayed or in flight) or `maxPolls`. */
async function drain(handler: WorkerHandler, source = eventSource(), maxPolls = 12): Promise<SqsEventSource> {
  for (let i = 0; i < maxPolls && pipeline.sqs.messagesIn(queues.queueUrl).length > 0; i++) {
    if (!(await source.pollOnce(handler, () => lambdaContext("worker", 600_000))))
      await new Promise((r) => setTimeout(r, 200));
  }
  return source;
}

async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  stdout.clear();
  stdout.start();
  try {
    return await fn();
  } finally {
    stdout.stop();
  }
}

const reviewsOn = (number: number) =>
  pipeline.github.state.reviews.filter((r) => r.repo === `${OWNER}/${REPO}` && r.pullNumber === number);

async function deadLetters() {
  const out = await pipeline.sqs.client.send(
    new ReceiveMessageCommand({
      QueueUrl: queues.dlqUrl,
      MaxNumberOfMessages: 10,
      MessageAttributeNames: ["All"],
    }),
  );
  return (out.Messages ?? []).map((m) => ({
    jobId: (JSON.parse(m.Body ?? "{}") as JobMessage).jobId,
    reason: m.MessageAttributes?.reason?.StringValue ?? "",
  }));
}

/** Nothing lost, nothing twice: exactly one review with one inline comment, queue and DLQ empty. */
async function expectOneReview(number = pr): Promise<void> {
  expect(reviewsOn(number)).toHaveLength(1);
  expect(reviewsOn(number)[0]).toMatchObject({ state: "CHANGES_REQUESTED", commitId: head });
  expect(pipeline.github.reviewCommentsOn(OWNER, REPO, number)).toHaveLength(1);
  expect(pipeline.sqs.messagesIn(queues.queueUrl)).toEqual([]);
  expect(await deadLetters()).toEqual([]);
  expect(pipeline.github.violations).toEqual([]);
}

describe("fault injection: nothing lost, nothing published twice", () => {
  it("GitHub 5xx burst while publishing: the client's retries absorb it, one review", async () => {
    pipeline.github.failNext("pulls/create-review", { kind: "server_error", status: 502 }, 2);
    await enqueue(reviewJob());
    const source = await quietly(async () => drain(await worker()));
    expect(source.invocations).toHaveLength(1);
    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    expect(
      pipeline.github.callsTo("pulls/create-review").filter((c) => c.status === 502).length,
    ).toBeGreaterThanOrEqual(2);
    await expectOneReview();
  });

  it("a review GitHub stored but answered with a 5xx: found by its marker, not posted again", async () => {
    pipeline.github.failNext("pulls/create-review", { kind: "server_error_after_write", status: 502 });
    await enqueue(reviewJob());
    const source = await quietly(async () => drain(await worker()));
    expect(source.invocations).toHaveLength(1);
    expect(pipeline.github.callsTo("pulls/create-review").map((c) => c.status)).toEqual([502]);
    await expectOneReview();
  });

  it("a 5xx burst longer than the client's retries: the job fails, backs off, reruns, and posts one review", async () => {
    pipeline.github.failNext("pulls/create-review", { kind: "server_error", status: 503 }, 8);
    await enqueue(reviewJob());
    const source = await quietly(async () => drain(await worker()));
    expect(source.invocations.length).toBeGreaterThanOrEqual(2);
    expect(source.invocations[0]!.response.batchItemFailures).toHaveLength(1);
    expect(source.invocations.at(-1)!.response.batchItemFailures).toEqual([]);
    expect(stdout.records.some((r) => r.message === "job failed; it will be retried")).toBe(true);
    await expectOneReview();
  });

  it("the installation token expires mid-job: GitHub's 401 gets a renewed token of the same scope, the job completes in the same attempt, one review", async () => {
    // Right after the job opened its check run, every installation token the double issued expires.
    pipeline.github.onceAfter("checks/create", () => pipeline.github.expireInstallationTokens());
    await enqueue(reviewJob());
    const source = await quietly(async () => drain(await worker()));
    expect(pipeline.github.calls.some((c) => c.status === 401)).toBe(true);
    expect(source.invocations.map((i) => i.response.batchItemFailures.length)).toEqual([0]);
    expect(
      stdout.records.some((r) => r.message === "job token refused by GitHub; minted a replacement"),
    ).toBe(true);
    // Both tokens were minted for this repository only; the live one is revoked when the job ends.
    const minted = pipeline.github.callsTo("apps/create-installation-access-token");
    expect(minted).toHaveLength(2);
    for (const m of minted) expect(m.body).toMatchObject({ repositories: [REPO] });
    expect(pipeline.github.expireInstallationTokens()).toBe(0);
    await expectOneReview();
  });

  it("S3 and DynamoDB throttle for a while: the SDK's retries absorb it, one review, the session stored", async () => {
    s3Proxy.failNext(2, S3_SLOW_DOWN);
    dynamoProxy.failNext(2, DYNAMODB_THROTTLED);
    await enqueue(reviewJob());
    const source = await quietly(async () => drain(await worker()));
    expect(s3Proxy.injected + dynamoProxy.injected).toBe(4);
    expect(source.invocations).toHaveLength(1);
    await expectOneReview();
    const index = await pipeline.store.readIndex(prLineageKey(OWNER, REPO, pr));
    expect(index?.index.entries).toHaveLength(1);
  });

  it("S3 down for longer than any retry: the job goes to the DLQ with the reason, the PR gets one notice, and another PR's job is not held back", async () => {
    const downPr = pr;
    const otherPr = ++pr;
    openPullRequest(otherPr);
    // Every S3 call for the first PR fails; the other PR's lineage is reachable.
    s3Proxy.failNext(
      1000,
      S3_SLOW_DOWN,
      (req) =>
        (req.url ?? "").includes(`%23${downPr}`) ||
        (req.url ?? "").includes(`/${downPr}/`) ||
        (req.url ?? "").includes(`-${downPr}`),
    );
    const down = reviewJob(downPr);
    const other = reviewJob(otherPr);
    await enqueue(down, other);
    const source = await quietly(async () => drain(await worker(), eventSource(), 30));
    expect(reviewsOn(otherPr)).toHaveLength(1);
    expect(reviewsOn(downPr)).toHaveLength(0);
    const dead = await deadLetters();
    expect(dead).toEqual([{ jobId: down.jobId, reason: expect.stringMatching(/failed on all 4 receives/) }]);
    const onDownPr = pipeline.github
      .callsTo("issues/create-comment")
      .filter((c) => c.path.endsWith(`/issues/${downPr}/comments`));
    // Besides the review's own sticky (its live checklist, which ends "failed"), one notice.
    const notices = onDownPr.filter(
      (c) => !(c.body as { body: string }).body.includes("claude-pr-runner:sticky"),
    );
    expect(notices).toHaveLength(1);
    expect(onDownPr.length - notices.length).toBeLessThanOrEqual(1);
    expect(pipeline.sqs.messagesIn(queues.queueUrl)).toEqual([]);
    expect(source.invocations.length).toBeGreaterThanOrEqual(MAX_RECEIVES + 1);
    s3Proxy.clear();
  });
});

describe("fault injection: the worker process is killed mid-job", () => {
  it("killed right after GitHub stored the review: the message comes back after its visibility, the job reruns, and the review is not posted twice", async () => {
    const job = reviewJob();
    await enqueue(job);
    // Lambda's event source hands the message to a sandbox (a child process running the real
    // handler.ts), which is SIGKILLed as soon as GitHub has stored the review, before the answer.
    const source = await killedAttempt("pulls/create-review");
    expect(reviewsOn(pr)).toHaveLength(1); // stored before the kill
    // Not acknowledged: the message is still there, in flight until its visibility runs out.
    expect(pipeline.sqs.messagesIn(queues.queueUrl)).toHaveLength(1);

    await new Promise((r) => setTimeout(r, VISIBILITY_SECONDS * 1000 + 200));
    const rerun = await quietly(async () => drain(await worker(), source));
    expect(rerun.invocations.at(-1)!.records[0]!.attributes.ApproximateReceiveCount).toBe("2");
    expect(rerun.invocations.at(-1)!.response.batchItemFailures).toEqual([]);
    await expectOneReview();
  });

  it("killed right after it opened its check run: the retry takes that run over and completes it, and revokes the killed attempt's token; no second run, none in progress, no live token", async () => {
    const liveBefore = pipeline.github.liveInstallationTokens();
    const job = reviewJob();
    await enqueue(job);
    const source = await killedAttempt("checks/create");
    const ours = () =>
      pipeline.github.state.checkRuns.filter((c) => c.externalId === `claude-pr-runner:job:${job.jobId}`);
    expect(ours()).toMatchObject([{ status: "in_progress" }]);

    await new Promise((r) => setTimeout(r, VISIBILITY_SECONDS * 1000 + 200));
    await quietly(async () => drain(await worker(), source));
    await expectOneReview();
    expect(pipeline.github.callsTo("checks/create")).toHaveLength(1);
    expect(ours()).toMatchObject([{ status: "completed", conclusion: "failure" }]);
    // The killed attempt's job token, and the retry's own, are both revoked.
    expect(pipeline.github.liveInstallationTokens().filter((t) => !liveBefore.includes(t))).toEqual([]);
  });

  it("killed mid-session (its CLI waiting on the model): the retry takes the check run over, reviews once, and no token or run is left", async () => {
    const liveBefore = pipeline.github.liveInstallationTokens();
    const job = reviewJob();
    await enqueue(job);
    const source = await killedAttempt("model");
    const ours = () =>
      pipeline.github.state.checkRuns.filter((c) => c.externalId === `claude-pr-runner:job:${job.jobId}`);
    expect(ours()).toMatchObject([{ status: "in_progress" }]);
    expect(reviewsOn(pr)).toEqual([]);

    await new Promise((r) => setTimeout(r, VISIBILITY_SECONDS * 1000 + 200));
    await quietly(async () => drain(await worker(), source));
    await expectOneReview();
    expect(pipeline.github.callsTo("checks/create")).toHaveLength(1);
    expect(ours()).toMatchObject([{ status: "completed", conclusion: "failure" }]);
    expect(pipeline.github.state.checkRuns.filter((c) => c.status !== "completed")).toEqual([]);
    expect(pipeline.github.liveInstallationTokens().filter((t) => !liveBefore.includes(t))).toEqual([]);
  });

  it("its last allowed attempt killed after checks/create: the next receive dead-letters it, concludes its check run neutral, revokes the killed attempt's token and says so once on the PR", async () => {
    const liveBefore = pipeline.github.liveInstallationTokens();
    const job = reviewJob();
    await enqueue(job);
    const source = await killedAttempt("checks/create");
    const ours = () =>
      pipeline.github.state.checkRuns.filter((c) => c.externalId === `claude-pr-runner:job:${job.jobId}`);
    expect(ours()).toMatchObject([{ status: "in_progress" }]);

    // The deployment allows one attempt: the receive after the kill is the job's last step.
    await new Promise((r) => setTimeout(r, VISIBILITY_SECONDS * 1000 + 200));
    await quietly(async () => drain(await worker({ maxReceives: 1 }), source));
    expect(ours()).toMatchObject([{ status: "completed", conclusion: "neutral" }]);
    expect(ours()[0]?.output.title).toBe("Stopped: no retry follows");
    expect(pipeline.github.state.checkRuns.filter((c) => c.status !== "completed")).toEqual([]);
    expect(pipeline.github.liveInstallationTokens().filter((t) => !liveBefore.includes(t))).toEqual([]);
    expect(reviewsOn(pr)).toEqual([]);
    const notices = pipeline.github
      .callsTo("issues/create-comment")
      .filter((c) => c.path.endsWith(`/issues/${pr}/comments`));
    expect(notices).toHaveLength(1);
    expect((await deadLetters()).map((d) => d.jobId)).toContain(job.jobId);
    expect(pipeline.github.violations).toEqual([]);
  });

  it("killed mid-job, and the retry finds a newer push: the run it left on the old commit is concluded, superseded", async () => {
    const job = reviewJob();
    await enqueue(job);
    const source = await killedAttempt("checks/create");
    // The author pushes while the message waits out its visibility.
    const newer = "f".repeat(40);
    pipeline.github.pull(OWNER, REPO, pr).head.sha = newer;

    await new Promise((r) => setTimeout(r, VISIBILITY_SECONDS * 1000 + 200));
    await quietly(async () => drain(await worker(), source));
    const run = pipeline.github.state.checkRuns.find(
      (c) => c.externalId === `claude-pr-runner:job:${job.jobId}`,
    );
    expect(run).toMatchObject({ status: "completed", conclusion: "neutral" });
    expect(run?.output.summary).toContain(`superseded by ${newer.slice(0, 7)}`);
    expect(pipeline.github.state.checkRuns.filter((c) => c.status !== "completed")).toEqual([]);
    expect(reviewsOn(pr)).toEqual([]);
    expect(pipeline.github.violations).toEqual([]);
  });
});

/**
 * One poll of the queue whose worker is SIGKILLed once GitHub answered `operationId`, or, for
 * "model", once its session's CLI sent its first model request; the source polls on.
 */
async function killedAttempt(operationId: string): Promise<SqsEventSource> {
  const source = eventSource();
  const { sandbox, wasKilled } = killedAfter(operationId);
  await expect(source.pollOnce(sandbox, () => lambdaContext("worker", 600_000))).rejects.toThrow(
    /signal SIGKILL/,
  );
  expect(wasKilled()).toBe(true);
  return source;
}

/**
 * A sandbox for Lambda's event source: the real worker handler in a child process, SIGKILLed as soon
 * as GitHub has answered `operationId` (before the worker can answer SQS).
 */
function killedAfter(operationId: string): {
  sandbox: (event: SQSEvent) => Promise<SQSBatchResponse>;
  wasKilled: () => boolean;
} {
  let killed = false;
  const sandbox = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(REPO_ROOT, "test/lambda/support/worker-sandbox.ts")],
      {
        cwd: REPO_ROOT,
        stdio: ["pipe", "pipe", "pipe"],
        env: await sandboxEnv(),
      },
    );
    // Lambda stops the whole sandbox: the worker and every process it started (the CLI runs in a
    // process group of its own, so killing the worker alone would leave it running).
    const kill = () => {
      const descendants = descendantsOf(child.pid ?? 0);
      killed = child.kill("SIGKILL");
      for (const pid of descendants) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    };
    if (operationId === "model") onModelRequest = kill;
    else pipeline.github.onceAfter(operationId, kill);
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stdin.end(JSON.stringify(event));
    const [code, signal] = await new Promise<[number | null, string | null]>((r) =>
      child.on("exit", (c, s) => r([c, s])),
    );
    const line = out.split("\n").find((l) => l.startsWith("SANDBOX-RESPONSE "));
    if (!line)
      throw new Error(
        `sandbox ended without an answer (code ${code}, signal ${signal}): ${out.slice(-2000)}`,
      );
    return JSON.parse(line.slice("SANDBOX-RESPONSE ".length)) as SQSBatchResponse;
  };
  return { sandbox, wasKilled: () => killed };
}

/** Every process below `pid` (children, their children…), read from ps. */
function descendantsOf(pid: number): number[] {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/** What the stack sets on the worker, pointed at the loopback servers (the sandbox reads only this). */
async function sandboxEnv(): Promise<NodeJS.ProcessEnv> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    AWS_ENDPOINT_URL_S3: pipeline.s3.url,
    AWS_ENDPOINT_URL_SQS: pipeline.sqs.endpoint,
    AWS_REQUEST_CHECKSUM_CALCULATION: "WHEN_REQUIRED",
    AWS_RESPONSE_CHECKSUM_VALIDATION: "WHEN_REQUIRED",
    POWERTOOLS_SERVICE_NAME: "worker",
    POWERTOOLS_METRICS_NAMESPACE: "ClaudePrRunnerTest",
    GITHUB_APP_ID: "12345",
    ALLOWED_INSTALLATIONS: String(INSTALLATION_ID),
    GITHUB_API_URL: pipeline.github.url,
    GITHUB_SERVER_URL: `file://${pipeline.gitServer}`,
    GITHUB_APP_PRIVATE_KEY: "secretsmanager:app-key",
    ANTHROPIC_API_KEY_SECRET: "secretsmanager:anthropic-key",
    ANTHROPIC_BASE_URL: pipeline.api.url,
    SESSIONS_BUCKET: "sessions",
    DEADLINE_MARGIN_MS: "5000",
    CLAUDE_PATH: CLAUDE_BIN,
    JOB_WORK_ROOT: join(pipeline.root, "sandbox-tmp"),
    JOB_QUEUE_URL: queues.queueUrl,
    DEAD_LETTER_QUEUE_URL: queues.dlqUrl,
    MAX_RECEIVE_COUNT: String(MAX_RECEIVES),
    // The production stack's fairness table, which also records each attempt's minted tokens.
    AWS_ENDPOINT_URL_DYNAMODB: pipeline.dynamo.endpoint,
    SLOTS_TABLE_NAME: await slotsTableOfThisCase(),
    INSTALLATION_CONCURRENCY: "2",
  };
}
