import { afterEach, describe, expect, it, vi } from "vitest";

// Bedrock's signer and event-stream codec load on demand (an Anthropic session never pays for them),
// but before the gateway is handed to a session: once the agent runs, the host reads none of its own
// code from disk (dist/ is split into chunks; test/action/host-code-before-agent.test.ts).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock("@smithy/signature-v4", async (importOriginal) => {
  loaded.add("@smithy/signature-v4");
  return importOriginal();
});
vi.mock("@smithy/eventstream-codec", async (importOriginal) => {
  loaded.add("@smithy/eventstream-codec");
  return importOriginal();
});

const { openModelGateway } = await import("../../src/runner/model-gateway.js");
type Gateway = Awaited<ReturnType<typeof openModelGateway>>;
const opened: Gateway[] = [];
afterEach(async () => {
  for (const gateway of opened.splice(0)) await gateway.proxy.close();
});

describe("the model gateway's provider code", () => {
  it("an Anthropic gateway loads neither the SigV4 signer nor the event-stream codec", async () => {
    opened.push(
      await openModelGateway({ hostEnv: { ANTHROPIC_API_KEY: "k" }, agentEnv: {}, onStop: () => {} }),
    );
    expect([...loaded]).toEqual([]);
  });

  it("a Bedrock gateway has both loaded when it is returned, before any request", async () => {
    const gateway = await openModelGateway({
      hostEnv: { AWS_REGION: "us-west-2", AWS_ACCESS_KEY_ID: "AKIA", AWS_SECRET_ACCESS_KEY: "s" },
      agentEnv: {},
      onStop: () => {},
      provider: "bedrock",
    });
    opened.push(gateway);
    expect([...loaded].sort()).toEqual(["@smithy/eventstream-codec", "@smithy/signature-v4"]);
  });
});
