import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { jobToolAccess } from "../../src/jobs/shared/job-tool-access.js";
import { builtInPolicy, runSession } from "../../src/runner/index.js";
import { checkMcpServerConfig } from "../../src/runner/mcp-server-config.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

// The real CLI 2.1.235 starts a stdio MCP server from the workflow's mcp_config; the model calls its
// tool; the call must reach our can_use_tool and be decided by the job policy as allowed_tools shaped it.
const SERVER = path.resolve(fileURLToPath(import.meta.url), "../../harness/tool-mcp-server.mjs");
const API_KEY = "sk-ant-api03-mcp-test-real-key-000000000000";
const GITHUB_TOKEN = "ghs_mcpTestGithubToken0123456789abcdef";
const AWS_SECRET = "mcp-test-aws-secret/0123456789abcdefghij";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function mcpSession(allowedTools: string[] | undefined) {
  const record = await makeTempDir("mcp-record");
  const s: ScriptedSession = await scriptedSession([
    { kind: "tool_use", name: "mcp__probe__lookup", input: { q: "needle" } },
    { kind: "text", text: "mcp done" },
  ]);
  cleanups.push(() => s.cleanup());
  const mcpServers = checkMcpServerConfig(
    { mcpServers: { probe: { command: process.execPath, args: [SERVER, record] } } },
    { trusted: true },
  );
  const access = jobToolAccess(
    "review",
    builtInPolicy("review", { workspace: s.workspace }),
    { mcpServers, ...(allowedTools ? { allowedTools } : {}) },
    true,
  );
  const { outcome } = runSession(
    s.options({
      ...access,
      sourceEnv: {
        PATH: process.env.PATH,
        ANTHROPIC_BASE_URL: s.api.url,
        ANTHROPIC_API_KEY: API_KEY,
        GITHUB_TOKEN,
        AWS_ACCESS_KEY_ID: "AKIAMCPTEST000000001",
        AWS_SECRET_ACCESS_KEY: AWS_SECRET,
      },
    }),
  );
  const result = await outcome;
  const read = (name: string) =>
    existsSync(path.join(record, name)) ? readFileSync(path.join(record, name), "utf8") : "";
  const secondRequest = JSON.stringify(s.api.mainRequests[1]?.body ?? {});
  const offered = (((s.api.mainRequests[0]?.body ?? {}) as { tools?: Array<{ name: string }> }).tools ?? [])
    .map((tool) => tool.name)
    .sort();
  return { outcome: result, read, secondRequest, offered };
}

describe("MCP servers from mcp_config under the job policy (real CLI)", () => {
  it("an MCP tool the allowed_tools list does not name is denied by can_use_tool and never called", async () => {
    const { outcome, read, secondRequest } = await mcpSession(undefined);
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(read("methods.log")).toContain("tools/list");
    const decisions = outcome.policyDecisions.filter((d) => d.toolName === "mcp__probe__lookup");
    expect(decisions).toMatchObject([{ behavior: "deny", ruleId: "default-deny" }]);
    expect(read("calls.log")).toBe("");
    expect(secondRequest).not.toContain("lookup says");
  });

  it("named in allowed_tools, the call is allowed by our policy and reaches the server; the server's env holds no secret", async () => {
    const { outcome, read, secondRequest, offered } = await mcpSession(["Read", "mcp__probe__lookup"]);
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    // `--tools Read` narrows the built-ins only: 2.1.235 still offers the MCP server's tools.
    expect(offered).toEqual(["Read", "mcp__probe__lookup"]);
    expect(outcome.policyDecisions.filter((d) => d.toolName === "mcp__probe__lookup")).toMatchObject([
      { behavior: "allow", ruleId: "allowed-tools:mcp__probe__lookup" },
    ]);
    expect(JSON.parse(read("calls.log"))).toMatchObject({ name: "lookup", arguments: { q: "needle" } });
    expect(secondRequest).toContain("lookup says: needle");

    const environ = JSON.parse(read("environ.json")) as Record<string, string>;
    const values = Object.values(environ).join("\n");
    expect(values).not.toContain(API_KEY);
    expect(values).not.toContain(GITHUB_TOKEN);
    expect(values).not.toContain(AWS_SECRET);
    expect(Object.keys(environ).filter((name) => /^(GITHUB_TOKEN|AWS_ACCESS|AWS_SECRET)/.test(name))).toEqual(
      [],
    );
    // What model credential it could see is the proxy's per-job token, pointed at the loopback proxy.
    expect(environ.ANTHROPIC_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("an untrusted job with mcp_config fails before any spawn", async () => {
    const workspace = await makeTempDir("mcp-untrusted");
    expect(() =>
      jobToolAccess(
        "review",
        builtInPolicy("review", { workspace }),
        { mcpServers: { mcpServers: { probe: { type: "stdio", command: "node" } } } },
        false,
      ),
    ).toThrow(/mcp_config is refused for an untrusted \(fork\) job/);
  });
});
