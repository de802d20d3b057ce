import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionSweepConfigFromEnv } from "../../lambda/managed-agents/session-sweep-config.js";
import { OPEN_SESSIONS_INDEX, SessionRecordStore } from "../../lambda/shared/session-record-store.js";
import type { ReviewRecord as RemoteReviewRecord } from "../../src/jobs/review/review-job.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";

// The sessions table on dynalite: the claim that lets exactly one settle step publish, its lease, and
// the sparse open-sessions index the sweeper reads.

let dynamo: LoopbackDynamoDb;
let store: SessionRecordStore;

beforeEach(async () => {
  dynamo = await LoopbackDynamoDb.start();
  await dynamo.createSessionsTable("sessions", OPEN_SESSIONS_INDEX);
  store = new SessionRecordStore(dynamo.client, "sessions");
});
afterEach(async () => {
  await dynamo.close();
});

function record(sessionId: string, deadlineAt?: string): RemoteReviewRecord {
  return {
    sessionId,
    owner: "octo",
    repo: "app",
    pullNumber: 7,
    headSha: "1".repeat(40),
    baseSha: "2".repeat(40),
    checkRunId: 1,
    startedAt: new Date().toISOString(),
    ...(deadlineAt ? { deadlineAt } : {}),
  };
}

describe("SessionRecordStore", () => {
  it("grants the claim once; a lapsed lease can be claimed again; a published session never", async () => {
    const putAt = Date.now();
    const first = record("sesn_a");
    await store.put(first);
    // Kept 30 days (the TTL attribute), with no installation or reservation it was not given.
    const raw = await dynamo.client.send(
      new GetItemCommand({ TableName: "sessions", Key: { id: { S: "session#sesn_a" } } }),
    );
    const expiresIn = Number(raw.Item?.expiration?.N) - Math.floor(putAt / 1000);
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(expiresIn).toBeLessThanOrEqual(30 * 24 * 3600 + 5);
    expect(await store.get("sesn_a")).toEqual({ record: first, status: "running" });
    expect(await store.get("sesn_missing")).toBeUndefined();
    const claimedAt = new Date();
    expect(await store.claimSettlement("sesn_a", 300, claimedAt)).toBe(true);
    expect(await store.claimSettlement("sesn_a", 300)).toBe(false);
    const settling = await store.get("sesn_a");
    expect(settling?.status).toBe("settling");
    expect(settling?.leaseUntil?.getTime()).toBe((Math.floor(claimedAt.getTime() / 1000) + 300) * 1000);
    // Within the lease (one second before it ends) the claim still holds.
    expect(await store.claimSettlement("sesn_a", 300, new Date(claimedAt.getTime() + 299_000))).toBe(false);
    // The first step died: once its lease is over, another step may publish.
    expect(await store.claimSettlement("sesn_a", 300, new Date(Date.now() + 301_000))).toBe(true);
    await store.markPublished("sesn_a");
    const published = await store.get("sesn_a");
    expect(published?.status).toBe("published");
    expect(published?.leaseUntil).toBeUndefined();
    expect(await store.claimSettlement("sesn_a", 300, new Date(Date.now() + 3_600_000))).toBe(false);
  });

  it("a released claim is free at once; releasing a published session changes nothing", async () => {
    await store.put(record("sesn_b"));
    expect(await store.claimSettlement("sesn_b", 300)).toBe(true);
    await store.releaseSettlement("sesn_b");
    expect((await store.get("sesn_b"))?.status).toBe("running");
    expect(await store.claimSettlement("sesn_b", 300)).toBe(true);
    await store.markPublished("sesn_b");
    await store.releaseSettlement("sesn_b");
    expect((await store.get("sesn_b"))?.status).toBe("published");
  });

  it("lists open sessions opened within the window, with their deadline; published ones drop out", async () => {
    const deadline = new Date(Date.now() + 600_000);
    await store.put(record("sesn_c", deadline.toISOString()));
    await store.put(record("sesn_d"));
    const window = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const open = await store.openSessions(window);
    expect(open.map((s) => s.sessionId).sort()).toEqual(["sesn_c", "sesn_d"]);
    for (const session of open)
      expect(Math.abs(session.openedAt.getTime() - Date.now())).toBeLessThan(10_000);
    // Every page is read: one session per page still finds both.
    expect((await store.openSessions(window, 1)).map((s) => s.sessionId).sort()).toEqual([
      "sesn_c",
      "sesn_d",
    ]);
    expect(open.find((s) => s.sessionId === "sesn_c")?.deadlineAt?.getTime()).toBe(
      Math.floor(deadline.getTime() / 1000) * 1000,
    );
    expect(open.find((s) => s.sessionId === "sesn_d")?.deadlineAt).toBeUndefined();
    // Opened after the window's end: not yet past the grace period.
    expect(await store.openSessions({ from: new Date(0), to: new Date(Date.now() - 60_000) })).toEqual([]);
    expect(await store.claimSettlement("sesn_c", 300)).toBe(true);
    // Claimed but not published: still open (a dead step's session must be swept again).
    expect((await store.openSessions(window)).map((s) => s.sessionId).sort()).toEqual(["sesn_c", "sesn_d"]);
    await store.markPublished("sesn_c");
    expect((await store.openSessions(window)).map((s) => s.sessionId)).toEqual(["sesn_d"]);
  });
});

describe("sessionSweepConfigFromEnv", () => {
  const base = {
    SESSIONS_TABLE_NAME: "sessions",
    SETTLE_QUEUE_URL: "https://sqs.example/settle.fifo",
    MANAGED_AGENTS_API_KEY_SECRET: "secretsmanager:ma-key",
  };

  it("defaults to a 10-minute grace period and a 2-day horizon", () => {
    expect(sessionSweepConfigFromEnv(base)).toEqual({
      sessionsTable: "sessions",
      settleQueueUrl: "https://sqs.example/settle.fifo",
      apiKey: { store: "secretsmanager", id: "ma-key" },
      graceMs: 600_000,
      maxAgeMs: 172_800_000,
    });
  });

  it("refuses a grace period below a minute and a horizon inside the grace period", () => {
    expect(() => sessionSweepConfigFromEnv({ ...base, SWEEP_GRACE_MINUTES: "0" })).toThrow(
      /SWEEP_GRACE_MINUTES must be a whole number of minutes ≥ 1/,
    );
    expect(() =>
      sessionSweepConfigFromEnv({ ...base, SWEEP_GRACE_MINUTES: "120", SWEEP_MAX_AGE_HOURS: "1" }),
    ).toThrow(/must be longer than SWEEP_GRACE_MINUTES/);
    expect(() => sessionSweepConfigFromEnv({ ...base, SETTLE_QUEUE_URL: "" })).toThrow(/SETTLE_QUEUE_URL/);
  });
});
