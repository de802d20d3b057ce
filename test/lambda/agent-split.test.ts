import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createModelGateway } from "../../lambda/gateway/model-gateway.js";
import { serveGatewayHttp } from "../../lambda/gateway/serve-gateway-http.js";
import { REPO_ROOT } from "../../lambda/infra/claude-pr-runner-stack.js";
import type { AgentRequest } from "../../lambda/shared/agent-request.js";
import { GatewayTokens } from "../../lambda/shared/gateway-tokens.js";
import type { AgentSplit } from "../../lambda/worker/create-job-executor.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import type { ScriptedReply } from "../harness/scripted-messages-api.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { ANTHROPIC_KEY, INSTALLATION_ID, LambdaPipeline, OWNER, REPO } from "./support/lambda-pipeline.js";

// Orchestrator and agent split (#13.2): the worker handler (orchestrator: GitHub, S3, DynamoDB) runs
// here; each session runs in a separate agent process started with an environment that holds no
// secret, reached only through presigned S3 URLs, and talking to the model only through the gateway
// with a per-job token. Real claude 2.1.235, scripted Messages API upstream of the gateway.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const HEADER = Array.from({ length: 8 }, (_, i) => `// math helpers, line ${i + 1}\n`).join("");
const ADD = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
const SUB_BUG = "\nexport function sub(a: number, b: number): number {\n  return a + b;\n}\n";

let queue: Array<ScriptedReply | (() => ScriptedReply)> = [];
let pipeline: LambdaPipeline;
let gateway: Awaited<ReturnType<typeof serveGatewayHttp>>;
let tokens: GatewayTokens;
let split: AgentSplit;
const presented: string[] = [];
const upstreamKeys: string[] = [];
const agentEnvs: Record<string, string>[] = [];
const stdout = new CapturedStdout();

beforeAll(async () => {
  pipeline = await LambdaPipeline.start(() => {
    const step = queue.shift() ?? { kind: "text", text: "done" };
    return typeof step === "function" ? step() : step;
  });
  pipeline.seedRepository({ "src/math.ts": HEADER + ADD });
  await pipeline.dynamo.createIdempotencyTable("gateway-tokens");
  tokens = new GatewayTokens(pipeline.dynamo.client, "gateway-tokens");
  const core = createModelGateway({
    tokens,
    upstreamUrl: pipeline.api.url,
    apiKey: async () => ANTHROPIC_KEY,
    fetch: (url, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      upstreamKeys.push(String(headers["x-api-key"]));
      return fetch(url, init);
    },
  });
  gateway = await serveGatewayHttp(async (request, sink) => {
    presented.push(request.headers["x-api-key"] ?? request.headers.authorization ?? "");
    return core(request, sink);
  });
  const agentRoot = join(pipeline.root, "agent");
  mkdirSync(join(agentRoot, "home"), { recursive: true });
  split = {
    tokens,
    gatewayUrl: gateway.url,
    s3: pipeline.s3.client(),
    bucket: "sessions",
    prefix: "agent-exchange/",
    invoke: (request) => runAgentProcess(request, agentRoot),
  };
});

afterAll(async () => {
  stdout.stop();
  await gateway?.close();
  await pipeline?.close();
});

/** One agent "invocation": a new process whose whole environment is listed here. */
async function runAgentProcess(request: AgentRequest, agentRoot: string): Promise<void> {
  const envDump = join(agentRoot, `env-${agentEnvs.length}.json`);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/lambda/support/agent-process.ts", envDump],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: join(agentRoot, "home"),
        CLAUDE_PATH: CLAUDE_BIN,
        JOB_WORK_ROOT: join(agentRoot, "work"),
        POWERTOOLS_LOG_LEVEL: "WARN",
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdin.end(JSON.stringify(request));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  agentEnvs.push(JSON.parse(readFileSync(envDump, "utf8")) as Record<string, string>);
  if (code !== 0) throw new Error(`agent process exited ${code}: ${stderr.slice(-2000)}`);
}

function pullRequestPayload(action: string, headSha: string, number = 7): Record<string, unknown> {
  const payload = webhookExample("pull_request", action);
  const pr = payload.pull_request as { number: number; draft: boolean; head: object; base: object };
  pr.number = number;
  pr.draft = false;
  Object.assign(pr.head, { sha: headSha, ref: "feature" });
  Object.assign(pr.base, { sha: pipeline.baseSha, ref: "main" });
  payload.installation = { id: INSTALLATION_ID };
  payload.repository = {
    ...(payload.repository as object),
    name: REPO,
    full_name: `${OWNER}/${REPO}`,
    owner: { login: OWNER },
  };
  return payload;
}

async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  stdout.clear();
  stdout.start();
  try {
    return await fn();
  } finally {
    stdout.stop();
  }
}

describe("orchestrator + agent function + model gateway (real CLI)", () => {
  it("reviews a PR with the session in a credential-free agent process; the job token dies with the job", async () => {
    const head = pipeline.push({ "src/math.ts": HEADER + ADD + SUB_BUG }, "add sub");
    queue = [
      {
        kind: "structured_output",
        value: {
          verdict: "request_changes",
          summary: "One bug in sub().",
          findings: [
            {
              path: "src/math.ts",
              start_line: 14,
              end_line: 14,
              severity: "error",
              title: "sub() adds instead of subtracting",
              body: "`sub` returns `a + b`.",
              category: "bug",
            },
          ],
        },
      },
    ];
    const requestsBefore = pipeline.api.mainRequests.length;
    await quietly(() => pipeline.deliver("pull_request", pullRequestPayload("opened", head)));
    const { invocation } = await quietly(() => pipeline.runWorker({ agentSplit: split }));
    expect(invocation?.response.batchItemFailures).toEqual([]);

    // The agent function is the boundary: its agent keeps Bash (in the worker's own process no agent
    // gets it, test/red-team/worker-process-fork-bash.test.ts).
    const offered = (pipeline.api.mainRequests[requestsBefore]!.body as { tools: { name: string }[] }).tools;
    expect(offered.map((tool) => tool.name)).toContain("Bash");

    // Published by the orchestrator from the agent's outcome.
    expect(pipeline.github.reviewCommentsOn(OWNER, REPO, 7)).toHaveLength(1);
    // The transcript came back and was recorded in the PR's lineage.
    const lineage = await pipeline.store.readIndex(prLineageKey(OWNER, REPO, 7));
    expect(lineage?.index.entries).toHaveLength(1);

    // The agent's environment held no secret: no model key, no AWS or GitHub credential.
    expect(agentEnvs).toHaveLength(1);
    const env = agentEnvs[0]!;
    expect(JSON.stringify(env)).not.toContain(ANTHROPIC_KEY);
    // (Powertools sets AWS_SDK_UA_APP_ID, a user-agent tag, when it loads.)
    expect(
      Object.keys(env).filter((k) =>
        /^(AWS_(ACCESS|SECRET|SESSION|CONTAINER)|GITHUB_|ANTHROPIC_|CLAUDE_CODE_OAUTH)/.test(k),
      ),
    ).toEqual([]);
    // The CLI presented only the job token to the gateway; upstream got the real key from the gateway.
    // (The CLI's reachability probe carries no credential at all.)
    const credentials = presented.filter(Boolean);
    expect(credentials.length).toBeGreaterThan(0);
    expect(new Set(credentials).size).toBe(1);
    const jobToken = credentials[0]!;
    expect(jobToken).toMatch(/^cprg_/);
    expect(upstreamKeys.length).toBeGreaterThan(0);
    expect(new Set(upstreamKeys)).toEqual(new Set([ANTHROPIC_KEY]));

    // After the job the token is gone: the gateway refuses it, the table is empty, exchange objects deleted.
    const after = await fetch(`${gateway.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": jobToken, "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 1, messages: [] }),
    });
    expect(after.status).toBe(401);
    const items = await pipeline.dynamo.client.send(new ScanCommand({ TableName: "gateway-tokens" }));
    expect(items.Items ?? []).toEqual([]);
    const left = await split.s3.send(
      new ListObjectsV2Command({ Bucket: "sessions", Prefix: "agent-exchange/" }),
    );
    expect(left.Contents ?? []).toEqual([]);
    expect(pipeline.leftoverWorkDirs()).toEqual([]);
  });
});
