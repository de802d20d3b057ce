import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  GatewayConfigError,
  gatewayConfigFromEnv,
  gatewayUpstream,
} from "../../lambda/gateway/gateway-config.js";
import { createModelGateway } from "../../lambda/gateway/model-gateway.js";
import { serveGatewayHttp } from "../../lambda/gateway/serve-gateway-http.js";
import { GatewayTokens } from "../../lambda/shared/gateway-tokens.js";
import type { SecretReference } from "../../lambda/shared/secret-reader.js";
import { builtInPolicy, type ProgressEvent, runSession } from "../../src/runner/index.js";
import type { ProviderCredentialSources } from "../../src/runner/model-gateway.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { BedrockDouble, FoundryDouble, VertexDouble } from "../harness/cloud-model-doubles.js";
import type { Script } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";

// The Lambda model gateway authenticates upstream per provider with the runner's own provider code
// (providerUpstream): SigV4 from the function's role for Bedrock, ADC for Vertex, the Foundry key
// from Secrets Manager. The agent's CLI speaks the provider's dialect to its local proxy, which
// relays to the gateway under the job's token (ProviderCredentialSources.modelGateway).

const AWS = {
  accessKeyId: "AKIAGATEWAYROLE00001",
  secretAccessKey: "gateway-role-secret/0123456789abcdefghij",
};
/** The stack always names the tokens table; the gateway refuses to start without it. */
const TABLE = { GATEWAY_TOKENS_TABLE: "gateway-tokens" };

const FOUNDRY_KEY = "foundry-key-from-secrets-manager-0123456789";
const GOOGLE_TOKEN = "ya29.gateway-adc-token";

let dynamo: LoopbackDynamoDb;
let tokens: GatewayTokens;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  dynamo = await LoopbackDynamoDb.start();
  await dynamo.createIdempotencyTable("gateway-tokens");
  tokens = new GatewayTokens(dynamo.client, "gateway-tokens");
});
afterAll(async () => {
  await dynamo.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gatewayFor(
  env: NodeJS.ProcessEnv,
  secrets: Record<string, string> = {},
  sources: ProviderCredentialSources = {},
): Promise<string> {
  const config = gatewayConfigFromEnv({ ...TABLE, ...env });
  const readSecret = async (reference: SecretReference) => {
    const value = secrets[reference.id];
    if (value === undefined) throw new Error(`no secret ${reference.id}`);
    return value;
  };
  const server = await serveGatewayHttp(
    createModelGateway({ tokens, upstream: gatewayUpstream(config, readSecret, sources) }),
  );
  cleanups.push(() => server.close());
  return server.url;
}

describe("gateway configuration (MODEL_PROVIDER and the provider's settings)", () => {
  it("takes only the provider's own settings and secret references", () => {
    expect(
      gatewayConfigFromEnv({
        ...TABLE,
        MODEL_PROVIDER: "bedrock",
        AWS_REGION: "eu-west-1",
        AWS_ACCESS_KEY_ID: "role-key",
        CLOUD_ML_REGION: "us-east5",
      }),
    ).toEqual({
      provider: "bedrock",
      settings: { AWS_REGION: "eu-west-1" },
      secrets: [],
      tokensTable: "gateway-tokens",
    });
    expect(
      gatewayConfigFromEnv({
        ...TABLE,
        MODEL_PROVIDER: "foundry",
        ANTHROPIC_FOUNDRY_RESOURCE: "res",
        ANTHROPIC_FOUNDRY_API_KEY_SECRET: "ssm:/k",
      }),
    ).toEqual({
      provider: "foundry",
      settings: { ANTHROPIC_FOUNDRY_RESOURCE: "res" },
      secrets: [{ variable: "ANTHROPIC_FOUNDRY_API_KEY", reference: { store: "ssm", id: "/k" } }],
      tokensTable: "gateway-tokens",
    });
    expect(
      gatewayConfigFromEnv({
        ...TABLE,
        ANTHROPIC_API_KEY_SECRET: "arn:key",
        UPSTREAM_URL: "https://gw.example",
      }),
    ).toEqual({
      provider: "anthropic",
      settings: { ANTHROPIC_BASE_URL: "https://gw.example" },
      secrets: [{ variable: "ANTHROPIC_API_KEY", reference: { store: "secretsmanager", id: "arn:key" } }],
      tokensTable: "gateway-tokens",
    });
  });

  it.each([
    [
      { MODEL_PROVIDER: "openai" },
      /MODEL_PROVIDER must be one of anthropic, anthropic-oauth, bedrock, vertex, foundry; got "openai"/,
    ],
    [
      { MODEL_PROVIDER: "foundry", ANTHROPIC_FOUNDRY_RESOURCE: "r" },
      /foundry needs ANTHROPIC_FOUNDRY_API_KEY_SECRET or ANTHROPIC_FOUNDRY_AUTH_TOKEN_SECRET/,
    ],
    [{ MODEL_PROVIDER: "anthropic-oauth" }, /needs CLAUDE_CODE_OAUTH_TOKEN_SECRET/],
    [
      { MODEL_PROVIDER: "bedrock", ANTHROPIC_API_KEY_SECRET: "k" },
      /ANTHROPIC_API_KEY_SECRET is set, but MODEL_PROVIDER bedrock does not use it/,
    ],
  ])("refuses %o", (env, message) => {
    expect(() => gatewayConfigFromEnv({ ...TABLE, ...env })).toThrow(GatewayConfigError);
    expect(() => gatewayConfigFromEnv({ ...TABLE, ...env })).toThrow(message);
  });
});

describe("the gateway per provider", () => {
  it("vertex: the ADC bearer goes upstream on the Vertex path; the job token does not", async () => {
    const double = await VertexDouble.start([{ kind: "text", text: "vertex via gateway" }], {
      accessToken: GOOGLE_TOKEN,
      project: "proj-gw",
      region: "us-east5",
    });
    cleanups.push(() => double.close());
    const url = await gatewayFor(
      {
        MODEL_PROVIDER: "vertex",
        ANTHROPIC_VERTEX_PROJECT_ID: "proj-gw",
        CLOUD_ML_REGION: "us-east5",
        ANTHROPIC_VERTEX_BASE_URL: `${double.url}/v1`,
      },
      {},
      { googleAccessToken: async () => GOOGLE_TOKEN },
    );
    const token = await tokens.mint("job-vertex", 1, 600);
    const response = await fetch(
      `${url}/projects/proj-gw/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict`,
      {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": token },
        body: JSON.stringify({
          anthropic_version: "vertex-2023-10-16",
          max_tokens: 10,
          messages: [{ role: "user", content: "hi" }],
        }),
      },
    );
    expect(response.status).toBe(200);
    // The scripted model's answer, relayed by the Vertex double through the gateway.
    expect(JSON.parse(await response.text())).toMatchObject({
      type: "message",
      model: "claude-sonnet-4-5@20250929",
    });
    expect(double.invocations).toEqual([
      expect.objectContaining({ modelId: "claude-sonnet-4-5@20250929", stream: false }),
    ]);
    expect(double.invocations.filter((i) => i.refused)).toEqual([]);
  });

  it("foundry: the key read from the secret store goes upstream as x-api-key, in place of the job token", async () => {
    const double = await FoundryDouble.start([{ kind: "text", text: "foundry via gateway" }], {
      apiKey: FOUNDRY_KEY,
    });
    cleanups.push(() => double.close());
    const url = await gatewayFor(
      {
        MODEL_PROVIDER: "foundry",
        ANTHROPIC_FOUNDRY_BASE_URL: `${double.url}/anthropic`,
        ANTHROPIC_FOUNDRY_API_KEY_SECRET: "secretsmanager:foundry-key",
      },
      { "foundry-key": FOUNDRY_KEY },
    );
    const token = await tokens.mint("job-foundry", 1, 600);
    const response = await fetch(`${url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": token, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "claude-sonnet-4-5",
        max_tokens: 10,
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    expect(response.status).toBe(200);
    expect(double.received).toEqual([{ path: "/anthropic/v1/messages", xApiKey: FOUNDRY_KEY }]);
  });

  it("a provider credential that cannot be obtained fails the request without leaking; the next request retries", async () => {
    const double = await FoundryDouble.start([{ kind: "text", text: "second try" }], { apiKey: FOUNDRY_KEY });
    cleanups.push(() => double.close());
    const secrets: Record<string, string> = {};
    const url = await gatewayFor(
      {
        MODEL_PROVIDER: "foundry",
        ANTHROPIC_FOUNDRY_BASE_URL: `${double.url}/anthropic`,
        ANTHROPIC_FOUNDRY_API_KEY_SECRET: "late-key",
      },
      secrets,
    );
    const token = await tokens.mint("job-retry", 1, 600);
    const ask = () =>
      fetch(`${url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": token },
        body: JSON.stringify({
          model: "claude-sonnet-4-5",
          max_tokens: 10,
          messages: [{ role: "user", content: "hi" }],
        }),
      });
    const first = await ask();
    expect(first.status).toBe(502);
    expect(await first.text()).not.toContain("late-key");
    expect(double.received).toEqual([]);
    secrets["late-key"] = FOUNDRY_KEY;
    expect((await ask()).status).toBe(200);
  });

  it("bedrock end to end: the real CLI in Bedrock mode → its proxy → the gateway, which signs with the role's credentials (verified by the double); the agent holds no AWS key and no gateway token", async () => {
    const progress: ProgressEvent[] = [];
    let environ = "";
    const script: Script = (_request, mainIndex) => {
      if (mainIndex === 0) {
        const spawned = progress.find((e) => e.kind === "spawned");
        if (spawned?.kind === "spawned") environ = readFileSync(`/proc/${spawned.pid}/environ`, "utf8");
        return { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" } };
      }
      return { kind: "text", text: "bedrock via gateway" };
    };
    const double = await BedrockDouble.start(script, { region: "us-east-1", credentials: AWS });
    cleanups.push(() => double.close());
    const url = await gatewayFor(
      { MODEL_PROVIDER: "bedrock", AWS_REGION: "us-east-1", ANTHROPIC_BEDROCK_BASE_URL: double.url },
      {},
      { aws: async () => AWS },
    );
    const token = await tokens.mint("job-bedrock", 1, 600);
    const cwd = await makeTempDir("gateway-bedrock");
    await writeFile(path.join(cwd, "notes.txt"), "hello\n");
    const outcome = await runSession({
      prompt: "Read notes.txt.",
      cwd,
      claudePath: CLAUDE_BIN,
      policy: builtInPolicy("review", { workspace: cwd }),
      provider: "bedrock",
      model: "claude-sonnet-4-5",
      // The agent function's whole environment: no AWS credential of any kind.
      sourceEnv: { PATH: process.env.PATH, AWS_REGION: "us-east-1" },
      providerCredentials: { modelGateway: { url, token } },
      onProgress: (event) => progress.push(event),
      lifecycle: { reapGraceMs: 3000, interruptGraceMs: 3000, termGraceMs: 2000 },
    }).outcome;

    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(outcome.resultText).toBe("bedrock via gateway");
    expect(double.invocations.filter((i) => i.refused)).toEqual([]);
    expect(double.invocations.filter((i) => i.stream).length).toBeGreaterThanOrEqual(2);
    for (const invocation of double.invocations) {
      expect(invocation).toMatchObject({
        modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        accessKeyId: AWS.accessKeyId,
      });
    }
    // The gateway metered the Bedrock event stream against the job's grant.
    expect((await tokens.grant(token))?.spentUsd).toBeGreaterThan(0);
    expect(environ).toContain("CLAUDE_CODE_USE_BEDROCK=1");
    expect(environ).not.toContain(token);
    expect(environ).not.toContain(url);
    expect(environ).not.toContain(AWS.secretAccessKey);
  });
});
