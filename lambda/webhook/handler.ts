import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { JobQueue } from "../shared/job-queue.js";
import { SecretReader } from "../shared/secret-reader.js";
import { loadSecretsManagerStore } from "../shared/secrets-manager-store.js";
import { createTelemetry } from "../shared/telemetry.js";
import { webhookConfigFromEnv } from "./webhook-config.js";
import { createWebhookHandler } from "./webhook-handler.js";
import { parseWebhookSecrets } from "./webhook-secrets.js";

// Built once per cold start; every client honours AWS_ENDPOINT_URL_<SERVICE> so the same wiring runs
// against loopback servers in tests.
const config = webhookConfigFromEnv(process.env);
const telemetry = createTelemetry("webhook", process.env);
const sqs = new SQSClient({});
const dynamodb = new DynamoDBClient({});
// Only Secrets Manager, where the stack keeps the signing secret: the SSM client stays out of this bundle.
const secretReader = new SecretReader({ secretsmanager: loadSecretsManagerStore });
// Every delivery's signature needs the secret: its store's client loads in the cold start.
await secretReader.prepare(config.webhookSecret);

export const handler = createWebhookHandler({
  telemetry,
  queue: new JobQueue(sqs, config.queueUrl),
  // Powertools' DynamoDB layer loads with the first delivery that becomes a job (webhook-handler.ts).
  persistenceStore: async () => {
    const { DynamoDBPersistenceLayer } = await import("@aws-lambda-powertools/idempotency/dynamodb");
    return new DynamoDBPersistenceLayer({ tableName: config.idempotencyTableName, awsSdkV3Client: dynamodb });
  },
  secrets: async () => parseWebhookSecrets(await secretReader.read(config.webhookSecret)),
  routing: config.routing,
  maxBodyBytes: config.maxBodyBytes,
  deliveryTtlSeconds: config.deliveryTtlSeconds,
});
