import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  builtInPolicy,
  type ProgressEvent,
  RunnerConfigError,
  runSession,
  type SessionOptions,
} from "../../src/runner/index.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { BedrockDouble, VertexDouble } from "../harness/cloud-model-doubles.js";
import type { Script } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { scriptedSession } from "./scripted-session.js";

const AWS = {
  accessKeyId: "AKIAPROXYTEST000001",
  secretAccessKey: "proxy-test-secret-key/0123456789abcdefghij",
};
const REGION = "us-east-1";
const GOOGLE_TOKEN = "ya29.proxy-test-access-token";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function environOf(pid: number): Map<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return new Map(entries.map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
}

/** A two-turn script that reads the CLI's environment from /proc while the CLI waits on its first answer. */
function scriptReadingEnviron(progress: ProgressEvent[], seen: { environ?: Map<string, string> }): Script {
  return (_request, mainIndex) => {
    if (mainIndex === 0) {
      const spawned = progress.find((e) => e.kind === "spawned");
      if (spawned?.kind === "spawned") seen.environ = environOf(spawned.pid);
      return { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" } };
    }
    return { kind: "text", text: "provider done" };
  };
}

async function workspace(): Promise<string> {
  const dir = await makeTempDir("provider-ws");
  await writeFile(path.join(dir, "notes.txt"), "hello\n");
  return dir;
}

function sessionOptions(
  cwd: string,
  progress: ProgressEvent[],
  extra: Partial<SessionOptions>,
): SessionOptions {
  return {
    prompt: "Read notes.txt.",
    cwd,
    claudePath: CLAUDE_BIN,
    policy: builtInPolicy("review", { workspace: cwd }),
    onProgress: (event) => progress.push(event),
    lifecycle: { reapGraceMs: 3000, interruptGraceMs: 3000, termGraceMs: 2000 },
    sourceEnv: process.env,
    ...extra,
  };
}

describe("model providers through the credential proxy (real CLI)", () => {
  it("bedrock: every request is SigV4-signed by the proxy, the CLI parses the event stream, and holds no AWS key", async () => {
    const progress: ProgressEvent[] = [];
    const seen: { environ?: Map<string, string> } = {};
    const double = await BedrockDouble.start(scriptReadingEnviron(progress, seen), {
      region: REGION,
      credentials: AWS,
    });
    cleanups.push(() => double.close());
    const cwd = await workspace();
    const outcome = await runSession(
      sessionOptions(cwd, progress, {
        provider: "bedrock",
        model: "claude-sonnet-4-5",
        sourceEnv: {
          PATH: process.env.PATH,
          AWS_REGION: REGION,
          AWS_ACCESS_KEY_ID: AWS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: AWS.secretAccessKey,
          ANTHROPIC_BEDROCK_BASE_URL: double.url,
        },
      }),
    ).outcome;

    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(outcome.resultText).toBe("provider done");
    expect(double.invocations.filter((i) => i.refused)).toEqual([]);
    const streamed = double.invocations.filter((i) => i.stream);
    expect(streamed.length).toBeGreaterThanOrEqual(2);
    for (const invocation of double.invocations) {
      expect(invocation).toMatchObject({
        modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        accessKeyId: AWS.accessKeyId,
      });
    }
    // The proxy metered the Bedrock event stream (claude-sonnet prices).
    expect(outcome.credentialProxy?.spentUsd).toBeGreaterThan(0);

    const env = seen.environ as Map<string, string>;
    expect(env.get("CLAUDE_CODE_USE_BEDROCK")).toBe("1");
    expect(env.get("CLAUDE_CODE_SKIP_BEDROCK_AUTH")).toBe("1");
    expect(env.get("ANTHROPIC_BEDROCK_BASE_URL")).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.get("ANTHROPIC_BEDROCK_BASE_URL")).not.toBe(double.url);
    const all = [...env.entries()].join("\n");
    expect(all).not.toContain(AWS.accessKeyId);
    expect(all).not.toContain(AWS.secretAccessKey);
    expect([...env.keys()].filter((name) => /^AWS_(ACCESS|SECRET|SESSION)/.test(name))).toEqual([]);
  });

  it("vertex: the proxy sends the ADC bearer on the Vertex path; the CLI holds only the job token", async () => {
    const progress: ProgressEvent[] = [];
    const seen: { environ?: Map<string, string> } = {};
    const double = await VertexDouble.start(scriptReadingEnviron(progress, seen), {
      accessToken: GOOGLE_TOKEN,
      project: "proj-1",
      region: "us-east5",
    });
    cleanups.push(() => double.close());
    const cwd = await workspace();
    const outcome = await runSession(
      sessionOptions(cwd, progress, {
        provider: "vertex",
        model: "claude-sonnet-4-5",
        sourceEnv: {
          PATH: process.env.PATH,
          ANTHROPIC_VERTEX_PROJECT_ID: "proj-1",
          CLOUD_ML_REGION: "us-east5",
          ANTHROPIC_VERTEX_BASE_URL: `${double.url}/v1`,
        },
        providerCredentials: { googleAccessToken: async () => GOOGLE_TOKEN },
      }),
    ).outcome;

    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(outcome.resultText).toBe("provider done");
    expect(double.invocations.filter((i) => i.refused)).toEqual([]);
    expect(double.invocations.length).toBeGreaterThanOrEqual(2);
    for (const invocation of double.invocations)
      expect(invocation).toMatchObject({ modelId: "claude-sonnet-4-5@20250929", stream: true });
    const env = seen.environ as Map<string, string>;
    expect(env.get("CLAUDE_CODE_USE_VERTEX")).toBe("1");
    expect(env.get("CLAUDE_CODE_SKIP_VERTEX_AUTH")).toBe("1");
    expect([...env.values()].join("\n")).not.toContain(GOOGLE_TOKEN);
  });

  it("anthropic-oauth: the proxy sends the OAuth token as a bearer with the OAuth beta; the CLI never sees it", async () => {
    const OAUTH = "sk-ant-oat01-proxy-test-oauth-token";
    const s = await scriptedSession([{ kind: "text", text: "oauth done" }], { keepCredentials: true });
    cleanups.push(() => s.cleanup());
    let environ: Map<string, string> | undefined;
    const outcome = await runSession(
      s.options({
        provider: "anthropic-oauth",
        sourceEnv: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: s.api.url, CLAUDE_CODE_OAUTH_TOKEN: OAUTH },
        onProgress: (event) => {
          if (event.kind === "spawned") environ = environOf(event.pid);
        },
      }),
    ).outcome;
    expect(outcome.exitCode).toBe(0);
    const main = s.api.mainRequests[0];
    expect(main?.credentials).toEqual({ authorization: `Bearer ${OAUTH}` });
    expect(main?.headers["anthropic-beta"]).toContain("oauth-2025-04-20");
    expect([...(environ as Map<string, string>).values()].join("\n")).not.toContain(OAUTH);
  });
});

describe("bad provider input: a clear error before any spawn", () => {
  async function refused(extra: Partial<SessionOptions>): Promise<{ error: unknown; spawned: boolean }> {
    const progress: ProgressEvent[] = [];
    const cwd = await workspace();
    const error = await runSession(
      sessionOptions(cwd, progress, { sourceEnv: { PATH: process.env.PATH }, ...extra }),
    ).outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    return { error, spawned: progress.some((e) => e.kind === "spawned") };
  }

  it.each<[string, Partial<SessionOptions>, RegExp]>([
    [
      "an unknown provider",
      { provider: "openai" as SessionOptions["provider"] },
      /unknown provider "openai"/,
    ],
    ["anthropic without a key", { provider: "anthropic" }, /provider anthropic needs ANTHROPIC_API_KEY/],
    ["anthropic-oauth without a token", { provider: "anthropic-oauth" }, /needs CLAUDE_CODE_OAUTH_TOKEN/],
    ["bedrock without a region", { provider: "bedrock" }, /provider bedrock needs AWS_REGION/],
    [
      "bedrock without credentials",
      {
        provider: "bedrock",
        sourceEnv: { AWS_REGION: REGION },
        providerCredentials: {
          aws: async () => Promise.reject(new Error("Could not load credentials from any providers")),
        },
      },
      /no AWS credentials were found \(Could not load credentials/,
    ],
    [
      "vertex without a project",
      { provider: "vertex", sourceEnv: { CLOUD_ML_REGION: "us-east5" } },
      /needs ANTHROPIC_VERTEX_PROJECT_ID/,
    ],
    [
      "vertex without a token",
      {
        provider: "vertex",
        sourceEnv: { CLOUD_ML_REGION: "us-east5", ANTHROPIC_VERTEX_PROJECT_ID: "p" },
        providerCredentials: { googleAccessToken: async () => null },
      },
      /no Google access token could be obtained/,
    ],
    [
      "foundry without a resource",
      { provider: "foundry", sourceEnv: { ANTHROPIC_FOUNDRY_API_KEY: "k" } },
      /needs ANTHROPIC_FOUNDRY_RESOURCE/,
    ],
    [
      "a model that is not a Bedrock id",
      { provider: "bedrock", model: "gpt-4o", sourceEnv: { AWS_REGION: REGION } },
      /model "gpt-4o" is not a model id for provider bedrock/,
    ],
    [
      "a Bedrock id on the Anthropic API",
      {
        provider: "anthropic",
        model: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        sourceEnv: { ANTHROPIC_API_KEY: "k" },
      },
      /is not a model id for provider anthropic/,
    ],
    [
      "a fallback model that is not a Vertex id",
      { provider: "vertex", model: "claude-sonnet-4-5", fallbackModel: "mystery", sourceEnv: {} },
      /fallbackModel "mystery" is not a model id for provider vertex/,
    ],
  ])("%s", async (_name, extra, message) => {
    const { error, spawned } = await refused(extra);
    expect(error).toBeInstanceOf(RunnerConfigError);
    expect((error as Error).message).toMatch(message);
    expect(spawned).toBe(false);
  });
});
