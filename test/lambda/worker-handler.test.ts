import { ReceiveMessageCommand, SendMessageCommand } from "@aws-sdk/client-sqs";
import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { githubAppAuth } from "../../lambda/shared/github-app-auth.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { createJobMessage, type JobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { createTelemetry } from "../../lambda/shared/telemetry.js";
import type { JobExecutionContext, JobExecutor } from "../../lambda/worker/job-executor.js";
import { PermanentJobError } from "../../lambda/worker/job-executor.js";
import { jobTokenScope } from "../../lambda/worker/job-token-scope.js";
import { createWorkerHandler } from "../../lambda/worker/worker-handler.js";
import { GitHubDouble } from "../github-double/index.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// The worker door against fauxqs (FIFO queue + DLQ with a redrive policy of 3 receives), Lambda's SQS
// event source emulated by SqsEventSource, and the GitHub double issuing installation tokens. These
// cases are about the door (batching, ordering, retries, DLQ), so the executor is a small one that opens
// and closes a check run; worker-jobs.test.ts runs the real job executor with the real CLI.
const OWNER = "Codertocat";
const REPO = "Hello-World";
const SHA_1 = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";
const SHA_2 = "1111111111111111111111111111111111111111";
const MAX_RECEIVES = 3;

let sqs: LoopbackSqs;
let gh: GitHubDouble;
let queues: FifoQueuePair;
let n = 0;
const stdout = new CapturedStdout();
const privateKey = appPrivateKeyPem();

beforeAll(async () => {
  [sqs, gh] = await Promise.all([LoopbackSqs.start(), GitHubDouble.start()]);
  gh.addRepo(OWNER, REPO);
});

afterAll(async () => {
  stdout.stop();
  await Promise.all([sqs?.close(), gh?.close()]);
});

beforeEach(async () => {
  // A fresh queue pair per test: FIFO groups and receive counts never leak between cases.
  queues = await sqs.createFifoQueueWithDlq(`jobs-${++n}`, {
    maxReceiveCount: MAX_RECEIVES,
    visibilityTimeoutSeconds: 30,
  });
  gh.clearFaults();
});

interface ExecutorCall {
  job: JobMessage;
  deadlineMs: number;
  receiveCount: number;
}

/** Opens a check run on the job's head with the installation token, then closes it. */
function checkRunExecutor(
  calls: ExecutorCall[],
  behave: (
    job: JobMessage,
    ctx: JobExecutionContext,
    attempt: number,
  ) => "succeed" | "wait_for_deadline" | Error = () => "succeed",
): JobExecutor {
  return async (job, ctx) => {
    const octokit = new Octokit({ baseUrl: gh.url, auth: ctx.token });
    const { data: run } = await octokit.rest.checks.create({
      owner: job.owner,
      repo: job.repo,
      name: `claude-pr-runner/${job.kind}`,
      head_sha: job.headSha ?? SHA_1,
      status: "in_progress",
      external_id: job.jobId,
    });
    calls.push({
      job,
      deadlineMs: ctx.deadlineMs,
      receiveCount: ctx.receiveCount,
    });
    const action = behave(job, ctx, calls.filter((c) => c.job.jobId === job.jobId).length);
    if (action instanceof Error) throw action;
    if (action === "wait_for_deadline") {
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      await octokit.rest.checks.update({
        owner: job.owner,
        repo: job.repo,
        check_run_id: run.id,
        status: "completed",
        conclusion: "timed_out",
      });
      return { status: "timed_out", conclusion: "timed_out" };
    }
    await octokit.rest.checks.update({
      owner: job.owner,
      repo: job.repo,
      check_run_id: run.id,
      status: "completed",
      conclusion: "success",
    });
    return {
      status: "completed",
      conclusion: "success",
      costUsd: 0.0123,
      numTurns: 3,
      durationMs: 4200,
      sessionId: "s-1",
    };
  };
}

function worker(
  executor: JobExecutor,
  opts: {
    deadlineMarginMs?: number;
    minimumJobMs?: number;
    allowed?: string;
    /** Backoff seconds: turns on the retry policy (ChangeMessageVisibility, DLQ with reason). */
    backoffSeconds?: number[];
    notify?: (job: JobMessage, text: string) => Promise<void>;
    /** Mint a fresh repo-scoped token per job and revoke it afterwards. */
    scoped?: boolean;
  } = {},
) {
  const telemetry = createTelemetry("worker", process.env);
  return createWorkerHandler({
    telemetry,
    executor,
    tokens: githubAppAuth({ appId: "12345", baseUrl: gh.url, privateKey: async () => privateKey }),
    allowedInstallations: parseInstallationAllowList(opts.allowed ?? "1"),
    ...(opts.backoffSeconds
      ? {
          retry: {
            sqs: sqs.client,
            queueUrl: queues.queueUrl,
            deadLetterQueueUrl: queues.dlqUrl,
            maxReceiveCount: MAX_RECEIVES,
            backoffSeconds: opts.backoffSeconds,
          },
        }
      : {}),
    ...(opts.notify ? { notify: opts.notify } : {}),
    ...(opts.scoped ? { tokenScope: (job: JobMessage) => jobTokenScope(job) } : {}),
    deadlineMarginMs: opts.deadlineMarginMs ?? 1_000,
    minimumJobMs: opts.minimumJobMs ?? 100,
  });
}

function reviewJob(headSha: string, pullNumber = 2): JobMessage {
  return createJobMessage({
    kind: "review",
    owner: OWNER,
    repo: REPO,
    installationId: 1,
    pullNumber,
    headSha,
    deliveryId: crypto.randomUUID(),
    trigger: { source: "webhook", event: "pull_request", action: "synchronize" },
  });
}

async function enqueue(...jobs: JobMessage[]): Promise<void> {
  const queue = new JobQueue(sqs.client, queues.queueUrl);
  for (const job of jobs) await queue.enqueue(job, job.deliveryId ?? job.jobId);
}

async function withStdout<T>(fn: () => Promise<T>): Promise<T> {
  stdout.clear();
  stdout.start();
  try {
    return await fn();
  } finally {
    stdout.stop();
  }
}

describe("worker handler", () => {
  it("runs a queued job with an installation token from the App and acknowledges it", async () => {
    const calls: ExecutorCall[] = [];
    const job = reviewJob(SHA_1);
    await enqueue(job);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);

    await withStdout(() =>
      source.drain(worker(checkRunExecutor(calls)), () => lambdaContext("worker", 900_000)),
    );

    expect(calls).toHaveLength(1);
    expect(calls[0]!.job).toEqual(job);
    // The token came from POST /app/installations/1/access_tokens and the double accepted it.
    const tokenCalls = gh.callsTo("apps/create-installation-access-token");
    expect(tokenCalls.at(-1)).toMatchObject({ path: "/app/installations/1/access_tokens", status: 201 });
    expect(gh.callsTo("checks/create").at(-1)?.status).toBe(201);
    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
    expect(sqs.messagesIn(queues.dlqUrl)).toHaveLength(0);
    // The deadline is the invocation's remaining time minus the margin.
    expect(calls[0]!.deadlineMs).toBeLessThanOrEqual(899_000);
    expect(calls[0]!.deadlineMs).toBeGreaterThan(890_000);

    const completed = stdout.records.find((r) => r.message === "job completed");
    expect(completed).toMatchObject({
      jobId: job.jobId,
      deliveryId: job.deliveryId,
      repo: `${OWNER}/${REPO}`,
      pr: 2,
      jobKind: "review",
      costUsd: 0.0123,
      numTurns: 3,
    });
    const emf = stdout.records.find((r) => "_aws" in r && "job_cost_usd" in r);
    expect(emf).toMatchObject({
      jobs: 1,
      jobs_completed: 1,
      job_cost_usd: 0.0123,
      job_turns: 3,
      job_duration: 4200,
    });
    expect(stdout.text).not.toContain(privateKey.split("\n")[1]!);
  });

  it("processes two pushes to one PR in order, and a failure holds back the later one", async () => {
    const calls: ExecutorCall[] = [];
    const first = reviewJob(SHA_1);
    const second = reviewJob(SHA_2);
    const otherPr = reviewJob(SHA_2, 7);
    await enqueue(first, second, otherPr);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    // The first push fails once (say, a GitHub outage); it must not be overtaken by the second.
    const executor = checkRunExecutor(calls, (job, _ctx, attempt) =>
      job.jobId === first.jobId && attempt === 1 ? new Error("GitHub is having a moment") : "succeed",
    );

    await withStdout(() => source.drain(worker(executor), () => lambdaContext("worker", 900_000)));

    const samePr = calls.filter((c) => c.job.pullNumber === 2).map((c) => [c.job.headSha, c.receiveCount]);
    expect(samePr).toEqual([
      [SHA_1, 1],
      [SHA_1, 2],
      [SHA_2, expect.any(Number)],
    ]);
    // The other PR's group was not held back by the failure.
    expect(calls.filter((c) => c.job.pullNumber === 7)).toHaveLength(1);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
  });

  it("gives a job near the deadline a short budget; it closes its check run as timed_out and is not retried", async () => {
    const calls: ExecutorCall[] = [];
    const job = reviewJob(SHA_1);
    await enqueue(job);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    const handler = worker(
      checkRunExecutor(calls, () => "wait_for_deadline"),
      { deadlineMarginMs: 1_000, minimumJobMs: 100 },
    );

    // 1.5 s left in the invocation, 1 s kept back: the job gets about half a second.
    await withStdout(() => source.pollOnce(handler, () => lambdaContext("worker", 1_500)));

    expect(calls).toHaveLength(1);
    expect(calls[0]!.deadlineMs).toBeLessThanOrEqual(500);
    expect(calls[0]!.deadlineMs).toBeGreaterThan(0);
    expect(gh.callsTo("checks/update").at(-1)?.body).toMatchObject({
      status: "completed",
      conclusion: "timed_out",
    });
    // Final: acknowledged, reported once (the check run), never run again at full cost.
    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
    expect(sqs.messagesIn(queues.dlqUrl)).toHaveLength(0);
    expect(
      stdout.records.find((r) => r.message === "job hit its deadline; reported as timed_out and not retried"),
    ).toBeDefined();
    await withStdout(() => source.drain(handler, () => lambdaContext("worker", 900_000)));
    expect(calls).toHaveLength(1);
    expect(
      gh.callsTo("checks/update").filter((c) => JSON.stringify(c.body).includes("timed_out")),
    ).toHaveLength(1);
  });

  it("backs a transient failure off with ChangeMessageVisibility instead of the whole visibility timeout", async () => {
    const calls: ExecutorCall[] = [];
    await enqueue(reviewJob(SHA_1));
    // Real Lambda leaves a failed record's visibility as the function set it.
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 10, false);
    const handler = worker(
      checkRunExecutor(calls, (_job, _ctx, attempt) =>
        attempt === 1 ? new Error("GitHub answered 502") : "succeed",
      ),
      { backoffSeconds: [1, 5, 15] },
    );
    await withStdout(() => source.pollOnce(handler, () => lambdaContext("worker", 900_000)));
    expect(source.invocations[0]!.response.batchItemFailures).toHaveLength(1);
    expect(stdout.records.find((r) => r.message === "job failed; it will be retried")?.retryInSeconds).toBe(
      1,
    );
    // Still queued, but not receivable until its backoff has passed (the queue's own timeout is 30 s).
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(1);
    expect(await sqs.receiveAll(queues.queueUrl)).toEqual([]);
    let polled = false;
    for (let i = 0; i < 50 && !polled; i++) {
      polled = await withStdout(() => source.pollOnce(handler, () => lambdaContext("worker", 900_000)));
      if (!polled) await new Promise((r) => setTimeout(r, 200));
    }
    expect(polled).toBe(true);
    expect(calls).toHaveLength(2);
    expect(source.invocations[1]!.records[0]!.attributes.ApproximateReceiveCount).toBe("2");
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
  });

  it("at the last receive moves the job to the DLQ with its reason, tells the PR once, and other PRs carry on", async () => {
    const calls: ExecutorCall[] = [];
    const notices: string[] = [];
    const failing = reviewJob(SHA_1, 2);
    const other = reviewJob(SHA_2, 3);
    await enqueue(failing, other);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 10, false);
    const handler = worker(
      checkRunExecutor(calls, (job) => (job.pullNumber === 2 ? new Error("S3 is unavailable") : "succeed")),
      { backoffSeconds: [0], notify: async (_job, text) => void notices.push(text) },
    );
    await withStdout(() => source.drain(handler, () => lambdaContext("worker", 900_000)));

    expect(calls.filter((c) => c.job.pullNumber === 2)).toHaveLength(MAX_RECEIVES);
    expect(calls.filter((c) => c.job.pullNumber === 3)).toHaveLength(1);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
    const dead = await sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: queues.dlqUrl,
        MessageAttributeNames: ["All"],
        MaxNumberOfMessages: 10,
      }),
    );
    expect(dead.Messages).toHaveLength(1);
    expect(JSON.parse(dead.Messages![0]!.Body!).jobId).toBe(failing.jobId);
    expect(dead.Messages![0]!.MessageAttributes?.reason?.StringValue).toBe(
      "failed on all 3 receives; last error: S3 is unavailable",
    );
    expect(dead.Messages![0]!.MessageAttributes?.receiveCount?.StringValue).toBe("3");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("after 3 attempts (S3 is unavailable)");
  });

  it("sends an invalid message straight to the DLQ with the problems as its reason", async () => {
    await sqs.client.send(
      new SendMessageCommand({
        QueueUrl: queues.queueUrl,
        MessageBody: JSON.stringify({ kind: "review", owner: OWNER }),
        MessageGroupId: `${OWNER}/${REPO}#2`,
        MessageDeduplicationId: "poison-2",
      }),
    );
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 10, false);
    await withStdout(() =>
      source.drain(worker(checkRunExecutor([]), { backoffSeconds: [0] }), () =>
        lambdaContext("worker", 900_000),
      ),
    );
    expect(source.invocations).toHaveLength(1);
    const dead = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl: queues.dlqUrl, MessageAttributeNames: ["All"] }),
    );
    expect(dead.Messages?.[0]?.MessageAttributes?.reason?.StringValue).toMatch(
      /^invalid job message: message is missing "/,
    );
  });

  it("does not start a job when less than the minimum budget is left, and keeps the message", async () => {
    const calls: ExecutorCall[] = [];
    await enqueue(reviewJob(SHA_1));
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    const handler = worker(checkRunExecutor(calls), { deadlineMarginMs: 60_000, minimumJobMs: 30_000 });

    await withStdout(() => source.pollOnce(handler, () => lambdaContext("worker", 80_000)));

    expect(calls).toHaveLength(0);
    expect(source.invocations[0]!.response.batchItemFailures).toHaveLength(1);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(1);
  });

  it("moves a poison message to the DLQ after the redrive policy's receives, reporting each failure", async () => {
    const calls: ExecutorCall[] = [];
    await sqs.client.send(
      new SendMessageCommand({
        QueueUrl: queues.queueUrl,
        MessageBody: JSON.stringify({ kind: "review", owner: OWNER }),
        MessageGroupId: `${OWNER}/${REPO}#2`,
        MessageDeduplicationId: "poison-1",
      }),
    );
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);

    await withStdout(() =>
      source.drain(worker(checkRunExecutor(calls)), () => lambdaContext("worker", 900_000)),
    );

    expect(calls).toHaveLength(0);
    expect(source.invocations).toHaveLength(MAX_RECEIVES);
    for (const inv of source.invocations) expect(inv.response.batchItemFailures).toHaveLength(1);
    expect(source.invocations.map((i) => i.records[0]!.attributes.ApproximateReceiveCount)).toEqual([
      "1",
      "2",
      "3",
    ]);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
    const dlq = sqs.messagesIn(queues.dlqUrl);
    expect(dlq).toHaveLength(1);
    expect(dlq[0]!.body).toContain('"owner":"Codertocat"');
    const logged = stdout.records.find((r) => r.message === "invalid job message");
    expect(logged?.problems).toEqual(expect.arrayContaining(['message is missing "jobId"']));
  });

  it("acknowledges a permanently failing job (PR closed) with the reason logged", async () => {
    const calls: ExecutorCall[] = [];
    const job = reviewJob(SHA_1);
    await enqueue(job);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    const executor = checkRunExecutor(calls, () => new PermanentJobError("pull request #2 is closed"));

    await withStdout(() => source.drain(worker(executor), () => lambdaContext("worker", 900_000)));

    expect(calls).toHaveLength(1);
    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
    expect(sqs.messagesIn(queues.dlqUrl)).toHaveLength(0);
    expect(stdout.records.find((r) => r.message === "job dropped")).toMatchObject({
      reason: "pull request #2 is closed",
      jobId: job.jobId,
    });
  });

  it("acknowledges a job whose installation is gone, and retries one whose token request failed", async () => {
    const calls: ExecutorCall[] = [];
    const gone = createJobMessage({
      ...reviewJob(SHA_1),
      installationId: 404,
      jobId: undefined,
      enqueuedAt: undefined,
    });
    await enqueue(gone);
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    gh.failNext("apps/create-installation-access-token", {
      kind: "status",
      status: 404,
      message: "Not Found",
    });
    await withStdout(() =>
      source.pollOnce(worker(checkRunExecutor(calls), { allowed: "1,404" }), () =>
        lambdaContext("worker", 900_000),
      ),
    );
    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    expect(stdout.records.find((r) => r.message === "job dropped")?.reason).toMatch(
      /installation 404 not found/,
    );

    await enqueue(reviewJob(SHA_2));
    gh.failNext("apps/create-installation-access-token", { kind: "server_error", status: 502 });
    await withStdout(() =>
      source.pollOnce(worker(checkRunExecutor(calls)), () => lambdaContext("worker", 900_000)),
    );
    expect(source.invocations[1]!.response.batchItemFailures).toHaveLength(1);
    expect(calls).toHaveLength(0);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(1);
  });

  it("drops a job of an installation outside ALLOWED_INSTALLATIONS without asking for a token", async () => {
    const calls: ExecutorCall[] = [];
    const foreign = createJobMessage({
      ...reviewJob(SHA_1),
      installationId: 99,
      jobId: undefined,
      enqueuedAt: undefined,
    });
    await enqueue(foreign);
    const tokensBefore = gh.callsTo("apps/create-installation-access-token").length;
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    await withStdout(() =>
      source.pollOnce(worker(checkRunExecutor(calls)), () => lambdaContext("worker", 900_000)),
    );
    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    expect(calls).toHaveLength(0);
    expect(gh.callsTo("apps/create-installation-access-token")).toHaveLength(tokensBefore);
    expect(stdout.records.find((r) => r.message === "job dropped")?.reason).toBe(
      "installation 99 is not in ALLOWED_INSTALLATIONS",
    );
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(0);
  });

  it("gives each job a fresh token scoped to its repository and kind's permissions, revoked when the job ends", async () => {
    const tokensSeen: string[] = [];
    const executor: JobExecutor = async (job, ctx) => {
      tokensSeen.push(ctx.token);
      return checkRunExecutor([])(job, ctx);
    };
    await enqueue(reviewJob(SHA_1));
    const before = gh.callsTo("apps/create-installation-access-token").length;
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn);
    await withStdout(() =>
      source.drain(worker(executor, { scoped: true }), () => lambdaContext("worker", 900_000)),
    );

    expect(source.invocations[0]!.response.batchItemFailures).toEqual([]);
    const minted = gh.callsTo("apps/create-installation-access-token").slice(before);
    expect(minted).toHaveLength(1);
    expect(minted[0]!.body).toEqual({
      repositories: [REPO],
      permissions: { contents: "read", pull_requests: "write", checks: "write" },
    });
    expect(gh.callsTo("apps/revoke-installation-access-token")).toHaveLength(1);
    // The job's token is dead now: GitHub (the double) refuses it.
    const dead = await new Octokit({ baseUrl: gh.url, auth: tokensSeen[0] })
      .request("GET /repos/{owner}/{repo}", { owner: OWNER, repo: REPO })
      .then(
        () => 200,
        (e: { status: number }) => e.status,
      );
    expect(dead).toBe(401);
    // An autofix would get contents: write; a prune only reads pull requests.
    expect(jobTokenScope({ kind: "autofix", repo: "r" }).permissions.contents).toBe("write");
    expect(jobTokenScope({ kind: "prune", repo: "r" }).permissions).toEqual({ pull_requests: "read" });
  });
});
