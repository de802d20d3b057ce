import { ScanCommand } from "@aws-sdk/client-dynamodb";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseJobMessage } from "../../lambda/shared/job-message.js";
import { deliveryIdentity } from "../../lambda/webhook/delivery-identity.js";
import type { WebhookHandler } from "../../lambda/webhook/webhook-handler.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { LoopbackDynamoDb, TEST_CREDENTIALS } from "./support/loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { SecretsDouble } from "./support/secrets-double.js";
import {
  functionUrlEvent,
  lambdaContext,
  nextEventTime,
  pullRequestExample,
  webhookExample,
} from "./support/webhook-events.js";

// The real `lambda/webhook/handler.ts` module, wired only through environment variables exactly as the
// stack wires it, against dynalite (idempotency), fauxqs (SQS FIFO) and a Secrets Manager double.
const SECRET = "current-webhook-secret-0123456789";
const PREVIOUS_SECRET = "previous-webhook-secret-abcdef";
const MAX_BODY = 64 * 1024;

let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let secrets: SecretsDouble;
let queue: FifoQueuePair;
let handler: WebhookHandler;
const stdout = new CapturedStdout();

beforeAll(async () => {
  [dynamo, sqs, secrets] = await Promise.all([
    LoopbackDynamoDb.start(),
    LoopbackSqs.start(),
    SecretsDouble.start({
      "prod/webhook-secret": JSON.stringify({ current: SECRET, previous: [PREVIOUS_SECRET] }),
    }),
  ]);
  await dynamo.createIdempotencyTable("idempotency");
  queue = await sqs.createFifoQueueWithDlq("jobs", { maxReceiveCount: 3, visibilityTimeoutSeconds: 30 });
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_SQS: sqs.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    JOB_QUEUE_URL: queue.queueUrl,
    IDEMPOTENCY_TABLE_NAME: "idempotency",
    WEBHOOK_SECRET: "secretsmanager:prod/webhook-secret",
    MAX_BODY_BYTES: String(MAX_BODY),
    REPOSITORIES: "Codertocat/*,octo-org/allowed",
    // The examples' installation (1) and the comment tests' (42); everything else is denied.
    ALLOWED_INSTALLATIONS: "1, 42",
    POWERTOOLS_METRICS_NAMESPACE: "ClaudePrRunnerTest",
  });
  ({ handler } = await import("../../lambda/webhook/handler.js"));
});

afterAll(async () => {
  stdout.stop();
  await Promise.all([dynamo?.close(), sqs?.close(), secrets?.close()]);
});

beforeEach(() => {
  sqs.clearMessages();
});

async function invoke(event: APIGatewayProxyEventV2, context: Context = lambdaContext("webhook")) {
  stdout.clear();
  stdout.start();
  try {
    const result = await handler(event, context);
    return { ...result, json: JSON.parse(result.body) as Record<string, unknown> };
  } finally {
    stdout.stop();
  }
}

describe("webhook handler", () => {
  it("queues one review job for a signed pull_request.opened delivery", async () => {
    const payload = pullRequestExample("opened");
    const deliveryId = crypto.randomUUID();
    const res = await invoke(
      await functionUrlEvent({ event: "pull_request", payload, secret: SECRET, deliveryId }),
    );

    expect(res.statusCode).toBe(202);
    expect(res.json).toMatchObject({ status: "queued", kind: "review", group: "Codertocat/Hello-World#2" });
    const messages = sqs.messagesIn(queue.queueUrl);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.groupId).toBe("Codertocat/Hello-World#2");
    // SQS deduplicates on the payload's identity too, not on the header a replayer controls.
    expect(messages[0]!.deduplicationId).toBe(deliveryIdentity("pull_request", payload, deliveryId));
    expect(messages[0]!.deduplicationId).not.toBe(deliveryId);
    const job = parseJobMessage(messages[0]!.body);
    expect(job).toMatchObject({
      jobId: res.json.jobId,
      kind: "review",
      owner: "Codertocat",
      repo: "Hello-World",
      installationId: 1,
      pullNumber: 2,
      headSha: "ec26c3e57ca3a959ca5aad62de7213c562f8c821",
      deliveryId,
      trigger: { source: "webhook", event: "pull_request", action: "opened", sender: "Codertocat" },
    });
  });

  it("enqueues nothing new when the same delivery is replayed", async () => {
    const event = await functionUrlEvent({
      event: "pull_request",
      payload: pullRequestExample("opened"),
      secret: SECRET,
    });
    const first = await invoke(event);
    const second = await invoke(event);
    const third = await invoke(event);

    expect(first.json.status).toBe("queued");
    expect(second.statusCode).toBe(202);
    expect(second.json).toEqual({ status: "duplicate", jobId: first.json.jobId });
    expect(third.json).toEqual({ status: "duplicate", jobId: first.json.jobId });
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(1);
    // The idempotency record lives in DynamoDB (not only in memory) with a TTL attribute.
    const items = await dynamo.client.send(new ScanCommand({ TableName: "idempotency" }));
    const record = items.Items?.find((i) => i.data?.M?.jobId?.S === first.json.jobId);
    expect(record?.status?.S).toBe("COMPLETED");
    expect(Number(record?.expiration?.N)).toBeGreaterThan(Date.now() / 1000 + 2 * 24 * 3600);
  });

  it("deduplicates a replayed body sent under a fresh delivery id, but not a new event on the same PR", async () => {
    const payload = pullRequestExample("synchronize");
    const first = await invoke(await functionUrlEvent({ event: "pull_request", payload, secret: SECRET }));
    // Same signed body, new X-GitHub-Delivery: what someone holding a captured delivery can send.
    const replay = await invoke(await functionUrlEvent({ event: "pull_request", payload, secret: SECRET }));
    expect(first.json.status).toBe("queued");
    expect(replay.json).toEqual({ status: "duplicate", jobId: first.json.jobId });
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(1);

    // A real second event on that PR carries a new updated_at (or head sha): it is queued.
    const later = structuredClone(payload);
    (later.pull_request as Record<string, unknown>).updated_at = "2030-01-01T00:00:00Z";
    const next = await invoke(
      await functionUrlEvent({ event: "pull_request", payload: later, secret: SECRET }),
    );
    expect(next.json.status).toBe("queued");
    // A comment replayed under a new delivery id is one event too.
    const comment = webhookExample("issue_comment", (p) => p.action === "created");
    (comment.issue as Record<string, unknown>).pull_request = { url: "x" };
    comment.installation = { id: 42 };
    Object.assign(comment.comment as object, {
      author_association: "MEMBER",
      body: "/claude fix",
      updated_at: nextEventTime(),
    });
    const c1 = await invoke(
      await functionUrlEvent({ event: "issue_comment", payload: comment, secret: SECRET }),
    );
    const c2 = await invoke(
      await functionUrlEvent({ event: "issue_comment", payload: comment, secret: SECRET }),
    );
    expect(c1.json.status).toBe("queued");
    expect(c2.json.status).toBe("duplicate");
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(3);
  });

  // X-GitHub-Event is not covered by the signature: a captured body can be sent under any event
  // name. An App never receives pull_request_target, workflow_dispatch or schedule, so those names
  // (and any other the router does not serve) must not reach the trigger model, or each replay
  // under a fresh delivery id would queue a new job with an identity of its own.
  it.each(["pull_request_target", "workflow_dispatch", "schedule", "pull_request_review"])(
    "ignores a signed pull_request body replayed under X-GitHub-Event: %s",
    async (forged) => {
      const payload = pullRequestExample("opened");
      const replays = [];
      for (let i = 0; i < 3; i++) {
        replays.push(await invoke(await functionUrlEvent({ event: forged, payload, secret: SECRET })));
      }
      for (const replay of replays) {
        expect(replay.statusCode).toBe(202);
        expect(replay.json).toMatchObject({ status: "ignored" });
        expect(String(replay.json.reason)).toContain(`event ${forged} is not`);
      }
      expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
    },
  );

  it("a burst of 200 deliveries with 10 % replays under fresh delivery ids queues exactly one job per event, in order per PR", async () => {
    const events: Record<string, unknown>[] = [];
    for (let i = 0; i < 180; i++) {
      const payload = pullRequestExample("synchronize");
      const pr = payload.pull_request as { number: number; head: { sha: string } };
      pr.number = 100 + (i % 12);
      pr.head.sha = (i + 1).toString(16).padStart(40, "0");
      events.push(payload);
    }
    // Every tenth delivery is a replay of an earlier body (same event, new X-GitHub-Delivery).
    const deliveries = events.flatMap((e, i) => (i % 9 === 8 ? [e, events[i - 4]!] : [e]));
    expect(deliveries).toHaveLength(200);
    const statuses: string[] = [];
    for (const payload of deliveries)
      statuses.push(
        String(
          (await invoke(await functionUrlEvent({ event: "pull_request", payload, secret: SECRET }))).json
            .status,
        ),
      );
    expect(statuses.filter((s) => s === "queued")).toHaveLength(180);
    expect(statuses.filter((s) => s === "duplicate")).toHaveLength(20);
    const messages = sqs
      .messagesIn(queue.queueUrl)
      .map((m) => ({ group: m.groupId, job: parseJobMessage(m.body) }));
    expect(messages).toHaveLength(180);
    // Within each PR's group the heads are in delivery order.
    for (let n = 100; n < 112; n++) {
      const heads = messages
        .filter((m) => m.job.pullNumber === n)
        .map((m) => Number.parseInt(m.job.headSha!, 16));
      expect(heads).toEqual([...heads].sort((a, b) => a - b));
      expect(new Set(messages.filter((m) => m.job.pullNumber === n).map((m) => m.group))).toEqual(
        new Set([`Codertocat/Hello-World#${n}`]),
      );
    }
  });

  it("acknowledges and drops a delivery from an installation that is not allow-listed, with a log line", async () => {
    const payload = pullRequestExample("opened");
    payload.installation = { id: 777 };
    const res = await invoke(await functionUrlEvent({ event: "pull_request", payload, secret: SECRET }));
    expect(res.statusCode).toBe(202);
    expect(res.json).toEqual({
      status: "ignored",
      reason: "installation 777 is not in ALLOWED_INSTALLATIONS",
    });
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
    expect(stdout.records.find((r) => r.level === "WARN")).toMatchObject({
      message: "delivery from an installation that is not allowed; dropped",
    });
    // Nothing was recorded either: it never reached the idempotency step.
    const items = await dynamo.client.send(new ScanCommand({ TableName: "idempotency" }));
    const ids = (items.Items ?? []).map((i) => i.id?.S ?? "");
    expect(ids.some((id) => id.includes(deliveryIdentity("pull_request", payload, "x")))).toBe(false);
  });

  it("rejects a forged signature with 401 and enqueues nothing", async () => {
    const res = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("opened"),
        secret: "attacker-secret",
      }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json.status).toBe("rejected");
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
  });

  it("rejects a body altered after signing", async () => {
    const payload = pullRequestExample("opened");
    const signed = await functionUrlEvent({ event: "pull_request", payload, secret: SECRET });
    const tampered = { ...signed, body: signed.body!.replace('"opened"', '"reopened"') };
    const res = await invoke(tampered);
    expect(res.statusCode).toBe(401);
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
  });

  it("rejects an unsigned request with 401", async () => {
    const res = await invoke(
      await functionUrlEvent({ event: "pull_request", payload: pullRequestExample("opened") }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toMatch(/missing X-Hub-Signature-256/);
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
  });

  it("rejects a malformed signature header with 401 instead of crashing", async () => {
    const res = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("opened"),
        signature: "sha256=zz",
      }),
    );
    expect(res.statusCode).toBe(401);
  });

  it("accepts a delivery signed with the previous secret during rotation", async () => {
    const res = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("opened"),
        secret: PREVIOUS_SECRET,
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json.status).toBe("queued");
  });

  it("verifies the decoded bytes of a base64-encoded body", async () => {
    const res = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("opened"),
        secret: SECRET,
        base64: true,
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(1);
  });

  it("answers 413 for an oversized body, before anything else", async () => {
    const payload = pullRequestExample("opened");
    (payload.pull_request as Record<string, unknown>).body = "x".repeat(MAX_BODY);
    const res = await invoke(await functionUrlEvent({ event: "pull_request", payload, secret: SECRET }));
    expect(res.statusCode).toBe(413);
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
  });

  it("answers 202 ignored for events, actions and repositories that are not configured", async () => {
    const push = await invoke(
      await functionUrlEvent({ event: "push", payload: webhookExample("push"), secret: SECRET }),
    );
    expect(push.statusCode).toBe(202);
    expect(push.json).toEqual({ status: "ignored", reason: "event push is not a trigger" });

    const labeled = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("labeled"),
        secret: SECRET,
      }),
    );
    expect(labeled.json).toEqual({ status: "ignored", reason: "label bug is not a trigger" });

    const otherRepo = pullRequestExample("opened");
    (otherRepo.repository as Record<string, unknown>).full_name = "someone/else";
    const repo = await invoke(
      await functionUrlEvent({ event: "pull_request", payload: otherRepo, secret: SECRET }),
    );
    expect(repo.json).toEqual({ status: "ignored", reason: "repository someone/else is not configured" });

    const draft = pullRequestExample("opened");
    (draft.pull_request as Record<string, unknown>).draft = true;
    const drafted = await invoke(
      await functionUrlEvent({ event: "pull_request", payload: draft, secret: SECRET }),
    );
    expect(drafted.json).toEqual({
      status: "ignored",
      reason: "PR #2 is a draft: not reviewed until it is ready (or set review_drafts)",
    });

    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
  });

  it("routes comments through the trigger model: a collaborator's fix and review, a stranger's refusal", async () => {
    const comment = (association: string, body: string) => {
      const payload = webhookExample("issue_comment", (p) => p.action === "created");
      (payload.issue as Record<string, unknown>).pull_request = {
        url: "https://api.github.com/repos/x/y/pulls/1",
      };
      payload.installation = { id: 42 };
      Object.assign(payload.comment as Record<string, unknown>, {
        author_association: association,
        body,
        updated_at: nextEventTime(),
      });
      return payload;
    };
    const outsider = await invoke(
      await functionUrlEvent({
        event: "issue_comment",
        payload: comment("NONE", "/claude fix please"),
        secret: SECRET,
      }),
    );
    // Someone GitHub marks as no collaborator cannot write: a refusal reply, no permission lookup, no model.
    expect(outsider.json).toMatchObject({ status: "queued", kind: "reply" });
    expect(parseJobMessage(sqs.messagesIn(queue.queueUrl)[0]!.body)).toMatchObject({
      kind: "reply",
      command: { reply: "refuse", isPullRequest: true },
    });
    sqs.clearMessages();
    const chatter = await invoke(
      await functionUrlEvent({
        event: "issue_comment",
        payload: comment("OWNER", "looks good"),
        secret: SECRET,
      }),
    );
    expect(chatter.json.status).toBe("ignored");

    const res = await invoke(
      await functionUrlEvent({
        event: "issue_comment",
        payload: comment("MEMBER", "/claude fix the tests"),
        secret: SECRET,
      }),
    );
    expect(res.json).toMatchObject({ status: "queued", kind: "autofix", group: "Codertocat/Hello-World#1" });
    const job = parseJobMessage(sqs.messagesIn(queue.queueUrl)[0]!.body);
    expect(job).toMatchObject({
      kind: "autofix",
      pullNumber: 1,
      installationId: 42,
      trigger: { event: "issue_comment" },
    });
    expect(job.trigger.commentId).toBeGreaterThan(0);

    // `/claude review` (the default COMMAND_PREFIX) queues a review of whatever the head is when it runs.
    sqs.clearMessages();
    const review = await invoke(
      await functionUrlEvent({
        event: "issue_comment",
        payload: comment("COLLABORATOR", "/claude review"),
        secret: SECRET,
      }),
    );
    expect(review.json).toMatchObject({ status: "queued", kind: "review" });
    const reviewJob = parseJobMessage(sqs.messagesIn(queue.queueUrl)[0]!.body);
    expect(reviewJob.headSha).toBeUndefined();
    expect(reviewJob.trigger.commentId).toBeGreaterThan(0);
    const stranger = await invoke(
      await functionUrlEvent({
        event: "issue_comment",
        payload: comment("CONTRIBUTOR", "/claude review"),
        secret: SECRET,
      }),
    );
    expect(stranger.json).toMatchObject({ status: "queued", kind: "reply" });
  });

  it("questions, help, threads, labels and drafts: the same decisions as the Action", async () => {
    const comment = (body: string, patch: Record<string, unknown> = {}) => {
      const payload = webhookExample("issue_comment", (p) => p.action === "created");
      payload.installation = { id: 42 };
      Object.assign(payload.comment as Record<string, unknown>, {
        author_association: "MEMBER",
        body,
        updated_at: nextEventTime(),
        ...patch,
      });
      return payload;
    };
    const send = async (event: string, payload: Record<string, unknown>) =>
      (await invoke(await functionUrlEvent({ event, payload, secret: SECRET }))).json;
    const lastJob = () => parseJobMessage(sqs.messagesIn(queue.queueUrl).at(-1)!.body);

    // A mention on a plain issue is a question.
    expect(await send("issue_comment", comment("@claude where is the parser?"))).toMatchObject({
      status: "queued",
      kind: "ask",
    });
    expect(lastJob()).toMatchObject({
      kind: "ask",
      command: { question: "where is the parser?", isPullRequest: false, comment: { kind: "issue" } },
    });
    // An unknown command gets usage; help gets help; both without a model.
    expect(await send("issue_comment", comment("/claude deploy"))).toMatchObject({ kind: "reply" });
    expect(lastJob().command).toMatchObject({ reply: "usage", unknownCommand: "deploy" });
    expect(await send("issue_comment", comment("/claude help"))).toMatchObject({ kind: "reply" });
    expect(lastJob().command).toMatchObject({ reply: "help" });
    // Bots (our own replies included) and edits never trigger.
    const bot = comment("@claude answer");
    Object.assign((bot.comment as { user: Record<string, unknown> }).user, {
      login: "app[bot]",
      type: "Bot",
    });
    expect(await send("issue_comment", bot)).toMatchObject({ status: "ignored" });
    const edited = comment("/claude review");
    edited.action = "edited";
    expect(await send("issue_comment", edited)).toMatchObject({
      status: "ignored",
      reason: "issue_comment.edited: only new comments are commands",
    });

    // A mention in an inline review thread answers in that thread.
    const thread = webhookExample("pull_request_review_comment", (p) => p.action === "created");
    thread.installation = { id: 42 };
    Object.assign(thread.comment as Record<string, unknown>, {
      body: "@claude is this right?",
      author_association: "OWNER",
      in_reply_to_id: 4242,
      updated_at: nextEventTime(),
    });
    expect(await send("pull_request_review_comment", thread)).toMatchObject({
      status: "queued",
      kind: "ask",
    });
    expect(lastJob().headSha).toBeUndefined();
    expect(lastJob()).toMatchObject({
      kind: "ask",
      command: { isPullRequest: true, comment: { kind: "review", threadId: 4242 } },
    });
    // The same thread comment delivered again is one event.
    expect(await send("pull_request_review_comment", thread)).toMatchObject({ status: "duplicate" });

    // The review label reviews (the worker checks the label adder's permission); drafts are skipped.
    const labeled = pullRequestExample("labeled");
    (labeled as Record<string, unknown>).label = { name: "claude-review" };
    expect(await send("pull_request", labeled)).toMatchObject({ status: "queued", kind: "review" });
    const draft = pullRequestExample("opened");
    (draft.pull_request as Record<string, unknown>).draft = true;
    expect(await send("pull_request", draft)).toMatchObject({
      status: "ignored",
      reason: expect.stringContaining("is a draft"),
    });
  });

  it("queues a lineage prune in the PR's group when the PR is closed", async () => {
    const res = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("closed"),
        secret: SECRET,
      }),
    );
    expect(res.json).toMatchObject({ status: "queued", kind: "prune", group: "Codertocat/Hello-World#2" });
    expect(parseJobMessage(sqs.messagesIn(queue.queueUrl)[0]!.body)).toMatchObject({
      kind: "prune",
      pullNumber: 2,
    });
  });

  it("puts two pushes to one PR in the same FIFO group, in delivery order", async () => {
    const first = pullRequestExample("synchronize");
    const second = pullRequestExample("synchronize");
    (second.pull_request as { head: { sha: string } }).head.sha = "1111111111111111111111111111111111111111";
    const a = await invoke(await functionUrlEvent({ event: "pull_request", payload: first, secret: SECRET }));
    const b = await invoke(
      await functionUrlEvent({ event: "pull_request", payload: second, secret: SECRET }),
    );

    expect(a.json.group).toBe(b.json.group);
    const messages = sqs.messagesIn(queue.queueUrl);
    expect(messages.map((m) => parseJobMessage(m.body).headSha)).toEqual([
      "ec26c3e57ca3a959ca5aad62de7213c562f8c821",
      "1111111111111111111111111111111111111111",
    ]);
    // FIFO order within the group: one receive hands out only the first until it is deleted.
    const received = await sqs.receiveAll(queue.queueUrl);
    expect(received.map((m) => parseJobMessage(m.Body!).jobId)).toEqual([a.json.jobId]);
  });

  it("answers ping with 200 and rejects non-JSON bodies with 400", async () => {
    const ping = await invoke(
      await functionUrlEvent({ event: "ping", payload: webhookExample("ping"), secret: SECRET }),
    );
    expect(ping.statusCode).toBe(200);
    const garbage = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: null,
        rawBody: "payload=%7B%7D",
        secret: SECRET,
      }),
    );
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json.message).toMatch(/application\/json/);
  });

  it("logs delivery, job, repo and PR keys, and never the secret", async () => {
    const deliveryId = crypto.randomUUID();
    const res = await invoke(
      await functionUrlEvent({
        event: "pull_request",
        payload: pullRequestExample("reopened"),
        secret: SECRET,
        deliveryId,
      }),
    );
    const queued = stdout.records.find((r) => r.message === "job queued");
    expect(queued).toMatchObject({
      deliveryId,
      jobId: res.json.jobId,
      repo: "Codertocat/Hello-World",
      pr: 2,
      service: "webhook",
    });
    const emf = stdout.records.find((r) => "_aws" in r && "jobs_queued" in r);
    expect(emf?.jobs_queued).toBe(1);
    expect(stdout.text).not.toContain(SECRET);
    expect(stdout.text).not.toContain(PREVIOUS_SECRET);
  });
});
