import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import type { ScheduledEvent } from "aws-lambda";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { SecretReader } from "../shared/secret-reader.js";
import { SessionRecordStore } from "../shared/session-record-store.js";
import { createTelemetry } from "../shared/telemetry.js";
import { sessionSweepConfigFromEnv } from "./session-sweep-config.js";
import { createSessionSweepHandler } from "./session-sweep-handler.js";

// On a schedule (EventBridge): queue a settle step for every open session whose webhook never came.
// It reads the sessions' status with the Managed Agents key and writes only to the settle queue; it
// never publishes (the settle function does) and holds no GitHub credentials.
const config = sessionSweepConfigFromEnv(process.env);
const telemetry = createTelemetry("managed-agents-sweep", process.env);
const secrets = new SecretReader(ALL_SECRET_STORES);
const dynamodb = new DynamoDBClient({});
const sqs = new SQSClient({});
const store = new SessionRecordStore(dynamodb, config.sessionsTable);

let sweep: Promise<ReturnType<typeof createSessionSweepHandler>> | undefined;

export const handler = async (event: ScheduledEvent) => {
  sweep ??= secrets.read(config.apiKey).then((apiKey) => {
    const engine = new ManagedAgentsEngine({
      apiKey,
      ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
      repositoryToken: async () => {
        throw new Error("the sweeper never starts a session");
      },
    });
    return createSessionSweepHandler({
      store,
      status: (sessionId) => engine.status(sessionId),
      sqs,
      settleQueueUrl: config.settleQueueUrl,
      graceMs: config.graceMs,
      maxAgeMs: config.maxAgeMs,
      log: (line, fields) => telemetry.logger.info(line, fields ?? {}),
    });
  });
  return (await sweep)(event);
};
