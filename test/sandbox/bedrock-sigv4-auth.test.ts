import { afterEach, describe, expect, it } from "vitest";
import { bedrockSigV4Auth, startCredentialProxy } from "../../src/sandbox/credential-proxy/index.js";
import { BedrockDouble } from "../harness/cloud-model-doubles.js";

const REGION = "eu-west-1";
const CREDENTIALS = {
  accessKeyId: "AKIASIGV4TEST0000001",
  secretAccessKey: "sigv4-test-secret/abcdefghijklmnopqrstuv",
};
const BODY = JSON.stringify({
  anthropic_version: "bedrock-2023-05-31",
  max_tokens: 32,
  tools: [{ name: "Read", input_schema: { type: "object" } }],
  messages: [{ role: "user", content: "hi" }],
});
const MODEL_PATH = "/model/eu.anthropic.claude-haiku-4-5-20251001-v1:0";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(secretAccessKey: string) {
  const double = await BedrockDouble.start(() => ({ kind: "text", text: "signed answer" }), {
    region: REGION,
    credentials: CREDENTIALS,
  });
  cleanups.push(() => double.close());
  const running = await startCredentialProxy({
    upstreamUrl: double.url,
    auth: bedrockSigV4Auth({
      region: REGION,
      credentials: async () => ({ ...CREDENTIALS, secretAccessKey }),
    }),
  });
  cleanups.push(() => running.close());
  const call = (suffix: string) =>
    fetch(`${running.url}${MODEL_PATH}/${suffix}`, {
      method: "POST",
      headers: {
        "x-api-key": running.proxy.token.value,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: BODY,
    });
  return { double, running, call };
}

describe("Bedrock SigV4 through the proxy (verified by the double with the same signer)", () => {
  it("a signed streamed call passes verification; the event stream is relayed and metered", async () => {
    const { double, running, call } = await setup(CREDENTIALS.secretAccessKey);
    const res = await call("invoke-with-response-stream");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString("latin1")).toContain(":event-type");
    expect(double.invocations).toEqual([
      expect.objectContaining({
        modelId: "eu.anthropic.claude-haiku-4-5-20251001-v1:0",
        stream: true,
        accessKeyId: CREDENTIALS.accessKeyId,
      }),
    ]);
    expect(double.invocations[0]?.refused).toBeUndefined();
    // claude-haiku-4-5 at $1/$5 per million: 10 input and 5 output tokens from the scripted answer.
    expect(running.proxy.stats.spentUsd).toBeCloseTo((10 * 1 + 5 * 5) / 1_000_000, 12);
  });

  it("a non-streamed invoke is signed and metered from its JSON usage", async () => {
    const { running, call } = await setup(CREDENTIALS.secretAccessKey);
    const res = await call("invoke");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { content: Array<{ text: string }> }).content[0]?.text).toBe(
      "signed answer",
    );
    expect(running.proxy.stats.spentUsd).toBeGreaterThan(0);
  });

  it("a wrong secret fails the double's verification; the proxy stops the job on that 403", async () => {
    const { double, running, call } = await setup("not-the-secret");
    const res = await call("invoke-with-response-stream");
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(
      /rejected the credentials \(HTTP 403 The request signature we calculated does not match/,
    );
    expect(double.invocations[0]?.refused).toMatch(/signature we calculated does not match/);
    expect(running.proxy.stopReason?.kind).toBe("upstream_auth_failed");
    expect((await call("invoke-with-response-stream")).status).toBe(403);
    expect(double.invocations).toHaveLength(1);
  });
});
