import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { githubAppAuth } from "../../lambda/shared/github-app-auth.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { createJobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { createTelemetry } from "../../lambda/shared/telemetry.js";
import { AttemptTokens } from "../../lambda/worker/attempt-tokens.js";
import type { JobExecutor } from "../../lambda/worker/job-executor.js";
import { jobTokenScope } from "../../lambda/worker/job-token-scope.js";
import { createWorkerHandler } from "../../lambda/worker/worker-handler.js";
import { GitHubDouble } from "../github-double/index.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";
import { LoopbackSqs } from "./support/loopback-sqs.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// Issue #34: a killed attempt never runs its `finally`, so the installation tokens it minted stayed
// live for their hour. Each attempt now records what it mints (dynalite), and the next attempt of
// the same job revokes what is left before it mints its own (GitHub double: a revoked token is 401).
const INSTALLATION = 303;
const OWNER = "org-c";
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let gh: GitHubDouble;
let table = 0;
const stdout = new CapturedStdout().start();
const privateKey = appPrivateKeyPem();

beforeAll(async () => {
  [dynamo, sqs, gh] = await Promise.all([
    LoopbackDynamoDb.start(),
    LoopbackSqs.start(),
    GitHubDouble.start(),
  ]);
  gh.addRepo(OWNER, "app");
  gh.addInstallation(INSTALLATION, OWNER, [`${OWNER}/app`]);
});
afterAll(async () => {
  stdout.stop();
  await Promise.all([dynamo?.close(), sqs?.close(), gh?.close()]);
});

async function ledger(): Promise<AttemptTokens> {
  const name = `attempt-tokens-${++table}`;
  await dynamo.createIdempotencyTable(name);
  return new AttemptTokens(dynamo.client, name);
}

/** Whether GitHub still accepts `token`. */
async function live(token: string): Promise<boolean> {
  const res = await new Octokit({ baseUrl: gh.url, auth: token, request: { retries: 0 } }).rest.repos
    .get({ owner: OWNER, repo: "app" })
    .then(
      () => 200,
      (e: { status?: number }) => e.status ?? 0,
    );
  return res === 200;
}

describe("AttemptTokens (dynalite)", () => {
  it("keeps what each attempt minted until it is forgotten, and hands the rest over once", async () => {
    const tokens = await ledger();
    await tokens.record("job-1", "ghs_a");
    await tokens.record("job-1", "ghs_b");
    await tokens.record("job-1", "ghs_b"); // a set: twice is once
    await tokens.record("job-2", "ghs_other");
    await tokens.forget("job-1", ["ghs_a"]);
    await tokens.forget("job-1", []);
    expect(await tokens.takeLeftovers("job-1")).toEqual(["ghs_b"]);
    expect(await tokens.takeLeftovers("job-1")).toEqual([]);
    expect(await tokens.takeLeftovers("job-2")).toEqual(["ghs_other"]);
    expect(await tokens.takeLeftovers("never")).toEqual([]);
  });
});

describe("the worker revokes what a killed attempt of the same job left", () => {
  it("before minting its own; and its own are revoked and struck off when it ends", async () => {
    const tokens = await ledger();
    const auth = githubAppAuth({ appId: "12345", baseUrl: gh.url, privateKey: async () => privateKey });
    const queues = await sqs.createFifoQueueWithDlq("attempt-tokens", {
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 2,
    });
    const job = createJobMessage({
      kind: "review",
      owner: OWNER,
      repo: "app",
      installationId: INSTALLATION,
      pullNumber: 1,
      headSha: "a".repeat(40),
      trigger: { source: "webhook", event: "pull_request", action: "opened" },
    });
    const scope = jobTokenScope(job, { uploadSarif: false });
    // The killed attempt: it minted and recorded a token, then died before its `finally`.
    const leftover = await auth.jobToken!(INSTALLATION, scope);
    await tokens.record(job.jobId, leftover);
    expect(await live(leftover)).toBe(true);

    let seen = "";
    let leftoverLiveDuringJob = true;
    const executor: JobExecutor = async (_job, ctx) => {
      seen = ctx.token;
      leftoverLiveDuringJob = await live(leftover);
      expect(await live(ctx.token)).toBe(true);
      return { status: "completed", conclusion: "success" };
    };
    const handler = createWorkerHandler({
      telemetry: createTelemetry("worker", process.env),
      executor,
      tokens: auth,
      tokenScope: (j) => jobTokenScope(j, { uploadSarif: false }),
      allowedInstallations: parseInstallationAllowList(String(INSTALLATION)),
      attemptTokens: tokens,
      deadlineMarginMs: 1_000,
      minimumJobMs: 100,
    });
    await new JobQueue(sqs.client, queues.queueUrl).enqueue(job, job.jobId);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 1, false);
    await source.pollOnce(handler, () => lambdaContext("worker", 600_000));

    expect(seen).not.toBe("");
    expect(leftoverLiveDuringJob).toBe(false);
    expect(await live(leftover)).toBe(false);
    expect(await live(seen)).toBe(false);
    expect(await tokens.takeLeftovers(job.jobId)).toEqual([]);
    expect(
      stdout.records.some((r) => r.message === "revoked the tokens an earlier attempt of this job left"),
    ).toBe(true);
    expect(gh.violations).toEqual([]);
  });
});
