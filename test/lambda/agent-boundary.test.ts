import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Logger } from "@aws-lambda-powertools/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgentHandler,
  EnvironmentReusedError,
  InvalidAgentRequestError,
} from "../../lambda/agent/agent-handler.js";
import { createModelGateway } from "../../lambda/gateway/model-gateway.js";
import { serveGatewayHttp } from "../../lambda/gateway/serve-gateway-http.js";
import { AgentRequestError, portableSessionOptions } from "../../lambda/shared/agent-request.js";
import { GatewayTokens } from "../../lambda/shared/gateway-tokens.js";
import { unpackRegularFiles } from "../../lambda/shared/tarball.js";
import { applyAgentWorkspace } from "../../lambda/worker/apply-agent-workspace.js";
import { builtInPolicy } from "../../src/runner/policy/built-in-policy.js";
import { LoopbackDynamoDb } from "./support/loopback-dynamodb.js";

// The boundary between the orchestrator (secrets) and the agent (hostile once it read the PR): what
// comes back is applied without .git and never through a symlink; an agent environment serves one
// job; the gateway serves live job tokens within their budget only.
const root = mkdtempSync(join(tmpdir(), "cpr-agent-boundary-"));
let dynamo: LoopbackDynamoDb;

beforeAll(async () => {
  dynamo = await LoopbackDynamoDb.start();
  await dynamo.createIdempotencyTable("tokens");
});

afterAll(async () => {
  await dynamo?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("agent results on the orchestrator", () => {
  it("unpacks only regular files of a hostile archive: links and devices never exist on the orchestrator", () => {
    const src = join(root, "hostile");
    mkdirSync(join(src, "sub"), { recursive: true });
    writeFileSync(join(src, "ok.txt"), "fine\n");
    symlinkSync("/etc", join(src, "etc-link"));
    symlinkSync("/proc/self/environ", join(src, "sub", "env"));
    execFileSync("tar", ["-czf", join(root, "hostile.tgz"), "-C", src, "."]);
    return unpackRegularFiles(join(root, "hostile.tgz"), join(root, "unpacked")).then((files) => {
      expect(files.sort()).toEqual(["ok.txt"]);
      expect(existsSync(join(root, "unpacked", "etc-link"))).toBe(false);
      expect(existsSync(join(root, "unpacked", "sub", "env"))).toBe(false);
    });
  });

  it("applies edits, deletions and new files, but nothing under .git and nothing through a symlink", async () => {
    const checkout = join(root, "checkout");
    const outside = join(root, "outside");
    mkdirSync(join(checkout, ".git", "hooks"), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(checkout, "a.ts"), "old\n");
    writeFileSync(join(checkout, "gone.ts"), "x\n");
    writeFileSync(join(checkout, ".git", "config"), "[core]\n");
    symlinkSync(outside, join(checkout, "escape"));
    const result = join(root, "result");
    mkdirSync(join(result, ".git", "hooks"), { recursive: true });
    mkdirSync(join(result, "escape"), { recursive: true });
    mkdirSync(join(result, "new"), { recursive: true });
    writeFileSync(join(result, "a.ts"), "new\n");
    writeFileSync(join(result, "new", "b.ts"), "b\n");
    writeFileSync(join(result, ".git", "hooks", "pre-push"), "#!/bin/sh\ncurl evil\n");
    writeFileSync(join(result, "escape", "planted"), "pwned\n");
    const applied = await applyAgentWorkspace(checkout, result, [
      "a.ts",
      "new/b.ts",
      ".git/hooks/pre-push",
      "escape/planted",
    ]);
    expect(applied.written.sort()).toEqual(["a.ts", "new/b.ts"]);
    expect(applied.deleted).toEqual(["gone.ts"]);
    expect(applied.refused).toEqual(["escape/planted"]);
    expect(readFileSync(join(checkout, "a.ts"), "utf8")).toBe("new\n");
    expect(existsSync(join(checkout, ".git", "hooks", "pre-push"))).toBe(false);
    expect(existsSync(join(outside, "planted"))).toBe(false);
    expect(lstatSync(join(checkout, "escape")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(checkout, ".git", "config"), "utf8")).toBe("[core]\n");
  });
});

describe("agent handler", () => {
  it("serves one job per environment and refuses anything that is not an agent request", async () => {
    let sessions = 0;
    const handle = createAgentHandler({
      logger: new Logger({ serviceName: "agent-test", logLevel: "ERROR" }),
      workRoot: join(root, "agent"),
      hostEnv: process.env,
      runSession: async () => {
        sessions++;
        throw new Error("not reached");
      },
    });
    await expect(handle({ version: 1 })).rejects.toBeInstanceOf(InvalidAgentRequestError);
    // The first call used up this environment even though it was refused.
    await expect(handle({ version: 1 })).rejects.toBeInstanceOf(EnvironmentReusedError);
    expect(sessions).toBe(0);
  });

  it("sends only what can cross machines; env and host paths never travel", () => {
    const policy = builtInPolicy("review", { workspace: "/w" });
    const portable = portableSessionOptions({
      prompt: "p",
      cwd: "/w",
      policy,
      env: { ANTHROPIC_API_KEY: "sk-real" },
      sourceEnv: { HOST_ONLY_VARIABLE: "/host/only" },
      maxTurns: 3,
      agentConfigFrom: "0123abcd",
      onProgress: () => undefined,
    });
    expect(JSON.stringify(portable)).not.toContain("sk-real");
    // The agent function's copy must carry the base's agent configuration too, not the head's.
    expect(portable.agentConfigFrom).toBe("0123abcd");
    expect(JSON.stringify(portable)).not.toContain("/host/only");
    expect(portable).toMatchObject({ prompt: "p", maxTurns: 3, policy: { name: policy.name } });
    expect(() =>
      portableSessionOptions({ prompt: "p", cwd: "/w", policy, addDirs: ["/etc"], sourceEnv: {} }),
    ).toThrow(AgentRequestError);
  });
});

describe("model gateway", () => {
  it("refuses unknown tokens, forwards a live one with the real key, and stops at the job's cap", async () => {
    const tokens = new GatewayTokens(dynamo.client, "tokens");
    const upstreamKeys: string[] = [];
    // Upstream: a Messages API answer whose usage costs $0.0225 at Sonnet prices (3 + 15 × ... tokens).
    const upstream = await serveGatewayHttp(async (request, sink) => {
      upstreamKeys.push(request.headers["x-api-key"] ?? "");
      sink.start(200, { "content-type": "application/json" });
      await sink.write(Buffer.from(JSON.stringify({ usage: { input_tokens: 2500, output_tokens: 1000 } })));
      sink.end();
    });
    const gateway = await serveGatewayHttp(
      createModelGateway({ tokens, upstreamUrl: upstream.url, apiKey: async () => "sk-ant-real" }),
    );
    try {
      const call = (key: string) =>
        fetch(`${gateway.url}/v1/messages`, {
          method: "POST",
          headers: { "x-api-key": key, "content-type": "application/json" },
          body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 10, messages: [] }),
        });
      expect((await call("cprg_unknown")).status).toBe(401);
      const token = await tokens.mint("job-1", 0.03, 600);
      expect((await call(token)).status).toBe(200); // $0.0225 spent
      expect((await call(token)).status).toBe(200); // $0.045 spent: over the cap now
      const stopped = await call(token);
      expect(stopped.status).toBe(429);
      expect(await stopped.text()).toContain("reached its $0.03 model budget");
      expect(upstreamKeys).toEqual(["sk-ant-real", "sk-ant-real"]);
      await tokens.revoke(token);
      expect((await call(token)).status).toBe(401);
      // An expired token is refused before its TTL item is even removed.
      const expired = await tokens.mint("job-2", 1, -1);
      expect((await call(expired)).status).toBe(401);
    } finally {
      await Promise.all([gateway.close(), upstream.close()]);
    }
  });
});
