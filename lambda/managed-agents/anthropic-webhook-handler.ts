import type Anthropic from "@anthropic-ai/sdk";
import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { verifyManagedAgentsWebhook } from "../../src/engines/managed-agents/verify-webhook.js";

/** What the settle queue carries: which session to look at, and which delivery asked. */
export interface SettleMessage {
  version: 1;
  sessionId: string;
  /** What woke it: a webhook's kind, or `sweep` when the sweeper stood in for a webhook that never came. */
  because: "idle" | "terminated" | "deleted" | "rescheduled" | "sweep";
  /** The webhook event id, or `sweep:<session>:<time>` for the sweeper (the FIFO deduplication id). */
  webhookEventId: string;
}

export interface AnthropicWebhookDeps {
  /** Only `beta.webhooks.unwrap` is used: no request leaves the function. */
  anthropic: Anthropic;
  signingKey: string;
  sqs: SQSClient;
  queueUrl: string;
}

/**
 * Anthropic's Managed Agents webhooks (Function URL): verify the Standard Webhooks signature on the
 * raw body, then queue one settle step per session that went idle, terminated or was deleted. FIFO
 * per session, deduplicated on the webhook event id, so a redelivery queues nothing twice.
 */
export function createAnthropicWebhookHandler(deps: AnthropicWebhookDeps) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const body = event.isBase64Encoded
      ? Buffer.from(event.body ?? "", "base64").toString("utf8")
      : (event.body ?? "");
    const headers: Record<string, string | undefined> = { ...event.headers };
    const verified = verifyManagedAgentsWebhook(deps.anthropic, body, headers, deps.signingKey);
    if (!verified.ok) return { statusCode: 401, body: JSON.stringify({ error: "invalid signature" }) };
    const { route } = verified;
    if (route.action === "ignore")
      return { statusCode: 202, body: JSON.stringify({ ignored: route.reason }) };
    const message: SettleMessage = {
      version: 1,
      sessionId: route.sessionId,
      because: route.action === "deleted" ? "deleted" : route.because,
      webhookEventId: verified.eventId,
    };
    await deps.sqs.send(
      new SendMessageCommand({
        QueueUrl: deps.queueUrl,
        MessageBody: JSON.stringify(message),
        MessageGroupId: route.sessionId,
        MessageDeduplicationId: verified.eventId,
      }),
    );
    return { statusCode: 202, body: JSON.stringify({ queued: route.sessionId }) };
  };
}
