import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobMessage, type JobMessage } from "../../lambda/shared/job-message.js";
import { SpendLedger } from "../../lambda/shared/spend-ledger.js";
import { type JobResult, PermanentJobError } from "../../lambda/worker/job-executor.js";
import { type PrSpendCap, withAuditSpendCap, withPrSpendCap } from "../../lambda/worker/pr-spend-cap.js";
import { createGitHubClient } from "../../src/github/github-client.js";
import { GitHubDouble } from "../github-double/index.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";

// The per-PR daily spend cap on dynalite, with the notice posted to the GitHub double: a close/reopen
// loop buys reviews only until the cap, then the PR gets one notice and nothing more runs that day.
let dynamo: LoopbackDynamoDb;
let gh: GitHubDouble;
let today = new Date("2026-12-03T10:00:00Z");

beforeAll(async () => {
  [dynamo, gh] = await Promise.all([LoopbackDynamoDb.start(), GitHubDouble.start()]);
  await dynamo.createIdempotencyTable("spend");
  gh.addRepo("o", "r");
  gh.addToken("tok", { login: "installation-1[bot]", type: "Bot" });
  for (const number of [1, 2])
    gh.addPullRequest({
      owner: "o",
      repo: "r",
      number,
      title: "t",
      body: "b",
      diff: "",
      headSha: "a".repeat(40),
      baseSha: "b".repeat(40),
      headRef: "f",
      baseRef: "main",
      headRepoFullName: "o/r",
      author: { login: "dev", type: "User" },
    });
});

afterAll(async () => {
  await Promise.all([dynamo?.close(), gh?.close()]);
});

const octokit = () => createGitHubClient({ token: "tok", baseUrl: gh.url, retryAfterBaseMs: 1 });
const cap = (): PrSpendCap => ({
  ledger: new SpendLedger(dynamo.client, "spend", () => today),
  capUsdPerDay: 10,
  jobBudgetUsd: 5,
});
const reopened = (pullNumber: number): JobMessage =>
  createJobMessage({
    kind: "review",
    owner: "o",
    repo: "r",
    installationId: 1,
    pullNumber,
    headSha: "a".repeat(40),
    trigger: { source: "webhook", event: "pull_request", action: "reopened" },
  });
const costing = (usd: number) => async (): Promise<JobResult> => ({ status: "completed", costUsd: usd });

async function attempt(pullNumber: number, run: () => Promise<JobResult>): Promise<string> {
  try {
    const result = await withPrSpendCap(cap(), { job: reopened(pullNumber), octokit: octokit() }, run);
    return `ran $${result.costUsd}`;
  } catch (error) {
    return error instanceof PermanentJobError ? `dropped: ${error.reason}` : `failed: ${error}`;
  }
}

async function spent(key: string): Promise<number> {
  const item = await dynamo.client.send(new GetItemCommand({ TableName: "spend", Key: { id: { S: key } } }));
  return Number(item.Item?.spentUsd?.N ?? 0);
}

describe("per-PR daily spend cap", () => {
  it("runs jobs while the day's spend leaves room for a whole budget, then posts one notice and drops the rest", async () => {
    const outcomes: string[] = [];
    // Each reopen of the loop costs $4 for real; the job reserves its $5 budget first.
    for (let i = 0; i < 5; i++) outcomes.push(await attempt(1, costing(4)));
    expect(outcomes).toEqual([
      "ran $4",
      "ran $4",
      "dropped: the PR reached the daily spend cap of $10",
      "dropped: the PR reached the daily spend cap of $10",
      "dropped: the PR reached the daily spend cap of $10",
    ]);
    // The ledger holds what was really spent, not the reservations.
    expect(await spent("pr#o/r#1#2026-12-03")).toBe(8);
    const notices = gh
      .callsTo("issues/create-comment")
      .filter((c) => (c.body as { body: string }).body.includes("spending cap"));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.path).toContain("/issues/1/comments");

    // Another PR has its own counter.
    expect(await attempt(2, costing(1))).toBe("ran $1");
    // The next UTC day starts from zero.
    today = new Date("2026-12-04T00:00:01Z");
    expect(await attempt(1, costing(1))).toBe("ran $1");
    today = new Date("2026-12-03T10:00:00Z");
  });

  it("gives the reservation back when the job is dropped before any session, and keeps it when it crashed", async () => {
    const before = await spent("pr#o/r#2#2026-12-03");
    expect(
      await attempt(2, async () => {
        throw new PermanentJobError("o/r#2 is closed");
      }),
    ).toBe("dropped: o/r#2 is closed");
    expect(await spent("pr#o/r#2#2026-12-03")).toBe(before);
    expect(
      await attempt(2, async () => {
        throw new Error("worker crashed mid-session");
      }),
    ).toMatch(/^failed/);
    // The session may have spent its budget: the reservation stands.
    expect(await spent("pr#o/r#2#2026-12-03")).toBe(before + 5);
  });
});

describe("per-installation daily audit spend cap", () => {
  it("a fan-out of 200 scheduled audits runs until the installation's day is spent, then drops the rest", async () => {
    const auditCap: PrSpendCap = {
      ledger: new SpendLedger(dynamo.client, "spend", () => today),
      capUsdPerDay: 20,
      jobBudgetUsd: 1,
    };
    const audit = (installationId: number, n: number) =>
      createJobMessage({
        kind: "audit",
        owner: "o",
        repo: `repo-${n}`,
        installationId,
        trigger: { source: "schedule", scheduleEventId: "tick-1" },
      });
    let ran = 0;
    const dropped: string[] = [];
    for (let n = 0; n < 200; n++) {
      try {
        await withAuditSpendCap(auditCap, audit(7, n), async () => {
          ran++;
          return { status: "completed", costUsd: 0.4 };
        });
      } catch (error) {
        dropped.push((error as PermanentJobError).reason);
      }
    }
    // Each audit reserves its $1 budget; it runs while the day's total stays within $20 → 48 × $0.40.
    expect(ran).toBe(48);
    expect(dropped).toHaveLength(152);
    expect(new Set(dropped)).toEqual(
      new Set(["the installation's audits reached the daily spend cap of $20"]),
    );
    expect(await spent("audit#installation#7#2026-12-03")).toBeCloseTo(19.2, 10);
    // Another installation has its own day.
    await withAuditSpendCap(auditCap, audit(8, 0), async () => ({ status: "completed", costUsd: 1 }));
    expect(await spent("audit#installation#8#2026-12-03")).toBe(1);
  });
});
