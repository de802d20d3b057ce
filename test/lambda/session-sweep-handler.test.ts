import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSessionSweepHandler } from "../../lambda/managed-agents/session-sweep-handler.js";
import { OPEN_SESSIONS_INDEX, SessionRecordStore } from "../../lambda/shared/session-record-store.js";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { REVIEW_SCHEMA } from "../../src/jobs/review/review-schema.js";
import { DOUBLE_API_KEY, ManagedAgentsDouble } from "../managed-agents-double/managed-agents-double.js";
import { idle, running } from "../managed-agents-double/scripted-events.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";

// The sweeper on its own, fast: which open sessions it looks at (the grace period and the horizon),
// what the Managed Agents API says about each (the real SDK against the double), and the settle
// message it queues for those that need one. Settling them is managed-agents-sweep.test.ts's part.

const MINUTE = 60_000;
let double: ManagedAgentsDouble;
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let queue: FifoQueuePair;
let store: SessionRecordStore;
let engine: ManagedAgentsEngine;
let table = 0;

beforeAll(async () => {
  [double, dynamo, sqs] = await Promise.all([
    ManagedAgentsDouble.start(),
    LoopbackDynamoDb.start(),
    LoopbackSqs.start(),
  ]);
  queue = await sqs.createFifoQueueWithDlq("settle", { maxReceiveCount: 3, visibilityTimeoutSeconds: 30 });
  engine = new ManagedAgentsEngine({
    apiKey: DOUBLE_API_KEY,
    baseURL: double.baseURL,
    repositoryToken: async () => "",
  });
});
afterAll(async () => {
  await double.close();
  await sqs.close();
  await dynamo.close();
});
beforeEach(async () => {
  // A fresh table per test: the sessions of one test never show up in another's sweep.
  const name = `sessions-${++table}`;
  await dynamo.createSessionsTable(name, OPEN_SESSIONS_INDEX);
  store = new SessionRecordStore(dynamo.client, name);
  sqs.clearMessages();
});

/** A session on the double that `then` leaves idle or running, recorded open with its deadline. */
async function openSession(
  then: "idle" | "running" | "rescheduling",
  deadlineInMinutes: number,
): Promise<string> {
  const turn = {
    idle: [running(), idle("end_turn")],
    running: [running()],
    rescheduling: [running(), { type: "session.status_rescheduled" }],
  }[then];
  double.scenario = (input) => (input.kind === "message" ? turn : undefined);
  const { sessionId } = await engine.start({
    jobKind: "review",
    prompt: "Review.",
    jsonSchema: REVIEW_SCHEMA,
    maxBudgetUsd: 1,
    workspace: { owner: "octo", name: "app", headSha: "1".repeat(40), access: "read" },
  });
  await double.settled();
  await store.put({
    sessionId,
    owner: "octo",
    repo: "app",
    pullNumber: 1,
    headSha: "1".repeat(40),
    baseSha: "2".repeat(40),
    checkRunId: 1,
    startedAt: new Date().toISOString(),
    deadlineAt: new Date(Date.now() + deadlineInMinutes * MINUTE).toISOString(),
  });
  return sessionId;
}

function sweep(minutesLater: number | Date, status = (id: string) => engine.status(id)) {
  const at = minutesLater instanceof Date ? minutesLater : new Date(Date.now() + minutesLater * MINUTE);
  // EventBridge's own time for the run (whole minutes), which names the run in the deduplication id.
  const time = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE - MINUTE).toISOString();
  const lines: string[] = [];
  const fields: Array<Record<string, unknown> | undefined> = [];
  const run = createSessionSweepHandler({
    store,
    status,
    sqs: sqs.client,
    settleQueueUrl: queue.queueUrl,
    graceMs: 10 * MINUTE,
    maxAgeMs: 48 * 60 * MINUTE,
    now: () => at,
    log: (line, logged) => {
      lines.push(line);
      fields.push(logged);
    },
  });
  return { time, lines, fields, result: run({ time }) };
}

describe("the session sweeper", () => {
  it("looks only at sessions open longer than the grace period and younger than the horizon", async () => {
    const id = await openSession("idle", 60);
    expect((await sweep(9).result).queued).toEqual([]);
    expect((await sweep(11).result).queued.map((q) => q.sessionId)).toEqual([id]);
    // Two days on, it is the operator's (the settle DLQ alarm has long fired).
    expect((await sweep(49 * 60).result).queued).toEqual([]);
    expect((await sweep(47 * 60).result).queued.map((q) => q.sessionId)).toEqual([id]);
  });

  it("queues the webhook's settle message for a stopped session, in its own FIFO group", async () => {
    const id = await openSession("idle", 60);
    const { time, result, lines } = sweep(11);
    expect(await result).toEqual({
      queued: [{ sessionId: id, status: "idle", pastDeadline: false }],
      working: [],
      failed: [],
    });
    const [queued, ...more] = sqs.messagesIn(queue.queueUrl);
    expect(more).toEqual([]);
    expect(JSON.parse(queued!.body)).toEqual({
      version: 1,
      sessionId: id,
      because: "sweep",
      webhookEventId: `sweep:${id}:${time}`,
    });
    expect(queued).toMatchObject({ groupId: id, deduplicationId: `sweep:${id}:${time}` });
    expect(lines).toEqual(["session sweep done"]);
  });

  it("leaves a running session alone within its deadline and queues it from the deadline on", async () => {
    const id = await openSession("running", 30);
    const rescheduling = await openSession("rescheduling", 30);
    // Opened in the same second, the two come back in either order.
    const within = await sweep(20).result;
    expect({ ...within, working: within.working.sort() }).toEqual({
      queued: [],
      working: [id, rescheduling].sort(),
      failed: [],
    });
    expect(sqs.messagesIn(queue.queueUrl)).toEqual([]);
    // The deadline as the index keeps it (whole seconds): at that very second the session is late.
    const open = await store.openSessions({ from: new Date(0), to: new Date(Date.now() + MINUTE) });
    const { result } = sweep(new Date(Math.max(...open.map((o) => o.deadlineAt!.getTime()))));
    const late = (await result).queued.sort((a, b) => a.sessionId.localeCompare(b.sessionId));
    expect(late).toEqual(
      [
        { sessionId: id, status: "running", pastDeadline: true },
        { sessionId: rescheduling, status: "rescheduling", pastDeadline: true },
      ].sort((a, b) => a.sessionId.localeCompare(b.sessionId)),
    );
  });

  it("without a clock or a logger of its own it uses the time now (nothing is past the grace period yet)", async () => {
    await openSession("idle", 60);
    const run = createSessionSweepHandler({
      store,
      status: (id) => engine.status(id),
      sqs: sqs.client,
      settleQueueUrl: queue.queueUrl,
      graceMs: 10 * MINUTE,
      maxAgeMs: 48 * 60 * MINUTE,
    });
    expect(await run()).toEqual({ queued: [], working: [], failed: [] });
  });

  it("a session the service no longer knows is queued as deleted", async () => {
    const id = await openSession("running", 60);
    await new (await import("@anthropic-ai/sdk")).default({
      apiKey: DOUBLE_API_KEY,
      baseURL: double.baseURL,
    }).beta.sessions.delete(id);
    await double.settled();
    expect((await sweep(11).result).queued).toEqual([
      { sessionId: id, status: "deleted", pastDeadline: false },
    ]);
  });

  it("a status it cannot read is reported and retried by the next run; the other sessions go on", async () => {
    const unreadable = await openSession("idle", 60);
    const readable = await openSession("idle", 60);
    const wrongKey = new ManagedAgentsEngine({
      apiKey: "sk-ant-wrong",
      baseURL: double.baseURL,
      repositoryToken: async () => "",
    });
    const { result, lines, fields } = sweep(11, (id) =>
      id === unreadable ? wrongKey.status(id) : engine.status(id),
    );
    const swept = await result;
    expect(swept.failed.map((f) => f.sessionId)).toEqual([unreadable]);
    expect(swept.failed[0]!.error).toMatch(/401/);
    expect(swept.queued.map((q) => q.sessionId)).toEqual([readable]);
    expect(lines).toEqual(["session sweep done", "session not swept; next run retries"]);
    expect(fields).toEqual([{ open: 2, queued: 1, working: 0, failed: 1 }, swept.failed[0]]);
  });
});
