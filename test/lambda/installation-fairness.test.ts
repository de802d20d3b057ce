import { ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { githubAppAuth } from "../../lambda/shared/github-app-auth.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { createJobMessage, type JobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { SpendLedger } from "../../lambda/shared/spend-ledger.js";
import { createTelemetry } from "../../lambda/shared/telemetry.js";
import { InstallationSlots } from "../../lambda/worker/installation-slots.js";
import type { JobExecutor } from "../../lambda/worker/job-executor.js";
import { type PrSpendCap, withAuditSpendCap } from "../../lambda/worker/pr-spend-cap.js";
import { WorkerConfigError, workerConfigFromEnv } from "../../lambda/worker/worker-config.js";
import { createWorkerHandler, type WorkerHandler } from "../../lambda/worker/worker-handler.js";
import { GitHubDouble } from "../github-double/index.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// Per-installation fairness on the real local parts: the lease table in dynalite, the FIFO queue in
// fauxqs, Lambda's event source emulated by concurrent pollers (one per worker execution), and the
// GitHub double minting installation tokens. The executor is a stand-in that holds installation A's
// jobs until the test lets them go, so "A occupies the workers" is a state the test controls.
const A = 101;
const B = 202;
const WORKERS = 3;
const CAP = 2;
const MAX_RECEIVES = 3;

let sqs: LoopbackSqs;
let dynamo: LoopbackDynamoDb;
let gh: GitHubDouble;
let queues: FifoQueuePair;
let table = 0;
let n = 0;
const stdout = new CapturedStdout();
const privateKey = appPrivateKeyPem();

beforeAll(async () => {
  [sqs, dynamo, gh] = await Promise.all([
    LoopbackSqs.start(),
    LoopbackDynamoDb.start(),
    GitHubDouble.start(),
  ]);
  for (const [id, owner] of [
    [A, "org-a"],
    [B, "org-b"],
  ] as const) {
    gh.addRepo(owner, "app");
    gh.addInstallation(id, owner, [`${owner}/app`]);
  }
});

afterAll(async () => {
  stdout.stop();
  await Promise.all([sqs?.close(), dynamo?.close(), gh?.close()]);
});

beforeEach(async () => {
  queues = await sqs.createFifoQueueWithDlq(`fair-${++n}`, {
    // SQS's own redrive must leave room for the receives spent waiting (MAX + maxDeferrals + 1).
    maxReceiveCount: MAX_RECEIVES + 50 + 1,
    visibilityTimeoutSeconds: 30,
  });
});

async function slotsTable(): Promise<InstallationSlots> {
  const name = `slots-${++table}`;
  await dynamo.createIdempotencyTable(name);
  return new InstallationSlots(dynamo.client, name);
}

function job(installationId: number, pullNumber: number): JobMessage {
  return createJobMessage({
    kind: "review",
    owner: installationId === A ? "org-a" : "org-b",
    repo: "app",
    installationId,
    pullNumber,
    headSha: "a".repeat(40),
    deliveryId: crypto.randomUUID(),
    trigger: { source: "webhook", event: "pull_request", action: "synchronize" },
  });
}

async function enqueue(jobs: JobMessage[]): Promise<void> {
  const queue = new JobQueue(sqs.client, queues.queueUrl);
  for (const j of jobs) await queue.enqueue(j, j.deliveryId ?? j.jobId);
}

/** Records which jobs ran, how many of each installation ran at once, and holds A's until released. */
class GatedExecutor {
  readonly completed: string[] = [];
  readonly running = new Map<number, number>();
  readonly peak = new Map<number, number>();
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.open = resolve;
  });

  readonly executor: JobExecutor = async (j, ctx) => {
    // A real call with the job's token: the job does run, as its installation.
    await new Octokit({ baseUrl: gh.url, auth: ctx.token }).rest.repos.get({ owner: j.owner, repo: j.repo });
    const now = (this.running.get(j.installationId) ?? 0) + 1;
    this.running.set(j.installationId, now);
    this.peak.set(j.installationId, Math.max(now, this.peak.get(j.installationId) ?? 0));
    try {
      if (j.installationId === A) await this.gate;
    } finally {
      this.running.set(j.installationId, (this.running.get(j.installationId) ?? 1) - 1);
    }
    this.completed.push(j.jobId);
    return { status: "completed", conclusion: "success" };
  };

  release(): void {
    this.open();
  }
}

function worker(
  executor: JobExecutor,
  slots: InstallationSlots | undefined,
  { maxDeferrals = 50, maxDeferSeconds = 4 } = {},
): WorkerHandler {
  return createWorkerHandler({
    telemetry: createTelemetry("worker", process.env),
    executor,
    tokens: githubAppAuth({ appId: "12345", baseUrl: gh.url, privateKey: async () => privateKey }),
    allowedInstallations: parseInstallationAllowList(`${A},${B}`),
    retry: {
      sqs: sqs.client,
      queueUrl: queues.queueUrl,
      deadLetterQueueUrl: queues.dlqUrl,
      maxReceiveCount: MAX_RECEIVES,
      backoffSeconds: [0],
    },
    ...(slots
      ? { fairness: { slots, perInstallation: CAP, deferSeconds: 1, maxDeferSeconds, maxDeferrals } }
      : {}),
    deadlineMarginMs: 1_000,
    minimumJobMs: 100,
  });
}

/** `WORKERS` concurrent pollers, like Lambda running that many worker executions; stops on `done`. */
function runWorkers(handler: WorkerHandler, done: () => boolean): Promise<void> {
  // The worker itself sets the visibility of a job it sends back (backoff or fairness wait).
  const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 1, false);
  const poll = async () => {
    while (!done()) {
      const got = await source.pollOnce(handler, () => lambdaContext("worker", 600_000));
      if (!got) await new Promise((r) => setTimeout(r, 50));
    }
  };
  return Promise.all(Array.from({ length: WORKERS }, poll)).then(() => undefined);
}

async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const emfKeys = () =>
  stdout.records
    .filter((r) => "_aws" in r)
    .flatMap((r) => Object.keys(r).filter((k) => k.startsWith("jobs")));

describe("per-installation fairness cap", () => {
  it("installation A floods the queue: B's job still runs, A never holds more than its cap, and nothing of A is lost", async () => {
    const slots = await slotsTable();
    const gated = new GatedExecutor();
    const flood = Array.from({ length: 6 }, (_, i) => job(A, i + 1));
    const bJob = job(B, 1);
    await enqueue([...flood, bJob]);

    stdout.clear();
    stdout.start();
    let stop = false;
    const workers = runWorkers(worker(gated.executor, slots), () => stop);
    try {
      // B completes while A's jobs are still held: A did not get the third worker.
      await until(() => gated.completed.includes(bJob.jobId), "B's job");
      expect(gated.running.get(A)).toBe(CAP);
      expect(gated.peak.get(A)).toBe(CAP);
      expect((await slots.holders(A)).length).toBe(CAP);
      expect(gated.completed).toEqual([bJob.jobId]);
      // The rest of A waits in the queue (visible later), not in the DLQ.
      const queuedA = sqs
        .messagesIn(queues.queueUrl)
        .map((m) => (JSON.parse(m.body) as JobMessage).jobId)
        .filter((id) => id !== bJob.jobId);
      expect(queuedA.sort()).toEqual(flood.map((j) => j.jobId).sort());
      expect(sqs.messagesIn(queues.dlqUrl)).toEqual([]);

      gated.release();
      await until(() => gated.completed.length === flood.length + 1, "all of A's jobs", 60_000);
    } finally {
      gated.release();
      stop = true;
      await workers;
      stdout.stop();
    }
    // Each of A's jobs ran exactly once, never more than CAP at a time; the queue and DLQ are empty.
    expect([...gated.completed].sort()).toEqual([...flood.map((j) => j.jobId), bJob.jobId].sort());
    expect(gated.peak.get(A)).toBe(CAP);
    expect(sqs.messagesIn(queues.queueUrl)).toEqual([]);
    expect(sqs.messagesIn(queues.dlqUrl)).toEqual([]);
    expect(await slots.holders(A)).toEqual([]);
    // Waiting is "deferred", never a failure.
    expect(emfKeys()).toContain("jobs_deferred");
    expect(emfKeys()).not.toContain("jobs_failed");
    expect(emfKeys()).not.toContain("jobs_dead_lettered");
  }, 90_000);

  it("without the cap, the same flood takes every worker and B waits (the case the cap exists for)", async () => {
    const gated = new GatedExecutor();
    const flood = Array.from({ length: 6 }, (_, i) => job(A, i + 1));
    const bJob = job(B, 1);
    await enqueue([...flood, bJob]);
    stdout.start();
    let stop = false;
    const workers = runWorkers(worker(gated.executor, undefined), () => stop);
    try {
      await until(() => gated.running.get(A) === WORKERS, "A on every worker");
      await new Promise((r) => setTimeout(r, 300));
      expect(gated.completed).toEqual([]);
    } finally {
      gated.release();
      await until(() => gated.completed.length === flood.length + 1, "the backlog").finally(() => {
        stop = true;
      });
      await workers;
      stdout.stop();
    }
  }, 90_000);

  it("receives spent waiting do not use up the job's attempts; past maxDeferrals it goes to the DLQ with the reason", async () => {
    const slots = await slotsTable();
    // Installation A's slots are all held by jobs of another worker that stay alive.
    await slots.acquire(A, "held-1", CAP, 3600);
    await slots.acquire(A, "held-2", CAP, 3600);
    const waiting = job(A, 9);
    const starved = job(A, 10);
    await enqueue([waiting]);
    const ran: string[] = [];
    const handler = worker(
      async (j) => {
        ran.push(j.jobId);
        return { status: "completed", conclusion: "success" };
      },
      slots,
      { maxDeferrals: 4, maxDeferSeconds: 1 },
    );
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 1, false);
    stdout.start();
    try {
      // More receives than MAX_RECEIVES, all spent waiting: still queued, never run, never dead-lettered.
      for (let i = 0; i < MAX_RECEIVES + 1; i++) {
        await until(() => sqs.messagesIn(queues.queueUrl).length === 1, "the job back in the queue");
        await new Promise((r) => setTimeout(r, 1_050));
        expect(await source.pollOnce(handler, () => lambdaContext("worker", 600_000))).toBe(true);
      }
      expect(ran).toEqual([]);
      expect(sqs.messagesIn(queues.dlqUrl)).toEqual([]);
      expect(await slots.deferrals(source.invocations[0]!.records[0]!.messageId)).toBe(MAX_RECEIVES + 1);

      // A slot frees: the job runs on its fifth receive as its first attempt.
      await slots.release(A, "held-1");
      await new Promise((r) => setTimeout(r, 1_050));
      expect(await source.pollOnce(handler, () => lambdaContext("worker", 600_000))).toBe(true);
      expect(ran).toEqual([waiting.jobId]);
      expect(source.invocations.at(-1)!.response.batchItemFailures).toEqual([]);

      // A job that waits past maxDeferrals (4) is not dropped: it goes to the DLQ with why.
      await slots.acquire(A, "held-3", CAP, 3600);
      await enqueue([starved]);
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 1_050));
        await source.pollOnce(handler, () => lambdaContext("worker", 600_000));
      }
    } finally {
      stdout.stop();
    }
    expect(ran).toEqual([waiting.jobId]);
    expect(sqs.messagesIn(queues.queueUrl)).toEqual([]);
    const dead = await sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: queues.dlqUrl,
        MessageAttributeNames: ["All"],
      }),
    );
    expect(dead.Messages).toHaveLength(1);
    expect(JSON.parse(dead.Messages![0]!.Body!).jobId).toBe(starved.jobId);
    expect(dead.Messages![0]!.MessageAttributes?.reason?.StringValue).toMatch(
      /installation 101 stayed at its fairness cap for 4 receives/,
    );
  }, 90_000);
});

describe("audit fan-out under both caps", () => {
  it("200 scheduled audits of one installation: never more than its cap at once, the day's spend cap drops the rest, none lost", async () => {
    const slots = await slotsTable();
    const spendTable = `spend-${++table}`;
    await dynamo.createIdempotencyTable(spendTable);
    const cap: PrSpendCap = {
      ledger: new SpendLedger(dynamo.client, spendTable),
      capUsdPerDay: 20,
      jobBudgetUsd: 1,
    };
    const audits = Array.from({ length: 200 }, (_, i) =>
      createJobMessage({
        kind: "audit",
        owner: "org-a",
        repo: `repo-${i}`,
        installationId: A,
        trigger: { source: "schedule", scheduleEventId: "tick-1" },
      }),
    );
    await enqueue(audits);
    let running = 0;
    let peak = 0;
    const ran: string[] = [];
    // The executor's own audit cap around a stand-in audit that costs $0.40 and takes a moment.
    const executor: JobExecutor = (job) =>
      withAuditSpendCap(cap, job, async () => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 30));
        running--;
        ran.push(job.jobId);
        return { status: "completed", conclusion: "success", costUsd: 0.4 };
      });
    stdout.clear();
    stdout.start();
    let stop = false;
    const workers = runWorkers(worker(executor, slots), () => stop);
    try {
      await until(() => sqs.messagesIn(queues.queueUrl).length === 0, "the fan-out to drain", 120_000);
    } finally {
      stop = true;
      await workers;
      stdout.stop();
    }
    // Each audit reserves its $1 budget and books $0.40: 48 fit in $20, the other 152 are dropped.
    expect(ran).toHaveLength(48);
    expect(new Set(ran).size).toBe(48);
    expect(stdout.records.filter((r) => r.message === "job dropped")).toHaveLength(152);
    expect(peak).toBeLessThanOrEqual(CAP);
    expect(peak).toBe(CAP);
    expect(sqs.messagesIn(queues.dlqUrl)).toEqual([]);
    expect(await slots.holders(A)).toEqual([]);
  }, 180_000);
});

describe("installation slots (dynalite)", () => {
  it("grants exactly `cap` of many concurrent requests, renews a holder, and frees a slot on release", async () => {
    const slots = await slotsTable();
    const granted = await Promise.all(
      Array.from({ length: 10 }, (_, i) => slots.acquire(7, `job-${i}`, 3, 600)),
    );
    expect(granted.filter(Boolean)).toHaveLength(3);
    const holders = await slots.holders(7);
    expect(holders).toHaveLength(3);
    expect(await slots.acquire(7, holders[0]!, 3, 600)).toBe(true); // a retry of a holder keeps its slot
    expect(await slots.acquire(7, "late", 3, 600)).toBe(false);
    expect(await slots.acquire(8, "other-installation", 3, 600)).toBe(true);
    await slots.release(7, holders[0]!);
    await slots.release(7, holders[0]!); // idempotent
    expect(await slots.acquire(7, "late", 3, 600)).toBe(true);
    expect(await slots.holders(7)).toEqual([...holders.slice(1), "late"].sort());
  });

  it("a killed worker's lease frees itself once its deadline has passed", async () => {
    let now = 1_000_000;
    const name = `slots-${++table}`;
    await dynamo.createIdempotencyTable(name);
    const slots = new InstallationSlots(dynamo.client, name, () => now);
    expect(await slots.acquire(7, "killed", 1, 960)).toBe(true);
    now += 959;
    expect(await slots.acquire(7, "next", 1, 960)).toBe(false);
    now += 1;
    expect(await slots.acquire(7, "next", 1, 960)).toBe(true);
    expect(await slots.holders(7)).toEqual(["next"]);
  });
});

describe("fairness settings (worker environment)", () => {
  const base = {
    GITHUB_APP_ID: "1",
    GITHUB_APP_PRIVATE_KEY: "secretsmanager:key",
    JOB_QUEUE_URL: "https://sqs/q.fifo",
    DEAD_LETTER_QUEUE_URL: "https://sqs/dlq.fifo",
  };

  it("is off without SLOTS_TABLE_NAME, on with defaults with it, and refuses bad values", () => {
    expect(workerConfigFromEnv(base).fairness).toBeUndefined();
    expect(workerConfigFromEnv({ ...base, SLOTS_TABLE_NAME: "slots" }).fairness).toEqual({
      tableName: "slots",
      perInstallation: 5,
      deferSeconds: 60,
      maxDeferSeconds: 900,
      maxDeferrals: 200,
    });
    expect(
      workerConfigFromEnv({ ...base, SLOTS_TABLE_NAME: "slots", INSTALLATION_CONCURRENCY: "2" }).fairness
        ?.perInstallation,
    ).toBe(2);
    for (const bad of [
      { INSTALLATION_CONCURRENCY: "0" },
      { INSTALLATION_CONCURRENCY: "two" },
      { FAIRNESS_DEFER_SECONDS: "0" },
      { FAIRNESS_DEFER_SECONDS: "1000", FAIRNESS_MAX_DEFER_SECONDS: "900" },
      { FAIRNESS_MAX_DEFER_SECONDS: "50000" },
    ])
      expect(() => workerConfigFromEnv({ ...base, SLOTS_TABLE_NAME: "slots", ...bad })).toThrow(
        WorkerConfigError,
      );
    // A waiting job goes back through the queue, so the queue must be known.
    expect(() =>
      workerConfigFromEnv({ ...base, SLOTS_TABLE_NAME: "slots", DEAD_LETTER_QUEUE_URL: "" }),
    ).toThrow(/needs JOB_QUEUE_URL and DEAD_LETTER_QUEUE_URL/);
  });
});
