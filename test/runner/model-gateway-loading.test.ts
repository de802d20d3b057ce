import { afterEach, describe, expect, it, vi } from "vitest";

// Bedrock's signer and event-stream codec load on demand (an Anthropic session never pays for them),
// but before the gateway is handed to a session: once the agent runs, the host reads none of its own
// code from disk (dist/ is split into chunks; test/action/host-code-before-agent.test.ts).
// Recorded when the gateway's code makes one (it loads the package to do so, once per module copy).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock("@smithy/signature-v4", async (importOriginal) => {
  const original = await importOriginal<typeof import("@smithy/signature-v4")>();
  class SignatureV4 extends original.SignatureV4 {
    constructor(...args: ConstructorParameters<typeof original.SignatureV4>) {
      super(...args);
      loaded.add("@smithy/signature-v4");
    }
  }
  return { ...original, SignatureV4 };
});
vi.mock("@smithy/eventstream-codec", async (importOriginal) => {
  const original = await importOriginal<typeof import("@smithy/eventstream-codec")>();
  class EventStreamCodec extends original.EventStreamCodec {
    constructor(...args: ConstructorParameters<typeof original.EventStreamCodec>) {
      super(...args);
      loaded.add("@smithy/eventstream-codec");
    }
  }
  return { ...original, EventStreamCodec };
});

type Gateway = Awaited<ReturnType<typeof import("../../src/runner/model-gateway.js").openModelGateway>>;
const opened: Gateway[] = [];
afterEach(async () => {
  for (const gateway of opened.splice(0)) await gateway.proxy.close();
});

/** A fresh copy of the gateway's modules (and of the mocked ones), so each case starts with nothing loaded. */
async function freshGateway() {
  vi.resetModules();
  loaded.clear();
  return (await import("../../src/runner/model-gateway.js")).openModelGateway;
}

describe("the model gateway's provider code", () => {
  it("an Anthropic gateway loads neither the SigV4 signer nor the event-stream codec", async () => {
    const openModelGateway = await freshGateway();
    opened.push(
      await openModelGateway({ hostEnv: { ANTHROPIC_API_KEY: "k" }, agentEnv: {}, onStop: () => {} }),
    );
    expect([...loaded]).toEqual([]);
  });

  it("a Bedrock gateway has both loaded when it is returned, before any request", async () => {
    const openModelGateway = await freshGateway();
    const gateway = await openModelGateway({
      hostEnv: { AWS_REGION: "us-west-2", AWS_ACCESS_KEY_ID: "AKIA", AWS_SECRET_ACCESS_KEY: "s" },
      agentEnv: {},
      onStop: () => {},
      provider: "bedrock",
    });
    opened.push(gateway);
    expect([...loaded].sort()).toEqual(["@smithy/eventstream-codec", "@smithy/signature-v4"]);
  });

  it("Bedrock through a model gateway: the codec of its answers is loaded when the gateway is returned", async () => {
    const openModelGateway = await freshGateway();
    const gateway = await openModelGateway({
      hostEnv: { AWS_REGION: "us-west-2" },
      agentEnv: {},
      onStop: () => {},
      provider: "bedrock",
      credentialSources: { modelGateway: { url: "http://127.0.0.1:9", token: "t" } },
    });
    opened.push(gateway);
    expect([...loaded]).toEqual(["@smithy/eventstream-codec"]);
  });
});
