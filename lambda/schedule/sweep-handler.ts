import { Octokit } from "@octokit/rest";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { githubAppAuth } from "../shared/github-app-auth.js";
import { SecretReader } from "../shared/secret-reader.js";
import { createTelemetry } from "../shared/telemetry.js";
import { sweepConfigFromEnv } from "./sweep-config.js";
import { sweepFailedDeliveries } from "./sweep-failed-deliveries.js";

// Hourly: redeliver webhook deliveries that failed on our side (GitHub does not retry them itself).
const config = sweepConfigFromEnv(process.env);
const { logger } = createTelemetry("delivery-sweep", process.env);
const secrets = new SecretReader(ALL_SECRET_STORES);
const tokens = githubAppAuth({
  appId: config.appId,
  baseUrl: config.githubApiUrl,
  privateKey: () => secrets.read(config.appPrivateKey),
});

export const handler = async () => {
  const app = new Octokit({ baseUrl: config.githubApiUrl, auth: await tokens.appJwt() });
  const result = await sweepFailedDeliveries(app, { since: new Date(Date.now() - config.windowMs) });
  for (const guid of result.gaveUp)
    logger.warn("delivery failed again after its redelivery; not retried", { guid });
  logger.info("delivery sweep done", {
    redelivered: result.redelivered.length,
    gaveUp: result.gaveUp.length,
  });
  return result;
};
