/**
 * Webhook ack latency benchmark: 1000 signed pull_request deliveries through the real webhook handler
 * module (signature check, routing, Powertools idempotency on DynamoDB, SQS FIFO send), with dynalite
 * and fauxqs on loopback; each 202 means the job is in the queue. Side by side in the same process,
 * interleaved per delivery, two baselines: a handler that only verifies the signature and answers
 * 202 (the least any webhook must do), and the floor the two storage services impose (one
 * conditional PutItem + one SendMessage + one UpdateItem, made directly). Reports p50/p99 and the
 * handler's ratios to both. Also reports the esbuild-bundled handler size.
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
  const events = await Promise.all(
    Array.from({ length: WARMUP + DELIVERIES }, (_, i) => {
      const p = structuredClone(payload);
      (p.pull_request as { number: number }).number = 1 + (i % 50); // 50 PRs → 50 FIFO groups
      // Each delivery is its own push (deduplication keys on the payload, not the delivery id).
      (p.pull_request as { updated_at: string }).updated_at = new Date(
        Date.UTC(2026, 0, 1) + i * 1000,
      ).toISOString();
      return functionUrlEvent({ event: "pull_request", payload: p, secret: SECRET });
    }),
  );

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
  let status202 = 0;
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
        if (res.statusCode === 202 && JSON.parse(res.body).status === "queued") status202++;
        if (base.statusCode === 202) baseline202++;
      }
    }
  } finally {
    process.stdout.write = realWrite;
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
    queued: status202,
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
  if (status202 !== DELIVERIES) {
    console.error(`only ${status202} of ${DELIVERIES} deliveries were queued`);
    process.exitCode = 1;
  }
}

await main();
