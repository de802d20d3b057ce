import { DynamoDBPersistenceLayer } from "@aws-lambda-powertools/idempotency/dynamodb";
import type { BasePersistenceLayer } from "@aws-lambda-powertools/idempotency/persistence";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { parseJobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { createTelemetry } from "../../lambda/shared/telemetry.js";
import { createWebhookHandler, type WebhookHandler } from "../../lambda/webhook/webhook-handler.js";
import { DEFAULT_TRIGGER_SETTINGS } from "../../src/jobs/triggers/trigger-settings.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { functionUrlEvent, lambdaContext, pullRequestExample } from "./support/webhook-events.js";

// The webhook's job path (the message's check, idempotency and its table) is opened with the first
// delivery that becomes a job. These check what that means for a user: an ignored delivery never
// opens it, a failure to open it is a 500 the sender can redeliver (never a lost or half-queued job),
// and it is opened again on the next delivery rather than failing every delivery after.
const SECRET = "job-path-secret-0123456789";
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let queue: FifoQueuePair;
const stdout = new CapturedStdout();

beforeAll(async () => {
  [dynamo, sqs] = await Promise.all([LoopbackDynamoDb.start(), LoopbackSqs.start()]);
  await dynamo.createIdempotencyTable("idempotency");
  queue = await sqs.createFifoQueueWithDlq("jobs", { maxReceiveCount: 3, visibilityTimeoutSeconds: 30 });
});
afterAll(async () => {
  stdout.stop();
  await Promise.all([dynamo?.close(), sqs?.close()]);
});

function webhookWith(persistenceStore: () => Promise<BasePersistenceLayer>): WebhookHandler {
  return createWebhookHandler({
    telemetry: createTelemetry("webhook", process.env),
    queue: new JobQueue(sqs.client, queue.queueUrl),
    persistenceStore,
    secrets: async () => ({ current: SECRET, previous: [] }),
    routing: {
      enabledJobs: new Set(["review", "autofix", "describe", "prune", "ask", "reply"]),
      repositories: ["Codertocat/*"],
      triggers: DEFAULT_TRIGGER_SETTINGS,
      allowedInstallations: parseInstallationAllowList("1"),
    },
    maxBodyBytes: 1024 * 1024,
    deliveryTtlSeconds: 3600,
  });
}

async function deliver(handler: WebhookHandler, payload: Record<string, unknown>, deliveryId: string) {
  const event = await functionUrlEvent({
    event: "pull_request",
    payload,
    secret: SECRET,
    deliveryId,
  });
  stdout.clear();
  stdout.start();
  try {
    const result = await handler(event, lambdaContext("webhook"));
    return { statusCode: result.statusCode, json: JSON.parse(result.body) as Record<string, unknown> };
  } finally {
    stdout.stop();
  }
}

describe("the webhook's job path", () => {
  it("is not opened by an ignored delivery, and is opened once by the first job", async () => {
    sqs.clearMessages();
    let opened = 0;
    const handler = webhookWith(async () => {
      opened++;
      return new DynamoDBPersistenceLayer({ tableName: "idempotency", awsSdkV3Client: dynamo.client });
    });
    const ignored = await deliver(handler, pullRequestExample("assigned"), "d-ignored");
    expect(ignored).toMatchObject({ statusCode: 202, json: { status: "ignored" } });
    expect(opened).toBe(0);

    const opening = pullRequestExample("opened");
    const queued = await deliver(handler, opening, "d-first");
    expect(queued).toMatchObject({ statusCode: 202, json: { status: "queued", kind: "review" } });
    // The same signed body again, under a fresh delivery id: one event, one job.
    const again = await deliver(handler, opening, "d-redelivered");
    expect(again).toMatchObject({ statusCode: 202, json: { status: "duplicate" } });
    expect(opened).toBe(1);
    const messages = sqs.messagesIn(queue.queueUrl);
    expect(messages).toHaveLength(1);
    expect(parseJobMessage(messages[0]!.body)).toMatchObject({ kind: "review", deliveryId: "d-first" });
  });

  it("answers 500 when it cannot be opened, queues nothing, and opens it again for the redelivery", async () => {
    sqs.clearMessages();
    let attempts = 0;
    const handler = webhookWith(async () => {
      attempts++;
      if (attempts === 1) throw new Error("the idempotency table's client could not be made");
      return new DynamoDBPersistenceLayer({ tableName: "idempotency", awsSdkV3Client: dynamo.client });
    });
    const reopening = pullRequestExample("reopened");
    const failed = await deliver(handler, reopening, "d-fails");
    expect(failed).toMatchObject({ statusCode: 500, json: { status: "error" } });
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);

    const redelivered = await deliver(handler, reopening, "d-fails");
    expect(redelivered).toMatchObject({ statusCode: 202, json: { status: "queued" } });
    expect(attempts).toBe(2);
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(1);
  });
});
