import Anthropic from "@anthropic-ai/sdk";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import type { SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAnthropicWebhookHandler } from "../../lambda/managed-agents/anthropic-webhook-handler.js";
import { createSessionSweepHandler } from "../../lambda/managed-agents/session-sweep-handler.js";
import { createSettleHandler } from "../../lambda/managed-agents/settle-handler.js";
import { OPEN_SESSIONS_INDEX, SessionRecordStore } from "../../lambda/shared/session-record-store.js";
import { SpendLedger } from "../../lambda/shared/spend-ledger.js";
import { beginWorkerReview } from "../../lambda/worker/dispatch/review-job.js";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../src/engines/managed-agents/managed-agents-job-engine.js";
import { postConversationReply } from "../../src/github/conversation-reply.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { askSessionPlan } from "../../src/jobs/ask/run-ask.js";
import { WORKING_TEXT } from "../../src/jobs/conversation/answer-question.js";
import { beginJob } from "../../src/jobs/shared/detached-job.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import type { GitHubDouble } from "../github-double/index.js";
import {
  DOUBLE_API_KEY,
  type ManagedAgentsDouble,
  newWebhookSecret,
  type Scenario,
} from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";
import { ManagedAgentsLoopback } from "./managed-agents-fixture.js";
import type { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";
import { type LoopbackFunctionUrl, startLoopbackFunctionUrl } from "./support/loopback-function-url.js";
import type { FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// Robustness of the webhook-driven path on loopback (dynalite, fauxqs, the Managed Agents double
// parsed by the real SDK, the GitHub double validating against @octokit/openapi): the sweeper stands
// in for Anthropic webhooks that never arrive, a sweep racing a late webhook publishes once, a session
// still working past its deadline is interrupted, archived and concluded timed_out, and the turn cap
// holds on a webhook that wakes the settle step while the agent is still running.

const SESSIONS = "sessions";
const SPEND = "spend";
const GRACE_MS = 10 * 60_000;
const RESERVED_USD = 3;
const REVIEW = {
  verdict: "comment",
  summary: "One remark.",
  findings: [
    {
      path: "src/math.ts",
      start_line: 14,
      end_line: 14,
      severity: "warning",
      title: "sub() adds instead of subtracting",
      body: "`sub` returns `a + b`.",
      category: "bug",
    },
  ],
};

let loopback: ManagedAgentsLoopback;
let double: ManagedAgentsDouble;
let github: GitHubDouble;
let octokit: GitHubClient;
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let queue: FifoQueuePair;
let store: SessionRecordStore;
let spend: SpendLedger;
let engine: ManagedAgentsEngine;
let source: SqsEventSource;
let claims: boolean[];
let functionUrl: LoopbackFunctionUrl | undefined;

beforeEach(async () => {
  loopback = await ManagedAgentsLoopback.start();
  ({ double, github, octokit, dynamo, sqs, settleQueue: queue } = loopback);
  await dynamo.createSessionsTable(SESSIONS, OPEN_SESSIONS_INDEX);
  await dynamo.createIdempotencyTable(SPEND);
  source = new SqsEventSource(sqs.client, queue.queueUrl, queue.queueArn);
  claims = [];
  // The real store, with every claim's answer kept so a test can show the conditional write decided.
  store = new (class extends SessionRecordStore {
    override async claimSettlement(sessionId: string, leaseSeconds: number, now?: Date) {
      const claimed = await super.claimSettlement(sessionId, leaseSeconds, now);
      claims.push(claimed);
      return claimed;
    }
  })(dynamo.client, SESSIONS);
  spend = new SpendLedger(dynamo.client, SPEND);
  engine = new ManagedAgentsEngine({
    apiKey: DOUBLE_API_KEY,
    baseURL: double.baseURL,
    repositoryToken: async () => "ghs_contents_read",
  });
  functionUrl = undefined;
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await loopback.close();
  await functionUrl?.close();
});

/** PRs on octo/app, all with the same change (one base commit, one head commit). */
/** The worker's step: a session started for PR `number`, recorded with a spend reservation. */
async function startReview(number: number, timeoutMs: number, maxTurns = 30) {
  const key = spend.key(`pr#octo/app#${number}`);
  expect(await spend.reserve(key, RESERVED_USD, 100)).toBe(true);
  const settings: JobSettings = {
    maxTurns,
    maxBudgetUsd: RESERVED_USD,
    timeoutMs,
    agentEnv: {},
    hostEnv: process.env,
    secretValues: [],
  };
  const started = await beginWorkerReview({
    octokit,
    owner: "octo",
    repo: "app",
    pullNumber: number,
    engine: new ManagedAgentsJobEngine(engine),
    store,
    settings,
    installationId: 42,
    spendReservation: { key, amountUsd: RESERVED_USD },
  });
  if (started.status !== "started") throw new Error(`no session started: ${started.reason}`);
  return { record: started.record, spendKey: key };
}

function settleHandler() {
  return createSettleHandler({
    store,
    engine,
    octokitFor: async () => octokit,
    spend,
    settings: {},
    publish: { commentMode: "review", inlineCommentLimit: 30 },
  });
}

/** The sweeper as EventBridge runs it, `minutesLater` minutes after the sessions were started. */
function sweepAt(minutesLater: number, at = new Date(Date.now() + minutesLater * 60_000)) {
  return createSessionSweepHandler({
    store,
    status: (sessionId) => engine.status(sessionId),
    sqs: sqs.client,
    settleQueueUrl: queue.queueUrl,
    graceMs: GRACE_MS,
    maxAgeMs: 48 * 3_600_000,
    now: () => at,
  })({ time: at.toISOString() });
}

/** Lambda's event source: hands every queued settle message to the settle function. */
async function drainSettleQueue(): Promise<void> {
  const settle = settleHandler();
  while (await source.pollOnce(settle, () => lambdaContext("settle"))) await double.settled();
}

async function spentUsd(key: string): Promise<number> {
  const item = await dynamo.client.send(
    new GetItemCommand({ TableName: SPEND, Key: { id: { S: key } }, ConsistentRead: true }),
  );
  return Number(item.Item?.spentUsd?.N);
}

const stickyComments = () => github.state.issueComments.filter((c) => c.body.includes("Claude review"));

/** Submits at once, waits on the result, then ends its turn having cost 61 cents. */
const prompt: Scenario = (input) =>
  input.kind === "message"
    ? [running(), ...modelRequest(), submit(REVIEW), requiresAction()]
    : input.kind === "custom_tool_result"
      ? [running(), message("Done."), usage(61, 40), idle("end_turn")]
      : undefined;

function sqsEvent(body: Record<string, unknown>, messageId: string): SQSEvent {
  return {
    Records: [{ messageId, body: JSON.stringify({ version: 1, ...body }) }],
  } as unknown as SQSEvent;
}

describe("the session sweeper (lost Anthropic webhooks)", () => {
  it("no webhook ever arrives: the sweeper wakes the settle step until the review is published once", async () => {
    loopback.openPullRequests(7);
    double.scenario = prompt;
    // No webhook target at all: Anthropic never reaches us.
    const { record, spendKey } = await startReview(7, 3_600_000);
    await double.settled();
    expect(double.webhookDeliveries).toEqual([]);

    // Within the grace period nothing is looked at.
    expect((await sweepAt(5)).queued).toEqual([]);
    expect(sqs.messagesIn(queue.queueUrl)).toEqual([]);

    // Past it: the session waits on submit_result (idle); the settle step answers it.
    const runAt = new Date(Date.now() + 11 * 60_000);
    const first = await sweepAt(11, runAt);
    expect(first.queued).toEqual([{ sessionId: record.sessionId, status: "idle", pastDeadline: false }]);
    // EventBridge retried the same run: FIFO deduplication keeps one message, in the session's group.
    await sweepAt(11, runAt);
    expect(sqs.messagesIn(queue.queueUrl).map((m) => m.groupId)).toEqual([record.sessionId]);
    await drainSettleQueue();
    expect(double.session().customToolResults).toHaveLength(1);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "in_progress" });

    // The next run finds it idle again (end_turn): published, exactly as a webhook would have.
    const second = await sweepAt(16);
    expect(second.queued.map((q) => q.status)).toEqual(["idle"]);
    await drainSettleQueue();
    expect(github.state.reviews).toHaveLength(1);
    expect(stickyComments()).toHaveLength(1);
    expect(github.state.checkRuns).toHaveLength(1);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
    expect((await store.get(record.sessionId))?.status).toBe("published");
    // The reservation became the session's real cost (61 cents of list price).
    expect(await spentUsd(spendKey)).toBeCloseTo(0.61, 6);

    // Published sessions leave the open-sessions index: later runs look at nothing.
    expect(await sweepAt(21)).toEqual({ queued: [], working: [], failed: [] });
    expect(sqs.messagesIn(queue.dlqUrl)).toEqual([]);
  });

  it("a sweep and a late webhook reach the settle step together: the conditional claim publishes once", async () => {
    loopback.openPullRequests(7);
    double.scenario = prompt;
    const { record, spendKey } = await startReview(7, 3_600_000);
    await double.settled();
    const settle = settleHandler();
    // The first wake-up answers submit_result; the session then ends its turn.
    await settle(sqsEvent({ sessionId: record.sessionId, because: "idle", webhookEventId: "w1" }, "m1"));
    await double.settled();

    // Both invocations read the record as open before either publishes (bypassing the FIFO group,
    // as two deliveries to two concurrent functions would).
    const results = await Promise.all([
      settle(sqsEvent({ sessionId: record.sessionId, because: "sweep", webhookEventId: "s1" }, "m2")),
      settle(sqsEvent({ sessionId: record.sessionId, because: "idle", webhookEventId: "w2" }, "m3")),
    ]);
    expect(results).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect([...claims].sort()).toEqual([false, true]);
    expect(github.state.reviews).toHaveLength(1);
    expect(stickyComments()).toHaveLength(1);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
    // Booked once: a second booking would have subtracted the reservation twice.
    expect(await spentUsd(spendKey)).toBeCloseTo(0.61, 6);

    // Through the queue, in order: the sweep finds it published and does nothing.
    expect((await sweepAt(30)).queued).toEqual([]);
    await settle(sqsEvent({ sessionId: record.sessionId, because: "sweep", webhookEventId: "s2" }, "m4"));
    expect(github.state.reviews).toHaveLength(1);
    expect(claims).toHaveLength(2);
  });

  it("a settle step that fails after its claim gives it back: the next wake-up publishes", async () => {
    loopback.openPullRequests(7);
    double.scenario = prompt;
    const { record } = await startReview(7, 3_600_000);
    await double.settled();
    const settle = settleHandler();
    await settle(sqsEvent({ sessionId: record.sessionId, because: "idle", webhookEventId: "w1" }, "m1"));
    await double.settled();

    // GitHub fails the check run's completion on every try of the client (1 + 3 retries).
    github.failNext("checks/update", { kind: "server_error", status: 502 }, 4);
    const failed = await settle(
      sqsEvent({ sessionId: record.sessionId, because: "sweep", webhookEventId: "s1" }, "m2"),
    );
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: "m2" }]);
    expect((await store.get(record.sessionId))?.status).toBe("running");

    await settle(sqsEvent({ sessionId: record.sessionId, because: "sweep", webhookEventId: "s2" }, "m3"));
    expect(claims).toEqual([true, true]);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
    expect(github.state.reviews).toHaveLength(1);
    expect(stickyComments()).toHaveLength(1);
    expect((await store.get(record.sessionId))?.status).toBe("published");
  });

  it("a session still working past the job's deadline is interrupted, archived and concluded timed_out", async () => {
    loopback.openPullRequests(7, 8);
    // Works and works: never idles on its own; an interrupt stops it.
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), ...modelRequest(), usage(25, 30), ...modelRequest()]
        : input.kind === "interrupt"
          ? [idle("end_turn")]
          : undefined;
    const late = await startReview(7, 1);
    const onTime = await startReview(8, 3_600_000);
    await double.settled();

    const swept = await sweepAt(11);
    expect(swept.queued).toEqual([
      { sessionId: late.record.sessionId, status: "running", pastDeadline: true },
    ]);
    // Within its deadline a running session is left alone: its webhook may still come.
    expect(swept.working).toEqual([onTime.record.sessionId]);
    await drainSettleQueue();

    const lateRequests = double.requests.filter((r) => r.path.includes(late.record.sessionId));
    const sent = lateRequests
      .filter((r) => r.method === "POST" && r.path.endsWith("/events"))
      .flatMap((r) => (r.body as { events: Array<{ type: string }> }).events.map((e) => e.type));
    expect(sent).toEqual(["user.interrupt"]);
    const interruptAt = lateRequests.findIndex((r) => r.method === "POST" && r.path.endsWith("/events"));
    const archiveAt = lateRequests.findIndex((r) => r.method === "POST" && r.path.endsWith("/archive"));
    expect(archiveAt).toBeGreaterThan(interruptAt);
    expect(double.session(late.record.sessionId).archived).toBe(true);
    expect(double.session(onTime.record.sessionId).archived).toBe(false);

    const check = github.state.checkRuns.find((c) => c.id === late.record.checkRunId);
    expect(check).toMatchObject({ status: "completed", conclusion: "timed_out" });
    expect(check?.output.summary).toContain("the deadline passed; the session was interrupted and archived");
    expect(github.state.reviews).toEqual([]);
    expect(stickyComments()).toHaveLength(1);
    expect(github.state.checkRuns.find((c) => c.id === onTime.record.checkRunId)?.status).toBe("in_progress");
    expect((await store.get(late.record.sessionId))?.status).toBe("published");
    // What the stopped session cost by its last usage snapshot, booked against the reservation.
    expect(await spentUsd(late.spendKey)).toBeCloseTo(0.25, 6);
    expect(await spentUsd(onTime.spendKey)).toBe(RESERVED_USD);
  });

  it("a question still working past its deadline: interrupted, archived, its working reply edited into an error once", async () => {
    loopback.openPullRequests(7);
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), ...modelRequest(), usage(10, 5), ...modelRequest()]
        : input.kind === "interrupt"
          ? [idle("end_turn")]
          : undefined;
    // The worker's step for a question: the working reply, then the session, recorded with the reply.
    const place = { owner: "octo", repo: "app", number: 7 };
    const reply = await postConversationReply(octokit, place, WORKING_TEXT);
    const headSha = [...github.state.pulls.values()].find((p) => p.number === 7)?.head.sha ?? "";
    expect(headSha).toMatch(/^[0-9a-f]{40}$/);
    const record = await beginJob(
      new ManagedAgentsJobEngine(engine),
      askSessionPlan(
        {
          repository: "octo/app",
          question: "what does sub do?",
          asker: "maintainer",
          untrusted: false,
          remoteCommit: headSha,
        },
        { maxTurns: 30, maxBudgetUsd: 1, timeoutMs: 1, agentEnv: {}, hostEnv: process.env, secretValues: [] },
      ),
      { kind: "ask" as const, owner: "octo", repo: "app", place, reply, headSha },
    );
    await store.put(record, { installationId: 42 });
    await double.settled();

    const swept = await sweepAt(11);
    expect(swept.queued).toEqual([{ sessionId: record.sessionId, status: "running", pastDeadline: true }]);
    await drainSettleQueue();

    expect(double.session(record.sessionId).archived).toBe(true);
    const replies = github.state.issueComments.filter((c) => c.issueNumber === 7);
    expect(replies.map((c) => c.id)).toEqual([reply.id]);
    expect(replies[0]!.body).toContain("Sorry, I could not answer this");
    expect(replies[0]!.body).not.toContain("Working on it");
    expect((await store.get(record.sessionId))?.status).toBe("published");
    // Published: later sweeps leave it alone, and the reply is never edited again.
    expect(await sweepAt(21)).toEqual({ queued: [], working: [], failed: [] });
    expect(github.callsTo("issues/update-comment")).toHaveLength(1);
  });

  it("a deleted session is concluded as failed; its cost is unknown, so the reservation stays booked", async () => {
    loopback.openPullRequests(7);
    double.scenario = (input) => (input.kind === "message" ? [running(), ...modelRequest()] : undefined);
    const { record, spendKey } = await startReview(7, 3_600_000);
    await double.settled();
    await new Anthropic({ apiKey: DOUBLE_API_KEY, baseURL: double.baseURL }).beta.sessions.delete(
      record.sessionId,
    );
    await double.settled();

    expect((await sweepAt(11)).queued.map((q) => q.status)).toEqual(["deleted"]);
    await drainSettleQueue();
    const check = github.state.checkRuns[0]!;
    expect(check).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(check.output.summary).toContain("the session was deleted");
    expect(github.state.reviews).toEqual([]);
    expect((await store.get(record.sessionId))?.status).toBe("published");
    expect(await spentUsd(spendKey)).toBe(RESERVED_USD);
  });

  it("a terminated session whose webhook was lost is concluded with its error, as the webhook path does", async () => {
    loopback.openPullRequests(7);
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            usage(12, 9),
            { type: "session.error", error: { type: "unknown_error", message: "container lost" } },
            { type: "session.status_terminated" },
          ]
        : undefined;
    const { record, spendKey } = await startReview(7, 3_600_000);
    await double.settled();
    expect((await sweepAt(11)).queued.map((q) => q.status)).toEqual(["terminated"]);
    await drainSettleQueue();
    const check = github.state.checkRuns[0]!;
    expect(check).toMatchObject({ status: "completed", conclusion: "failure" });
    // The service's own cause is what the check run says, not the model's missing result.
    expect(check.output.summary).toContain(
      "the session terminated after a service error: unknown_error: container lost",
    );
    expect(stickyComments()).toHaveLength(1);
    expect(github.state.reviews).toEqual([]);
    expect((await store.get(record.sessionId))?.status).toBe("published");
    expect(await spentUsd(spendKey)).toBeCloseTo(0.12, 6);
  });
});

describe("the turn cap on the webhook path", () => {
  it("a rescheduled webhook while the agent runs past the cap: interrupted, archived, a max-turns stop", async () => {
    loopback.openPullRequests(7);
    const secret = newWebhookSecret();
    const webhook = createAnthropicWebhookHandler({
      anthropic: new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" }),
      signingKey: secret,
      sqs: sqs.client,
      queueUrl: queue.queueUrl,
    });
    // A JSON body, handed as text: the other managed-agents tests send it base64-encoded.
    functionUrl = await startLoopbackFunctionUrl(webhook, { base64: false });
    double.webhook = { url: functionUrl.url, secret };
    // Four model requests, then a transient error reschedules it; it never idles on its own.
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            ...modelRequest(),
            ...modelRequest(),
            ...modelRequest(),
            { type: "session.status_rescheduled" },
            usage(40, 20),
          ]
        : input.kind === "interrupt"
          ? [idle("end_turn")]
          : undefined;
    const { record, spendKey } = await startReview(7, 3_600_000, 3);
    await double.settled();
    await drainSettleQueue();

    const session = double.session(record.sessionId);
    const sent = double.requests
      .filter((r) => r.method === "POST" && r.path.endsWith(`${record.sessionId}/events`))
      .flatMap((r) => (r.body as { events: Array<{ type: string }> }).events.map((e) => e.type));
    expect(sent).toEqual(["user.interrupt"]);
    expect(session.archived).toBe(true);
    const check = github.state.checkRuns[0]!;
    expect(check).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(check.output.summary).toContain(
      "the agent reached the job's turn limit (max_turns); the session was interrupted at turn 4 of 3",
    );
    expect(stickyComments()).toHaveLength(1);
    expect(github.state.reviews).toEqual([]);
    expect(await spentUsd(spendKey)).toBeCloseTo(0.4, 6);
  });
});
