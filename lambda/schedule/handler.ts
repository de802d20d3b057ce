import { SQSClient } from "@aws-sdk/client-sqs";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { githubAppAuth } from "../shared/github-app-auth.js";
import { JobQueue } from "../shared/job-queue.js";
import { SecretReader } from "../shared/secret-reader.js";
import { createTelemetry } from "../shared/telemetry.js";
import { InstallationRepositories } from "./installation-repositories.js";
import { scheduleConfigFromEnv } from "./schedule-config.js";
import { createScheduleHandler } from "./schedule-handler.js";

const config = scheduleConfigFromEnv(process.env);
const telemetry = createTelemetry("schedule", process.env);
const secrets = new SecretReader(ALL_SECRET_STORES);
const tokens = githubAppAuth({
  appId: config.appId,
  baseUrl: config.githubApiUrl,
  privateKey: () => secrets.read(config.appPrivateKey),
});

export const handler = createScheduleHandler({
  telemetry,
  queue: new JobQueue(new SQSClient({}), config.queueUrl),
  repositories: new InstallationRepositories(tokens, config.githubApiUrl),
  auditRepositories: config.auditRepositories,
  allowedInstallations: config.allowedInstallations,
  jobs: config.jobs,
});
