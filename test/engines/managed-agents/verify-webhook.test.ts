import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type VerifiedWebhook,
  verifyManagedAgentsWebhook,
} from "../../../src/engines/managed-agents/verify-webhook.js";
import {
  DOUBLE_API_KEY,
  ManagedAgentsDouble,
  newWebhookSecret,
  signWebhook,
} from "../../managed-agents-double/managed-agents-double.js";
import { idle, running } from "../../managed-agents-double/scripted-events.js";

// Deliveries signed by the double, checked by the SDK's beta.webhooks.unwrap.

let double: ManagedAgentsDouble;
let receiver: Server;
let received: VerifiedWebhook[];
const secret = newWebhookSecret();

beforeEach(async () => {
  double = await ManagedAgentsDouble.start();
  const client = new Anthropic({ apiKey: DOUBLE_API_KEY, baseURL: double.baseURL });
  received = [];
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const verdict = verifyManagedAgentsWebhook(
      client,
      Buffer.concat(chunks).toString("utf8"),
      req.headers as Record<string, string>,
      secret,
    );
    received.push(verdict);
    res.writeHead(verdict.ok ? 202 : 401).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  double.webhook = { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret };
});
afterEach(async () => {
  await double.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function runOneTurn(): Promise<string> {
  const client = new Anthropic({ apiKey: DOUBLE_API_KEY, baseURL: double.baseURL });
  double.scenario = (input) => (input.kind === "message" ? [running(), idle("end_turn")] : undefined);
  const agent = await client.beta.agents.create({ name: "a", model: "claude-sonnet-4-6" });
  const environment = await client.beta.environments.create({ name: "e" });
  const session = await client.beta.sessions.create({
    agent: agent.id,
    environment_id: environment.id,
    initial_events: [{ type: "user.message", content: [{ type: "text", text: "hi" }] }],
  });
  await double.settled();
  return session.id;
}

describe("Anthropic webhook deliveries", () => {
  it("a correctly signed status_idled delivery is accepted and routed to reconcile the session", async () => {
    const sessionId = await runOneTurn();
    expect(double.webhookDeliveries.map((d) => d.status)).toEqual([202, 202]);
    expect(received.filter((r) => r.ok).map((r) => r.ok && r.route)).toEqual([
      { action: "ignore", reason: "session.status_run_started is progress, not an end" },
      { action: "reconcile", sessionId, because: "idle" },
    ]);
  });

  it("a delivery signed with another key is rejected before its body is trusted", async () => {
    double.webhook = { ...double.webhook!, signWith: newWebhookSecret() };
    await runOneTurn();
    expect(double.webhookDeliveries.map((d) => d.status)).toEqual([401, 401]);
    expect(received.every((r) => !r.ok && r.reason.startsWith("signature check failed"))).toBe(true);
  });

  it("a tampered body, a stale timestamp or missing headers fail the check", () => {
    const client = new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" });
    const body = JSON.stringify({
      id: "wevt_1",
      type: "event",
      data: { id: "sesn_1", type: "session.deleted" },
    });
    const now = Math.floor(Date.now() / 1000);
    const good = signWebhook(body, secret, "wevt_1", now);
    expect(verifyManagedAgentsWebhook(client, body, good, secret)).toEqual({
      ok: true,
      eventId: "wevt_1",
      route: { action: "deleted", sessionId: "sesn_1" },
    });
    expect(verifyManagedAgentsWebhook(client, body.replace("sesn_1", "sesn_2"), good, secret).ok).toBe(false);
    expect(
      verifyManagedAgentsWebhook(client, body, signWebhook(body, secret, "wevt_1", now - 3600), secret).ok,
    ).toBe(false);
    expect(verifyManagedAgentsWebhook(client, body, {}, secret).ok).toBe(false);
  });
});
