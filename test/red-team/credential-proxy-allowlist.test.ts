import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import {
  type RunningCredentialProxy,
  startCredentialProxy,
} from "../../src/sandbox/credential-proxy/index.js";
import { ScriptedMessagesApi, toolResultsOf } from "../harness/scripted-messages-api.js";
import { scriptedSession } from "../runner/scripted-session.js";
import { HOSTILE_TARGETS } from "./hostile-proxy-targets.js";

// The proxy holds the real key. An agent that has the job token (it is in its environment) must
// reach the model endpoints the CLI calls and nothing else: not batches, files or admin paths, not by
// `..`, encoded dots or slashes, fragments, absolute-form targets or another Host.
const REAL_KEY = "sk-ant-api03-real-key-held-by-the-host-only";
vi.setConfig({ testTimeout: 120_000 });
const BODY = JSON.stringify({
  model: "claude-opus-4-1",
  stream: true,
  max_tokens: 64,
  messages: [{ role: "user", content: "hi" }],
});

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Sends a request target exactly as given (fetch would normalise dots and drop fragments). */
function raw(
  proxyUrl: string,
  method: string,
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path: target, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(method === "GET" || method === "HEAD" ? undefined : BODY);
  });
}

async function proxied(
  prefix = "",
): Promise<{ api: ScriptedMessagesApi; running: RunningCredentialProxy; refusals: string[] }> {
  const api = await ScriptedMessagesApi.start(() => ({ kind: "text", text: "answer" }), {
    keepCredentials: true,
  });
  cleanups.push(() => api.close());
  const refusals: string[] = [];
  const running = await startCredentialProxy({
    upstreamUrl: `${api.url}${prefix}`,
    credential: { kind: "api-key", apiKey: REAL_KEY },
    onStop: () => {},
    onRefusal: (reason) => refusals.push(reason),
  });
  cleanups.push(() => running.close());
  return { api, running, refusals };
}

describe("the credential proxy refuses what is off the allowlist, with the real key never attached", () => {
  it("answers 403 to every hostile target, logs each reason, and sends nothing upstream", async () => {
    const { api, running, refusals } = await proxied();
    const token = running.proxy.token.value;
    for (const [method, target] of HOSTILE_TARGETS) {
      const res = await raw(running.url, method, target, {
        "x-api-key": token,
        "content-type": "application/json",
      });
      expect(res.status, `${method} ${target}`).toBe(403);
      expect(res.body).toContain("refused");
    }
    expect(api.requests).toHaveLength(0);
    expect(refusals).toHaveLength(HOSTILE_TARGETS.length);
    expect(refusals[0]).toContain('POST "/v1/messages/batches?beta=true"');
    expect(running.proxy.stats).toMatchObject({ forwarded: 0, refused: HOSTILE_TARGETS.length });
  });

  it("stays inside the upstream's path prefix: a dot segment cannot climb out of it", async () => {
    const { api, running } = await proxied("/gateway/anthropic");
    const token = running.proxy.token.value;
    expect(
      (await raw(running.url, "POST", "/v1/messages/../../../admin", { "x-api-key": token })).status,
    ).toBe(403);
    // Forwarded under the prefix (the scripted API itself has no such prefix, so it answers 404).
    await raw(running.url, "POST", "/v1/messages?beta=true", { "x-api-key": token });
    expect(api.requests.map((r) => r.path)).toEqual(["/gateway/anthropic/v1/messages?beta=true"]);
  });

  it("refuses a request for another Host (DNS rebinding), even with the job's token", async () => {
    const { api, running, refusals } = await proxied();
    const res = await raw(running.url, "POST", "/v1/messages", {
      "x-api-key": running.proxy.token.value,
      host: "evil.example",
    });
    expect(res.status).toBe(403);
    expect(refusals[0]).toContain('host "evil.example"');
    expect(api.requests).toHaveLength(0);
  });

  it("meters every answer it forwards, so the cap holds on each allowed path", async () => {
    const { running } = await proxied();
    const token = running.proxy.token.value;
    for (const target of ["/v1/messages", "/v1/messages?beta=true"]) {
      const res = await raw(running.url, "POST", target, {
        "x-api-key": token,
        "content-type": "application/json",
      });
      expect(res.status).toBe(200);
    }
    // claude-opus-4-1: 10 input × $15/M + 5 output × $75/M per scripted answer, twice.
    expect(running.proxy.stats.spentUsd).toBeCloseTo(0.00105, 9);
  });
});

describe("through the real CLI: an agent that uses its job token on the proxy itself", () => {
  it("gets 403 for batches, files and a dot-segment escape; the model API never sees them and the session goes on", async () => {
    // What the agent holds: the CLI's own environment (the proxy's URL and the job token).
    const agentEnv = (): Map<string, string> => {
      const spawned = session.progress.find((e) => e.kind === "spawned");
      const pid = spawned?.kind === "spawned" ? spawned.pid : 0;
      const entries = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
      return new Map(entries.map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
    };
    const session = await scriptedSession(
      (_request, index) => {
        const targets = ["/v1/messages/batches", "/v1/files", "/v1/messages/../../v1/files"];
        const target = targets[index];
        if (target === undefined) return { kind: "text", text: "done" };
        const env = agentEnv();
        const command = `curl -s -X POST -H 'x-api-key: ${env.get("ANTHROPIC_API_KEY")}' --path-as-is -d '{}' '${env.get("ANTHROPIC_BASE_URL")}${target}'`;
        return { kind: "tool_use", name: "Bash", input: { command } };
      },
      { keepCredentials: true },
    );
    cleanups.push(() => session.cleanup());
    const outcome = await runSession(
      session.options({
        sourceEnv: {
          PATH: process.env.PATH,
          ANTHROPIC_BASE_URL: session.api.url,
          ANTHROPIC_API_KEY: REAL_KEY,
        },
        policy: new ToolPolicy({
          name: "curl-anything",
          rules: [
            {
              id: "curl",
              effect: "allow",
              tools: ["Bash"],
              commandPrefixes: ["curl"],
              confineArguments: false,
            },
          ],
        }),
      }),
    ).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    const results = [1, 2, 3].map((i) =>
      JSON.stringify(toolResultsOf(session.api.mainRequests[i]!).at(-1)?.content),
    );
    for (const result of results) expect(result).toContain("refused");
    expect(results[0]).toContain("not a model endpoint");
    expect(results[2]).toContain("dot segment");
    // Only the model calls reached the API; the proxy logged each refusal.
    expect(session.api.requests.filter((r) => r.method === "POST").map((r) => r.path.split("?")[0])).toEqual(
      Array(4).fill("/v1/messages"),
    );
    expect(outcome.notes.filter((n) => n.includes("refused"))).toHaveLength(3);
    expect(outcome.credentialProxy).toMatchObject({ refused: 3 });
  });
});
