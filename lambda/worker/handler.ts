import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { s3ClientFromEnv } from "../../src/sessions/s3-client-from-env.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { githubAppAuth } from "../shared/github-app-auth.js";
import { SecretReader } from "../shared/secret-reader.js";
import { SpendLedger } from "../shared/spend-ledger.js";
import { createTelemetry } from "../shared/telemetry.js";
import { createJobExecutor } from "./execute-job.js";
import { jobRuntimeConfigFromEnv } from "./job-runtime-config.js";
import { workerConfigFromEnv } from "./worker-config.js";
import { createWorkerHandler } from "./worker-handler.js";

// Cold start: configuration, clients and the job core are built once per sandbox.
const config = workerConfigFromEnv();
const jobs = jobRuntimeConfigFromEnv();
const telemetry = createTelemetry("worker");
const secrets = new SecretReader();
const { anthropicApiKey } = config;

export const handler = createWorkerHandler({
  telemetry,
  executor: createJobExecutor({
    config: jobs,
    ...(config.spendTableName
      ? {
          prSpendCap: {
            ledger: new SpendLedger(
              telemetry.tracer.captureAWSv3Client(new DynamoDBClient({})),
              config.spendTableName,
            ),
            capUsdPerDay: config.prSpendCapUsdPerDay,
            jobBudgetUsd: jobs.maxBudgetUsd,
          },
        }
      : {}),
    ...(jobs.sessionsBucket
      ? {
          store: new S3TranscriptStore({
            client: s3ClientFromEnv(),
            bucket: jobs.sessionsBucket,
            prefix: jobs.sessionsPrefix,
          }),
        }
      : {}),
  }),
  allowedInstallations: config.allowedInstallations,
  tokens: githubAppAuth({
    appId: config.appId,
    baseUrl: config.githubApiUrl,
    privateKey: () => secrets.read(config.appPrivateKey),
  }),
  ...(anthropicApiKey ? { anthropicApiKey: () => secrets.read(anthropicApiKey) } : {}),
  deadlineMarginMs: config.deadlineMarginMs,
  minimumJobMs: config.minimumJobMs,
});
