import { githubAppAuth } from "../shared/github-app-auth.js";
import { SecretReader } from "../shared/secret-reader.js";
import { createTelemetry } from "../shared/telemetry.js";
import { loadJobCoreExecutor } from "./job-core-seam.js";
import { workerConfigFromEnv } from "./worker-config.js";
import { createWorkerHandler } from "./worker-handler.js";

// Cold start: configuration, clients and the job core are loaded once per sandbox.
const config = workerConfigFromEnv();
const telemetry = createTelemetry("worker");
const secrets = new SecretReader();
const { anthropicApiKey } = config;

export const handler = createWorkerHandler({
  telemetry,
  executor: await loadJobCoreExecutor(),
  tokens: githubAppAuth({
    appId: config.appId,
    baseUrl: config.githubApiUrl,
    privateKey: () => secrets.read(config.appPrivateKey),
  }),
  ...(anthropicApiKey ? { anthropicApiKey: () => secrets.read(anthropicApiKey) } : {}),
  deadlineMarginMs: config.deadlineMarginMs,
  minimumJobMs: config.minimumJobMs,
});
