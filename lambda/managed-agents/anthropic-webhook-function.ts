import Anthropic from "@anthropic-ai/sdk";
import { SQSClient } from "@aws-sdk/client-sqs";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { SecretReader } from "../shared/secret-reader.js";
import { anthropicWebhookConfigFromEnv } from "./anthropic-webhook-config.js";
import { createAnthropicWebhookHandler } from "./anthropic-webhook-handler.js";

// The Function URL Anthropic's Managed Agents webhooks are sent to. Built once per cold start; the
// SDK client only verifies signatures (`beta.webhooks.unwrap`), so it holds no API key.
const config = anthropicWebhookConfigFromEnv(process.env);
const sqs = new SQSClient({});
const secrets = new SecretReader(ALL_SECRET_STORES);
const anthropic = new Anthropic({ apiKey: "unused-webhook-verification-only" });

export const handler = async (event: APIGatewayProxyEventV2) =>
  createAnthropicWebhookHandler({
    anthropic,
    // Read per invocation through the reader's cache, so a rotated key is picked up.
    signingKey: await secrets.read(config.signingKey),
    sqs,
    queueUrl: config.settleQueueUrl,
  })(event);
