import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAnthropicWebhookHandler } from "../../lambda/managed-agents/anthropic-webhook-handler.js";
import { createSettleHandler } from "../../lambda/managed-agents/settle-handler.js";
import { SessionRecordStore } from "../../lambda/shared/session-record-store.js";
import { beginWorkerReview } from "../../lambda/worker/dispatch/review-job.js";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../src/engines/managed-agents/managed-agents-job-engine.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { readRepositoryResolution } from "../../src/jobs/learnings/resolution-ledger.js";
import type {
  ReviewRecord as RemoteReviewRecord,
  ReviewBegun as RemoteReviewStarted,
} from "../../src/jobs/review/review-job.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { HEAD_FILES } from "../action/action-run-fixture.js";
import type { GitHubDouble } from "../github-double/index.js";
import {
  type ManagedAgentsDouble,
  newWebhookSecret,
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

// The serverless path on the managed-agents engine, on loopback: the worker starts the session and
// returns; Anthropic's signed webhooks reach the webhook function (Function URL event), which queues
// settle steps on a FIFO queue (fauxqs); the settle function answers submit_result, then publishes.
// Session records live in DynamoDB (dynalite). No invocation waits for the agent.

const KEY = "sk-ant-lambda-ma-0123456789";
const TABLE = "managed-agents-sessions";
const finding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
};

let loopback: ManagedAgentsLoopback;
let double: ManagedAgentsDouble;
let github: GitHubDouble;
let octokit: GitHubClient;
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let queue: FifoQueuePair;
let functionUrl: LoopbackFunctionUrl;
const invocations: Array<{ fn: string; ms: number; status?: number }> = [];
const secret = newWebhookSecret();

async function timed<T>(fn: string, call: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const value = await call();
  invocations.push({
    fn,
    ms: Date.now() - started,
    ...(typeof (value as { statusCode?: unknown })?.statusCode === "number"
      ? { status: (value as { statusCode: number }).statusCode }
      : {}),
  });
  return value;
}

beforeEach(async () => {
  invocations.length = 0;
  loopback = await ManagedAgentsLoopback.start({ apiKey: KEY });
  ({ double, github, octokit, dynamo, sqs, settleQueue: queue } = loopback);
  await dynamo.createIdempotencyTable(TABLE);
  const webhook = createAnthropicWebhookHandler({
    anthropic: new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" }),
    signingKey: secret,
    sqs: sqs.client,
    queueUrl: queue.queueUrl,
  });
  // The Function URL in front of the webhook function: the raw body and headers, as Lambda hands them.
  functionUrl = await startLoopbackFunctionUrl((event) => timed("webhook", () => webhook(event)));
  double.webhook = { url: functionUrl.url, secret };
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await loopback.close();
  await functionUrl.close();
});

describe("Lambda on the managed-agents engine (dynalite, fauxqs, Managed Agents double, GitHub double)", () => {
  it("delivery → session created → webhooks → results published, every invocation short", async () => {
    const headSha = loopback.openPullRequests(7);
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            submit({ verdict: "request_changes", summary: "One bug.", findings: [finding] }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), ...modelRequest(), message("Done."), usage(61, 44), idle("end_turn")]
          : undefined;
    const engine = new ManagedAgentsEngine({
      apiKey: KEY,
      baseURL: double.baseURL,
      repositoryToken: async () => "ghs_installation_contents_read",
    });
    const store = new SessionRecordStore(dynamo.client, TABLE);
    const settings: JobSettings = {
      maxTurns: 30,
      maxBudgetUsd: 3,
      timeoutMs: 600_000,
      agentEnv: {},
      hostEnv: process.env,
      secretValues: [],
    };

    // The worker: the review job message → a session, then it returns.
    const record = startedRecord(
      await timed("worker", () =>
        beginWorkerReview({
          octokit,
          owner: "octo",
          repo: "app",
          pullNumber: 7,
          engine: new ManagedAgentsJobEngine(engine),
          store,
          settings,
        }),
      ),
    );
    expect(record).toMatchObject({ sessionId: double.session().id, headSha });
    expect(double.session().createParams.resources).toEqual([
      {
        type: "github_repository",
        url: "https://github.com/octo/app",
        authorization_token: "ghs_installation_contents_read",
        checkout: { type: "commit", sha: headSha },
      },
    ]);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "in_progress" });
    expect(await store.latestForPullRequest({ owner: "octo", repo: "app", pullNumber: 7 })).toEqual({
      sessionId: record.sessionId,
      headSha,
    });

    // The settle function behind the queue.
    const transcriptsDir = mkdtempSync(join(tmpdir(), "settle-tally-"));
    const transcripts = new FsTranscriptStore({ root: transcriptsDir });
    const metrics: Array<[string, number]> = [];
    const settle = createSettleHandler({
      store,
      engine,
      octokitFor: async () => octokit,
      settings: {},
      publish: { commentMode: "review", inlineCommentLimit: 30 },
      transcripts,
      metric: (name, value) => metrics.push([name, value]),
    });
    const source = new SqsEventSource(sqs.client, queue.queueUrl, queue.queueArn);
    for (let round = 0; round < 6 && (await store.get(record.sessionId))?.status !== "published"; round++) {
      await double.settled();
      await timed("settle", () =>
        source.pollOnce(
          (event, context) => settle(event, context).then((r) => r),
          () => lambdaContext("settle"),
        ),
      );
    }

    expect((await store.get(record.sessionId))?.status).toBe("published");
    expect(github.state.reviews).toHaveLength(1);
    expect(github.state.reviews[0]!.state).toBe("CHANGES_REQUESTED");
    expect(github.state.issueComments.filter((c) => c.body.includes("Claude review"))).toHaveLength(1);
    expect(github.state.checkRuns).toHaveLength(1);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(double.session().customToolResults).toHaveLength(1);
    expect(sqs.messagesIn(queue.dlqUrl)).toEqual([]);

    // Webhooks: run_started (ignored), two idles (queued), all signed and accepted.
    const webhookCalls = invocations.filter((i) => i.fn === "webhook");
    expect(webhookCalls.map((i) => i.status)).toEqual([202, 202, 202, 202]);
    expect(invocations.filter((i) => i.fn === "settle").length).toBeGreaterThanOrEqual(2);
    // The point of the engine here: no invocation waits for the agent.
    expect(Math.max(...invocations.map((i) => i.ms))).toBeLessThan(30_000);

    // A redelivered webhook for a published session publishes nothing again.
    await sqs.client.send(
      new (await import("@aws-sdk/client-sqs")).SendMessageCommand({
        QueueUrl: queue.queueUrl,
        MessageBody: JSON.stringify({
          version: 1,
          sessionId: record.sessionId,
          because: "idle",
          webhookEventId: "again",
        }),
        MessageGroupId: record.sessionId,
        MessageDeduplicationId: "again",
      }),
    );
    await source.pollOnce(
      (event, context) => settle(event, context),
      () => lambdaContext("settle"),
    );
    expect(github.state.reviews).toHaveLength(1);

    // The next push: a new session (the mount is fixed per session) told what the previous one found.
    loopback.repo.write("src/math.ts", `${HEAD_FILES["src/math.ts"]}// touched\n`);
    const nextHead = loopback.repo.commitAll("touch");
    github.addPullRequest({
      owner: "octo",
      repo: "app",
      number: 7,
      diff: loopback.repo.git("diff", `${record.baseSha}...${nextHead}`),
      headSha: nextHead,
      baseSha: record.baseSha,
    });
    const next = startedRecord(
      await timed("worker", () =>
        beginWorkerReview({
          octokit,
          owner: "octo",
          repo: "app",
          pullNumber: 7,
          engine: new ManagedAgentsJobEngine(engine),
          store,
          settings,
        }),
      ),
    );
    expect(next.sessionId).not.toBe(record.sessionId);
    const initialEvents = double.session(next.sessionId).createParams.initial_events as Array<{
      content: Array<{ text: string }>;
    }>;
    const initial = initialEvents[0]!.content[0]!.text;
    // A summary start: the earlier findings, and only the commits since, from GitHub's compare (no clone here).
    expect(initial).toContain(
      `You reviewed this pull request up to ${headSha}; that conversation was summarised`,
    );
    expect(initial).toContain("- [outdated] src/math.ts:14 (error) sub() adds instead of subtracting");
    expect(initial).toContain("```diff-since-last-review\n");
    expect(initial).toContain("+// touched");
    expect(initial).not.toContain("```diff\n");
    expect(await store.latestForPullRequest({ owner: "octo", repo: "app", pullNumber: 7 })).toEqual({
      sessionId: next.sessionId,
      headSha: nextHead,
    });

    // Its settle reports the resolution rates, as the worker does for a local review: the first
    // finding's line changed (outdated), so 1 of 1; the PR's count goes into the repository's tally.
    expect(metrics.map(([name]) => name)).not.toContain("review_resolution_rate");
    for (let round = 0; round < 6 && (await store.get(next.sessionId))?.status !== "published"; round++) {
      await double.settled();
      await source.pollOnce(
        (event, context) => settle(event, context),
        () => lambdaContext("settle"),
      );
    }
    expect((await store.get(next.sessionId))?.status).toBe("published");
    expect(metrics.filter(([name]) => name.endsWith("resolution_rate"))).toEqual([
      ["review_resolution_rate", 1],
      ["repository_resolution_rate", 1],
    ]);
    expect(await readRepositoryResolution({ store: transcripts, owner: "octo", repo: "app" })).toEqual({
      pullRequests: 1,
      earlier: 1,
      resolved: 1,
      rate: 1,
    });
    rmSync(transcriptsDir, { recursive: true, force: true });
  });

  it("a webhook with a bad signature is rejected and queues nothing", async () => {
    loopback.openPullRequests(7);
    double.webhook = { ...double.webhook!, signWith: newWebhookSecret() };
    double.scenario = (input) => (input.kind === "message" ? [running(), idle("end_turn")] : undefined);
    const engine = new ManagedAgentsEngine({
      apiKey: KEY,
      baseURL: double.baseURL,
      repositoryToken: async () => "",
    });
    const store = new SessionRecordStore(dynamo.client, TABLE);
    const settings: JobSettings = {
      maxTurns: 30,
      maxBudgetUsd: 3,
      timeoutMs: 600_000,
      agentEnv: {},
      hostEnv: process.env,
      secretValues: [],
    };
    await beginWorkerReview({
      octokit,
      owner: "octo",
      repo: "app",
      pullNumber: 7,
      engine: new ManagedAgentsJobEngine(engine),
      store,
      settings,
    });
    await double.settled();
    expect(invocations.filter((i) => i.fn === "webhook").map((i) => i.status)).toEqual([401, 401]);
    expect(sqs.messagesIn(queue.queueUrl)).toEqual([]);
  });
});

function startedRecord(started: RemoteReviewStarted): RemoteReviewRecord {
  if (started.status !== "started") throw new Error(`no session started: ${started.reason}`);
  return started.record;
}
