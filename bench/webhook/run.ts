/**
 * Webhook ack latency benchmark: 1000 signed pull_request deliveries through the real webhook handler
 * module (signature check, routing, Powertools idempotency on DynamoDB, SQS FIFO send), with dynalite
 * and fauxqs on loopback; each 202 means the job is in the queue. Side by side in the same process,
 * interleaved per delivery, two baselines: a handler that only verifies the signature and answers
 * 202 (the least any webhook must do), and the floor the two storage services impose (one
 * conditional PutItem + one SendMessage + one UpdateItem, made directly). Reports p50/p99 and the
 * handler's ratios to both. Every tenth delivery is a duplicate (same payload, new delivery id): the
 * run checks that the queue holds exactly one job per unique delivery, in order per PR, and reports
 * jobs/s. Also reports the esbuild-bundled handler size.
 *
 *   node --import tsx bench/webhook/run.ts [deliveries]
 */
import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { PutItemCommand, UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { verifyWithFallback } from "@octokit/webhooks-methods";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { build } from "esbuild";
import { LoopbackDynamoDb, TEST_CREDENTIALS } from "../../test/lambda/support/loopback-dynamodb.js";
import { LoopbackSqs } from "../../test/lambda/support/loopback-sqs.js";
import { SecretsDouble } from "../../test/lambda/support/secrets-double.js";
import {
  functionUrlEvent,
  lambdaContext,
  pullRequestExample,
} from "../../test/lambda/support/webhook-events.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DELIVERIES = Number(process.argv[2] ?? 1000);
const WARMUP = 50;
const SECRET = "bench-webhook-secret";

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number(sorted[Math.max(0, i)]!.toFixed(2));
}

function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50_ms: percentile(sorted, 50),
    p90_ms: percentile(sorted, 90),
    p99_ms: percentile(sorted, 99),
    max_ms: Number(sorted.at(-1)!.toFixed(2)),
  };
}

/** The baseline: what any webhook endpoint must do before it answers (read, verify, parse). */
async function signatureOnly(event: APIGatewayProxyEventV2): Promise<{ statusCode: number }> {
  const body = event.isBase64Encoded
    ? Buffer.from(event.body ?? "", "base64").toString("utf8")
    : (event.body ?? "");
  const signature = event.headers["x-hub-signature-256"] ?? "";
  if (!(await verifyWithFallback(SECRET, body, signature, []))) return { statusCode: 401 };
  JSON.parse(body);
  return { statusCode: 202 };
}

async function bundleSize() {
  const result = await build({
    entryPoints: [path.join(ROOT, "lambda/webhook/handler.ts")],
    bundle: true,
    platform: "node",
    target: "node24",
    format: "esm",
    minify: true,
    write: false,
    // Same banner as the stack's NodejsFunction bundling (CommonJS deps inside an ESM bundle).
    banner: { js: "import{createRequire}from'node:module';const require=createRequire(import.meta.url);" },
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  return { bytes: code.byteLength, gzip_bytes: gzipSync(code).byteLength };
}

async function main() {
  const [dynamo, sqs, secrets] = await Promise.all([
    LoopbackDynamoDb.start(),
    LoopbackSqs.start(),
    SecretsDouble.start({ "bench/webhook-secret": SECRET }),
  ]);
  await dynamo.createIdempotencyTable("idempotency");
  await dynamo.createIdempotencyTable("floor");
  const queue = await sqs.createFifoQueueWithDlq("bench", {
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 30,
  });
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_SQS: sqs.endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    JOB_QUEUE_URL: queue.queueUrl,
    IDEMPOTENCY_TABLE_NAME: "idempotency",
    WEBHOOK_SECRET: "secretsmanager:bench/webhook-secret",
    ALLOWED_INSTALLATIONS: "*",
    POWERTOOLS_LOG_LEVEL: "INFO",
  });
  const { handler } = await import("../../lambda/webhook/handler.js");

  // Signing is GitHub's cost, not ours: events are built before the clock starts.
  const payload = pullRequestExample("synchronize");
  // Every tenth measured delivery is a duplicate of one seven back: the same payload under a new
  // delivery id (what a redelivery or the sweeper produces), which must not queue a second job.
  const isDuplicate = (i: number) => i >= WARMUP + 10 && i % 10 === 9;
  const payloads: Record<string, unknown>[] = [];
  for (let i = 0; i < WARMUP + DELIVERIES; i++) {
    if (isDuplicate(i)) {
      payloads.push(payloads[i - 7]!);
      continue;
    }
    const p = structuredClone(payload);
    (p.pull_request as { number: number }).number = 1 + (i % 50); // 50 PRs → 50 FIFO groups
    // Each unique delivery is its own push (deduplication keys on the payload, not the delivery id).
    (p.pull_request as { updated_at: string }).updated_at = new Date(
      Date.UTC(2026, 0, 1) + i * 1000,
    ).toISOString();
    payloads.push(p);
  }
  const events = await Promise.all(
    payloads.map((p, i) =>
      functionUrlEvent({ event: "pull_request", payload: p, secret: SECRET, deliveryId: `delivery-${i}` }),
    ),
  );
  const uniqueMeasured = payloads.filter((_, i) => i >= WARMUP && !isDuplicate(i)).length;
  const duplicatesMeasured = DELIVERIES - uniqueMeasured;

  // Logs and EMF go to stdout in Lambda too; keep writing them (their cost is real) but not to the terminal.
  const realWrite = process.stdout.write.bind(process.stdout);
  let logBytes = 0;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    logBytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    return true;
  }) as typeof process.stdout.write;

  const handlerMs: number[] = [];
  const floorMs: number[] = [];
  const signatureOnlyMs: number[] = [];
  let queued = 0;
  let duplicates = 0;
  let baseline202 = 0;
  try {
    for (let i = 0; i < events.length; i++) {
      // Interleaved, so both series see the same machine state (GC, other load).
      const t0 = performance.now();
      const res = await handler(events[i]!, lambdaContext("webhook-bench", 10_000));
      const t1 = performance.now();
      await dynamo.client.send(
        new PutItemCommand({
          TableName: "floor",
          Item: { id: { S: `k${i}` }, status: { S: "INPROGRESS" } },
          ConditionExpression: "attribute_not_exists(id)",
        }),
      );
      await sqs.client.send(
        new SendMessageCommand({
          QueueUrl: queue.queueUrl,
          MessageBody: "{}",
          MessageGroupId: `g${i % 50}`,
          MessageDeduplicationId: `floor-${i}`,
        }),
      );
      await dynamo.client.send(
        new UpdateItemCommand({
          TableName: "floor",
          Key: { id: { S: `k${i}` } },
          UpdateExpression: "SET #s = :c",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: { ":c": { S: "COMPLETED" } },
        }),
      );
      const t2 = performance.now();
      const base = await signatureOnly(events[i]!);
      const t3 = performance.now();
      if (i >= WARMUP) {
        handlerMs.push(t1 - t0);
        floorMs.push(t2 - t1);
        signatureOnlyMs.push(t3 - t2);
        const status = res.statusCode === 202 ? JSON.parse(res.body).status : `http ${res.statusCode}`;
        if (status === "queued") queued++;
        if (status === "duplicate") duplicates++;
        if (base.statusCode === 202) baseline202++;
      }
    }
  } finally {
    process.stdout.write = realWrite;
  }

  // What reached the queue: exactly one job per unique delivery, and per PR (FIFO group) in the order
  // the deliveries came in.
  const jobs = sqs
    .messagesIn(queue.queueUrl)
    .filter((m) => m.body.includes('"jobId"'))
    .map((m) => ({
      index: Number(
        String((JSON.parse(m.body) as { deliveryId?: string }).deliveryId).replace("delivery-", ""),
      ),
      group: m.groupId ?? "",
    }));
  const perDelivery = new Map<number, number>();
  for (const j of jobs) perDelivery.set(j.index, (perDelivery.get(j.index) ?? 0) + 1);
  const expectedJobs = payloads.filter((_, i) => !isDuplicate(i)).length;
  const exactlyOnce =
    jobs.length === expectedJobs && [...perDelivery.entries()].every(([i, n]) => n === 1 && !isDuplicate(i));
  const lastInGroup = new Map<string, number>();
  let inOrder = true;
  for (const j of jobs) {
    if ((lastInGroup.get(j.group) ?? -1) > j.index) inOrder = false;
    lastInGroup.set(j.group, j.index);
  }

  const handlerStats = summarize(handlerMs);
  const floorStats = summarize(floorMs);
  const signatureStats = summarize(signatureOnlyMs);
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  const report = {
    benchmark: "webhook",
    date: new Date().toISOString(),
    node: process.version,
    deliveries: DELIVERIES,
    unique_deliveries: uniqueMeasured,
    duplicate_deliveries: duplicatesMeasured,
    queued,
    answered_duplicate: duplicates,
    exactly_one_job_per_unique_delivery: exactlyOnce,
    jobs_in_order_per_pr: inOrder,
    // One client sending back to back, as GitHub does per hook: jobs queued per second of handler time.
    jobs_per_second_sequential: Number((queued / (handlerMs.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)),
    handler: handlerStats,
    baseline_signature_only: signatureStats,
    floor_dynamodb_put_update_plus_sqs_send: floorStats,
    ratio_p50_handler_to_signature_only: ratio(handlerStats.p50_ms, signatureStats.p50_ms),
    ratio_p99_handler_to_signature_only: ratio(handlerStats.p99_ms, signatureStats.p99_ms),
    ratio_p50_handler_to_floor: ratio(handlerStats.p50_ms, floorStats.p50_ms),
    ratio_p99_handler_to_floor: ratio(handlerStats.p99_ms, floorStats.p99_ms),
    goal_p99_ms: 50,
    goal_met: handlerStats.p99_ms < 50,
    log_bytes_per_delivery: Math.round(logBytes / (WARMUP + DELIVERIES)),
    bundle: await bundleSize(),
  };
  await mkdir(path.join(ROOT, "bench/out"), { recursive: true });
  await writeFile(path.join(ROOT, "bench/out/webhook.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  await Promise.all([dynamo.close(), sqs.close(), secrets.close()]);
  if (baseline202 !== DELIVERIES) {
    console.error(`the signature-only baseline accepted ${baseline202} of ${DELIVERIES} deliveries`);
    process.exitCode = 1;
  }
  if (queued !== uniqueMeasured || duplicates !== duplicatesMeasured || !exactlyOnce || !inOrder) {
    console.error(
      `queued ${queued} of ${uniqueMeasured} unique deliveries, ${duplicates} of ${duplicatesMeasured} duplicates recognised, exactly once: ${exactlyOnce}, in order: ${inOrder}`,
    );
    process.exitCode = 1;
  }
}

await main();
