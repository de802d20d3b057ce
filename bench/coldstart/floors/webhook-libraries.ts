// The webhook's floor plus what the stack's design has every delivery load besides: Powertools'
// Logger and Metrics (each delivery's log line and metric) and the Secrets Manager store for the
// signing secret, loaded in the cold start as the handler does. What the function loads beyond this
// is its own code (routing, the settings check, the queue and delivery identity).

import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics } from "@aws-lambda-powertools/metrics";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { verify } from "@octokit/webhooks-methods";

const logger = new Logger({ serviceName: "webhook" });
const metrics = new Metrics({ serviceName: "webhook", namespace: "ClaudePrRunner" });
const { SecretsProvider } = await import("@aws-lambda-powertools/parameters/secrets");
const secrets = new SecretsProvider();

export const handler = async () =>
  [verify, new DynamoDBClient({}), new SQSClient({}), logger, metrics, secrets].length;
