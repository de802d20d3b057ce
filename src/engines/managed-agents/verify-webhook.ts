import type Anthropic from "@anthropic-ai/sdk";
import {
  routeWebhookEvent,
  type WebhookEnvelope,
  type WebhookRoute,
} from "../../protocol/managed-agents/index.js";

export type VerifiedWebhook =
  | { ok: true; eventId: string; route: WebhookRoute }
  | { ok: false; reason: string };

/**
 * Checks an Anthropic webhook delivery (Standard Webhooks: webhook-id, webhook-timestamp,
 * webhook-signature) with the SDK's `beta.webhooks.unwrap`, then says what the host should do. A
 * delivery that fails the check is never parsed further: its body is attacker-controlled.
 */
export function verifyManagedAgentsWebhook(
  client: Anthropic,
  body: string,
  headers: Record<string, string | undefined>,
  signingKey: string,
): VerifiedWebhook {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) lower[name.toLowerCase()] = value;
  let envelope: WebhookEnvelope;
  try {
    envelope = client.beta.webhooks.unwrap(body, {
      headers: lower,
      key: signingKey,
    }) as unknown as WebhookEnvelope;
  } catch (error) {
    return { ok: false, reason: `signature check failed: ${(error as Error).message}` };
  }
  if (typeof envelope?.data?.type !== "string" || typeof envelope.data.id !== "string") {
    return { ok: false, reason: "the payload has no data.type or data.id" };
  }
  return { ok: true, eventId: envelope.id, route: routeWebhookEvent(envelope) };
}
