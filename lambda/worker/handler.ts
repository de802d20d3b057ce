import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { sessionsS3Client } from "../../src/sessions/sessions-s3-client.js";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { GatewayTokens } from "../shared/gateway-tokens.js";
import { githubAppAuth } from "../shared/github-app-auth.js";
import { SecretReader } from "../shared/secret-reader.js";
import { SessionRecordStore } from "../shared/session-record-store.js";
import { SpendLedger } from "../shared/spend-ledger.js";
import { createTracedTelemetry } from "../shared/tracing.js";
import { AttemptTokens } from "./attempt-tokens.js";
import { createJobExecutor } from "./create-job-executor.js";
import { InstallationSlots } from "./installation-slots.js";
import { jobRuntimeConfigFromEnv } from "./job-runtime-config.js";
import { jobTokenScope, mountTokenMinter } from "./job-token-scope.js";
import { lambdaAgentInvoker } from "./lambda-agent-invoker.js";
import { prNotifier } from "./pr-notifier.js";
import { workerConfigFromEnv } from "./worker-config.js";
import { createWorkerHandler } from "./worker-handler.js";

// Cold start: configuration, clients and the job core are built once per sandbox.
const config = workerConfigFromEnv(process.env);
const jobs = jobRuntimeConfigFromEnv(process.env);
const telemetry = createTracedTelemetry("worker", process.env);
const secrets = new SecretReader(ALL_SECRET_STORES);
const { anthropicApiKey } = config;
const dynamodb = telemetry.tracer.captureAWSv3Client(new DynamoDBClient({}));
if (config.agent && !jobs.sessionsBucket)
  throw new Error("split mode needs SESSIONS_BUCKET: the agent exchange objects live there");

const tokens = githubAppAuth({
  appId: config.appId,
  baseUrl: config.githubApiUrl,
  privateKey: () => secrets.read(config.appPrivateKey),
});

// The managed-agents engine, built on its first job; one per sandbox keeps the agent-definition cache.
const { managedAgents } = config;
let remoteEngine: Promise<ManagedAgentsEngine> | undefined;
const remote = managedAgents
  ? {
      engine: () => {
        remoteEngine ??= secrets.read(managedAgents.apiKey).then(
          (apiKey) =>
            new ManagedAgentsEngine({
              apiKey,
              ...(managedAgents.baseUrl ? { baseURL: managedAgents.baseUrl } : {}),
              serverUrl: jobs.gitServerUrl,
              repositoryToken: async () => {
                throw new Error("every worker job mints its own mount token");
              },
            }),
        );
        return remoteEngine;
      },
      store: new SessionRecordStore(dynamodb, managedAgents.sessionsTable),
      mountToken: mountTokenMinter(tokens),
    }
  : undefined;

export const handler = createWorkerHandler({
  telemetry,
  ...(config.retry
    ? {
        retry: { sqs: telemetry.tracer.captureAWSv3Client(new SQSClient({})), ...config.retry },
        notify: prNotifier(tokens, config.githubApiUrl),
        ...(config.fairness
          ? {
              // The slots table also keeps each attempt's minted tokens until it revokes them.
              attemptTokens: new AttemptTokens(dynamodb, config.fairness.tableName),
              fairness: {
                slots: new InstallationSlots(dynamodb, config.fairness.tableName),
                perInstallation: config.fairness.perInstallation,
                deferSeconds: config.fairness.deferSeconds,
                maxDeferSeconds: config.fairness.maxDeferSeconds,
                maxDeferrals: config.fairness.maxDeferrals,
              },
            }
          : {}),
      }
    : {}),
  executor: createJobExecutor({
    config: jobs,
    ...(remote ? { remote } : {}),
    ...(config.agent && jobs.sessionsBucket
      ? {
          agentSplit: {
            tokens: new GatewayTokens(dynamodb, config.agent.tokensTable),
            gatewayUrl: config.agent.gatewayUrl,
            s3: sessionsS3Client(jobs.sessionsS3),
            bucket: jobs.sessionsBucket,
            prefix: config.agent.exchangePrefix,
            invoke: lambdaAgentInvoker(config.agent.functionName),
          },
        }
      : {}),
    ...(config.spendTableName
      ? {
          prSpendCap: {
            ledger: new SpendLedger(dynamodb, config.spendTableName),
            capUsdPerDay: config.prSpendCapUsdPerDay,
            jobBudgetUsd: jobs.maxBudgetUsd,
          },
          auditSpendCap: {
            ledger: new SpendLedger(dynamodb, config.spendTableName),
            capUsdPerDay: config.auditSpendCapUsdPerDay,
            jobBudgetUsd: jobs.maxBudgetUsd,
          },
        }
      : {}),
    ...(jobs.sessionsBucket
      ? {
          store: new S3TranscriptStore({
            client: sessionsS3Client(jobs.sessionsS3),
            bucket: jobs.sessionsBucket,
            prefix: jobs.sessionsPrefix,
          }),
        }
      : {}),
  }),
  allowedInstallations: config.allowedInstallations,
  tokens,
  tokenScope: (job) => jobTokenScope(job, { uploadSarif: jobs.uploadSarif }),
  ...(anthropicApiKey ? { anthropicApiKey: () => secrets.read(anthropicApiKey) } : {}),
  deadlineMarginMs: config.deadlineMarginMs,
  minimumJobMs: config.minimumJobMs,
});
