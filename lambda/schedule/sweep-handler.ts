import { Octokit } from "@octokit/rest";
import { githubAppAuth } from "../shared/github-app-auth.js";
import { githubAppConfigFromEnv } from "../shared/github-app-config.js";
import { SecretReader } from "../shared/secret-reader.js";
import { createTelemetry } from "../shared/telemetry.js";
import { sweepFailedDeliveries } from "./sweep-failed-deliveries.js";

// Hourly: redeliver webhook deliveries that failed on our side (GitHub does not retry them itself).
const config = githubAppConfigFromEnv(process.env);
const { logger } = createTelemetry("delivery-sweep", process.env);
const secrets = new SecretReader();
const tokens = githubAppAuth({
  appId: config.appId,
  baseUrl: config.githubApiUrl,
  privateKey: () => secrets.read(config.appPrivateKey),
});
/** Look back this far (default 3 hours: the schedule runs hourly, so each failure is seen more than once). */
const windowMs = Number(process.env.SWEEP_WINDOW_MINUTES ?? 180) * 60_000;

export const handler = async () => {
  const app = new Octokit({ baseUrl: config.githubApiUrl, auth: await tokens.appJwt() });
  const result = await sweepFailedDeliveries(app, { since: new Date(Date.now() - windowMs) });
  for (const guid of result.gaveUp)
    logger.warn("delivery failed again after its redelivery; not retried", { guid });
  logger.info("delivery sweep done", {
    redelivered: result.redelivered.length,
    gaveUp: result.gaveUp.length,
  });
  return result;
};
