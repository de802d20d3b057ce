import { MetricUnit } from "@aws-lambda-powertools/metrics";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { Context, SQSEvent } from "aws-lambda";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { sessionsS3Client } from "../../src/sessions/sessions-s3-client.js";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { githubAppAuth } from "../shared/github-app-auth.js";
import { SecretReader } from "../shared/secret-reader.js";
import { SessionRecordStore } from "../shared/session-record-store.js";
import { SpendLedger } from "../shared/spend-ledger.js";
import { createTracedTelemetry } from "../shared/tracing.js";
import { settleConfigFromEnv } from "./managed-agents-config.js";
import { publishingClientFor } from "./publishing-client.js";
import { createSettleHandler } from "./settle-handler.js";

// The settle function behind the FIFO settle queue: one short look at a session per webhook. It runs
// no agent; it reads the session's events and publishes with the App's token. Only an autofix's
// last step clones (the PR head, to land the agent's patch before committing it through the API).
const config = settleConfigFromEnv(process.env);
const telemetry = createTracedTelemetry("managed-agents-settle", process.env);
const secrets = new SecretReader(ALL_SECRET_STORES);
const dynamodb = telemetry.tracer.captureAWSv3Client(new DynamoDBClient({}));
const tokens = githubAppAuth({
  appId: config.appId,
  baseUrl: config.githubApiUrl,
  privateKey: () => secrets.read(config.appPrivateKey),
});

const publishing = publishingClientFor({
  tokens,
  allowedInstallations: config.allowedInstallations,
  githubApiUrl: config.githubApiUrl,
  gitServerUrl: config.gitServerUrl,
  hostEnv: config.hostEnv,
  ownLogins: config.ownLogins,
});

let settle: Promise<ReturnType<typeof createSettleHandler>> | undefined;

export const handler = async (event: SQSEvent, context: Context) => {
  settle ??= secrets.read(config.apiKey).then((apiKey) =>
    createSettleHandler({
      store: new SessionRecordStore(dynamodb, config.sessionsTable),
      engine: new ManagedAgentsEngine({
        apiKey,
        ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        repositoryToken: async () => {
          throw new Error("the settle function never starts a session");
        },
      }),
      octokitFor: publishing.octokitFor,
      releaseOctokit: publishing.release,
      cloneAt: publishing.cloneAt,
      hostEnv: config.hostEnv,
      ...(config.spendTableName ? { spend: new SpendLedger(dynamodb, config.spendTableName) } : {}),
      settings: {},
      publish: {
        commentMode: config.commentMode,
        inlineCommentLimit: config.inlineCommentLimit,
        failOn: config.failOn,
        pathFilter: { include: config.include, exclude: config.exclude },
      },
      log: (line, fields) => telemetry.logger.info(line, fields ?? {}),
      metric: (name, value) => telemetry.metrics.addMetric(name, MetricUnit.NoUnit, value),
      ...(config.sessions
        ? {
            transcripts: new S3TranscriptStore({
              client: sessionsS3Client(config.sessions.s3),
              bucket: config.sessions.bucket,
              prefix: config.sessions.prefix,
            }),
          }
        : {}),
    }),
  );
  try {
    return await (await settle)(event, context);
  } finally {
    telemetry.metrics.publishStoredMetrics();
  }
};
