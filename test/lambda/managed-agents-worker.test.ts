import Anthropic from "@anthropic-ai/sdk";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAnthropicWebhookHandler } from "../../lambda/managed-agents/anthropic-webhook-handler.js";
import { publishingClientFor } from "../../lambda/managed-agents/publishing-client.js";
import { createSettleHandler } from "../../lambda/managed-agents/settle-handler.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { SessionRecordStore } from "../../lambda/shared/session-record-store.js";
import { SpendLedger } from "../../lambda/shared/spend-ledger.js";
import type { RemoteEngineWiring } from "../../lambda/worker/dispatch/worker-job.js";
import { mountTokenMinter } from "../../lambda/worker/job-token-scope.js";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import {
  type ManagedAgentsDouble as Double,
  ManagedAgentsDouble,
  newWebhookSecret,
  type Scenario,
  signWebhook,
} from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  sessionError,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";
import { INSTALLATION_ID, LambdaPipeline, OWNER, REPO } from "./support/lambda-pipeline.js";
import { type LoopbackFunctionUrl, startLoopbackFunctionUrl } from "./support/loopback-function-url.js";
import type { FifoQueuePair } from "./support/loopback-sqs.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// The Lambda worker on ENGINE=managed-agents, on loopback servers: a signed pull_request delivery
// goes through the GitHub webhook function into the job queue (fauxqs), the worker starts a Managed
// Agents session (the double) with the repository mounted at the head and returns; the double's
// signed webhooks reach the Anthropic webhook function, which queues settle steps; the settle function
// answers submit_result and publishes on the GitHub double through the CLI engine's publishing path.
// Session records in dynalite. No CLI runs, nothing is cloned.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const KEY = "sk-ant-worker-ma-0123456789";
const SESSIONS_TABLE = "ma-sessions";
const SPEND_TABLE = "ma-spend";
const HEADER = Array.from({ length: 8 }, (_, i) => `// math helpers, line ${i + 1}\n`).join("");
const ADD = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
const SUB_BUG = "\nexport function sub(a: number, b: number): number {\n  return a + b;\n}\n";
const finding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
};

let pipeline: LambdaPipeline;
let double: Double;
let settleQueue: FifoQueuePair;
let functionUrl: LoopbackFunctionUrl | undefined;
let store: SessionRecordStore;
let remote: RemoteEngineWiring;
let settle: ReturnType<typeof createSettleHandler>;
let spend: SpendLedger;
const secret = newWebhookSecret();
const webhookStatuses: number[] = [];
const invocationMs: number[] = [];

beforeAll(async () => {
  pipeline = await LambdaPipeline.start(() => ({ kind: "text", text: "the CLI must not be asked" }));
  pipeline.seedRepository({
    "src/math.ts": HEADER + ADD,
    // The repository's own path rules, read at the base commit as the CLI review reads them.
    ".github/claude-pr-runner.json": JSON.stringify({ exclude: ["docs/**"] }),
  });
  await pipeline.dynamo.createIdempotencyTable(SESSIONS_TABLE);
  await pipeline.dynamo.createIdempotencyTable(SPEND_TABLE);
  spend = new SpendLedger(pipeline.dynamo.client, SPEND_TABLE);
  settleQueue = await pipeline.sqs.createFifoQueueWithDlq("settle", {
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 30,
  });
  store = new SessionRecordStore(pipeline.dynamo.client, SESSIONS_TABLE);
  const webhook = createAnthropicWebhookHandler({
    // Verification only: this client never sends a request.
    anthropic: new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" }),
    signingKey: secret,
    sqs: pipeline.sqs.client,
    queueUrl: settleQueue.queueUrl,
  });
  // The Function URL in front of the Anthropic webhook function: raw body and headers, as Lambda has them.
  functionUrl = await startLoopbackFunctionUrl(async (event) => {
    const started = Date.now();
    const result = await webhook(event);
    invocationMs.push(Date.now() - started);
    webhookStatuses.push(result.statusCode ?? 500);
    return result;
  });
  // One double for the file: session ids are unique across its tests, as they are at Anthropic.
  double = await ManagedAgentsDouble.start({ apiKey: KEY });
  double.webhook = { url: functionUrl.url, secret };
});

afterAll(async () => {
  await double?.close();
  await functionUrl?.close();
  await pipeline?.close();
});

beforeEach(async () => {
  webhookStatuses.length = 0;
  invocationMs.length = 0;
  const engine = new ManagedAgentsEngine({
    apiKey: KEY,
    baseURL: double.baseURL,
    serverUrl: "https://github.com",
    repositoryToken: async () => {
      throw new Error("the worker mints a mount token per job");
    },
  });
  remote = {
    engine: async () => engine,
    store,
    mountToken: mountTokenMinter(pipeline.appTokens()),
  };
  const publishing = publishingClientFor({
    tokens: pipeline.appTokens(),
    allowedInstallations: parseInstallationAllowList(String(INSTALLATION_ID)),
    githubApiUrl: pipeline.github.url,
    pacing: { retryAfterBaseMs: 1, writeSpacingMs: 0, notificationSpacingMs: 0 },
  });
  settle = createSettleHandler({
    store,
    engine,
    octokitFor: publishing.octokitFor,
    releaseOctokit: publishing.release,
    settings: {},
    publish: { commentMode: "review", inlineCommentLimit: 30 },
    spend,
  });
});

afterEach(async () => {
  await double.settled();
  expect(pipeline.github.violations).toEqual([]);
});

function pullRequestPayload(headSha: string, number: number): Record<string, unknown> {
  const payload = webhookExample("pull_request", "opened");
  const pr = payload.pull_request as { number: number; draft: boolean; head: object; base: object };
  pr.number = number;
  pr.draft = false;
  Object.assign(pr.head, { sha: headSha, ref: pipeline.github.pull(OWNER, REPO, number).head.ref });
  Object.assign(pr.base, { sha: pipeline.baseSha, ref: "main" });
  payload.number = number;
  payload.installation = { id: INSTALLATION_ID };
  payload.repository = {
    ...(payload.repository as object),
    name: REPO,
    full_name: `${OWNER}/${REPO}`,
    owner: { login: OWNER },
  };
  return payload;
}

/** A PR push delivered to the GitHub webhook function, then one worker invocation on it. */
async function deliverAndRunWorker(files: Record<string, string>, pullNumber: number, branch = "feature") {
  const headSha = pipeline.push(files, `change for #${pullNumber}`, pullNumber, branch);
  const delivered = await pipeline.deliver("pull_request", pullRequestPayload(headSha, pullNumber));
  expect(delivered).toMatchObject({ statusCode: 202, json: { status: "queued", kind: "review" } });
  const started = Date.now();
  const { invocation } = await pipeline.runWorker({
    config: { ...pipeline.config, engine: "managed-agents" },
    remote,
    prSpendCap: { ledger: spend, capUsdPerDay: 25, jobBudgetUsd: pipeline.config.maxBudgetUsd },
  });
  invocationMs.push(Date.now() - started);
  expect(invocation?.response.batchItemFailures).toEqual([]);
  expect(pipeline.sqs.messagesIn(pipeline.queues.queueUrl)).toEqual([]);
  return headSha;
}

/** Lambda's event source on the settle queue, polled until the session is published (or rounds run out). */
async function settleUntilPublished(sessionId: string) {
  const source = new SqsEventSource(pipeline.sqs.client, settleQueue.queueUrl, settleQueue.queueArn);
  for (let round = 0; round < 8 && (await store.get(sessionId))?.status !== "published"; round++) {
    await double.settled();
    const started = Date.now();
    await source.pollOnce(settle, () => lambdaContext("settle"));
    invocationMs.push(Date.now() - started);
  }
  return source;
}

async function spentUsd(key: string): Promise<number> {
  const item = await pipeline.dynamo.client.send(
    new GetItemCommand({ TableName: SPEND_TABLE, Key: { id: { S: key } }, ConsistentRead: true }),
  );
  return Number(item.Item?.spentUsd?.N ?? 0);
}

const reviewScenario: Scenario = (input) =>
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

describe("Lambda worker on ENGINE=managed-agents (dynalite, fauxqs, Managed Agents double, GitHub double)", () => {
  it("PR webhook → job → session at the head SHA → webhooks → settle → one review; a redelivered webhook publishes nothing more", async () => {
    double.scenario = reviewScenario;
    pipeline.github.resetCalls();
    const sessionsBefore = double.sessions.size;
    const headSha = await deliverAndRunWorker({ "src/math.ts": HEADER + ADD + SUB_BUG }, 7);

    // The worker started one session and returned: the repository mounted at the exact head commit
    // with a token for this repository that can only read contents.
    expect(double.sessions.size).toBe(sessionsBefore + 1);
    const session = double.session();
    const [mount] = session.createParams.resources as Array<Record<string, unknown>>;
    expect(mount).toMatchObject({
      type: "github_repository",
      url: `https://github.com/${OWNER}/${REPO}`,
      checkout: { type: "commit", sha: headSha },
    });
    const minted = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .map((c) => c.body as { permissions: Record<string, string>; repositories: string[] });
    expect(minted).toContainEqual({ repositories: [REPO], permissions: { contents: "read" } });
    expect(String(mount?.authorization_token)).toMatch(/^ghs_/);
    // The prompt is the review job's own, carrying the PR's diff from the API.
    const initial = JSON.stringify(session.createParams.initial_events);
    expect(initial).toContain("export function sub(a: number, b: number)");
    expect(initial).toContain(headSha);
    // No CLI ran and nothing was cloned.
    expect(pipeline.api.mainRequests).toHaveLength(0);
    expect(pipeline.leftoverWorkDirs()).toEqual([]);
    expect(await store.get(session.id)).toMatchObject({ status: "running", installationId: INSTALLATION_ID });
    expect(pipeline.github.callsTo("checks/create")).toHaveLength(1);
    expect(pipeline.github.callsTo("pulls/create-review")).toHaveLength(0);
    // The PR's spend reservation stays booked at the whole budget while the session runs.
    const spendKey = spend.key(`pr#${OWNER}/${REPO}#7`);
    expect(await spentUsd(spendKey)).toBe(pipeline.config.maxBudgetUsd);

    await settleUntilPublished(session.id);
    expect((await store.get(session.id))?.status).toBe("published");
    // submit_result was answered once by the settle function; then the review was published.
    expect(session.customToolResults).toEqual([
      expect.objectContaining({ isError: false, text: expect.stringContaining("accepted") }),
    ]);
    const reviews = pipeline.github.callsTo("pulls/create-review");
    expect(reviews).toHaveLength(1);
    expect((reviews[0]!.body as { event: string }).event).toBe("REQUEST_CHANGES");
    expect(pipeline.github.reviewCommentsOn(OWNER, REPO, 7)).toEqual([
      expect.objectContaining({ path: "src/math.ts", line: 14 }),
    ]);
    const checks = pipeline.github.callsTo("checks/update").map((c) => c.body as Record<string, unknown>);
    expect(checks.at(-1)).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(webhookStatuses.every((s) => s === 202)).toBe(true);
    expect(pipeline.sqs.messagesIn(settleQueue.dlqUrl)).toEqual([]);
    // Settled: the reservation is booked down to the session's real cost (session.usage: 61 cents).
    expect(await spentUsd(spendKey)).toBeCloseTo(0.61, 6);
    // Every settle step's publishing token was revoked when the step ended.
    const settleTokens = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .filter((c) => (c.body as { permissions: Record<string, string> }).permissions.checks === "write");
    // The worker's job token and one settle step's: two settle steps ran (answer submit_result, then
    // publish), but a step that just answers the session mints no token.
    expect(settleTokens).toHaveLength(2);
    expect(pipeline.github.callsTo("apps/revoke-installation-access-token").length).toBeGreaterThanOrEqual(
      settleTokens.length,
    );

    // Anthropic redelivers the last webhook (same webhook-id, fresh signature): nothing is published twice.
    const last = JSON.parse(double.webhookDeliveries.at(-1)!.body) as { id: string };
    const body = double.webhookDeliveries.at(-1)!.body;
    const redelivery = await fetch(double.webhook!.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signWebhook(body, secret, last.id, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    expect(redelivery.status).toBe(202);
    await settleUntilPublished(session.id);
    await new SqsEventSource(pipeline.sqs.client, settleQueue.queueUrl, settleQueue.queueArn).pollOnce(
      settle,
      () => lambdaContext("settle"),
    );
    expect(pipeline.github.callsTo("pulls/create-review")).toHaveLength(1);
    expect(await spentUsd(spendKey)).toBeCloseTo(0.61, 6);
    expect(
      pipeline.github
        .callsTo("checks/update")
        .filter((c) => (c.body as { status?: string }).status === "completed"),
    ).toHaveLength(1);
    // The point of the engine on Lambda: no invocation waits for the agent.
    expect(Math.max(...invocationMs)).toBeLessThan(30_000);
  });

  it("a session that terminates in an error state is reported on the PR once and not started again", async () => {
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(100, 0, true),
            sessionError("model_request_failed_error", "upstream 500"),
            { type: "session.status_terminated" },
          ]
        : undefined;
    pipeline.github.resetCalls();
    const sessionsBefore = double.sessions.size;
    await deliverAndRunWorker({ "src/math.ts": `${HEADER + ADD + SUB_BUG}// again\n` }, 8);
    const session = double.session();
    await settleUntilPublished(session.id);

    expect((await store.get(session.id))?.status).toBe("published");
    // Reported: the check run failed with the session's reason, and the sticky comment says so.
    const completed = pipeline.github
      .callsTo("checks/update")
      .map((c) => c.body as { status?: string; conclusion?: string; output?: { summary?: string } })
      .filter((b) => b.status === "completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ conclusion: "failure" });
    expect(JSON.stringify(completed[0]!.output)).toMatch(/never called submit_result|terminated/);
    const sticky = pipeline.github.state.issueComments.filter((c) => c.body.includes("Claude review"));
    expect(sticky.filter((c) => c.issueNumber === 8)).toHaveLength(1);
    expect(pipeline.github.callsTo("pulls/create-review")).toHaveLength(0);
    // Not retried blindly: one session, nothing left on either queue or in either DLQ.
    expect(double.sessions.size).toBe(sessionsBefore + 1);
    expect(pipeline.sqs.messagesIn(settleQueue.queueUrl)).toEqual([]);
    expect(pipeline.sqs.messagesIn(settleQueue.dlqUrl)).toEqual([]);
    expect(pipeline.sqs.messagesIn(pipeline.queues.queueUrl)).toEqual([]);
    expect(pipeline.sqs.messagesIn(pipeline.queues.dlqUrl)).toEqual([]);
  });

  it("a PR that changes only files the base's .github/claude-pr-runner.json excludes: neutral check, no session", async () => {
    double.scenario = reviewScenario;
    pipeline.github.resetCalls();
    const sessionsBefore = double.sessions.size;
    await deliverAndRunWorker({ "docs/guide.md": "# Guide\n\nHow sub() works.\n" }, 9, "docs-only");

    expect(double.sessions.size).toBe(sessionsBefore);
    // No session, so no mount token was minted for Anthropic.
    const minted = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .map((c) => (c.body as { permissions: Record<string, string> }).permissions);
    expect(minted).not.toContainEqual({ contents: "read" });
    const completed = pipeline.github
      .callsTo("checks/update")
      .map((c) => c.body as { status?: string; conclusion?: string; output?: { title?: string } });
    expect(completed).toEqual([
      expect.objectContaining({
        status: "completed",
        conclusion: "neutral",
        output: expect.objectContaining({ title: "Not reviewed: only excluded files changed" }),
      }),
    ]);
    expect(pipeline.github.callsTo("pulls/create-review")).toHaveLength(0);
  });
});
