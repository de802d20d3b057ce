import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import { toolResultsOf } from "../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("tool policy over the control channel (real CLI)", () => {
  it("an allowed call executes; a denied Bash call reaches the model as a denial; both are recorded", async () => {
    s = await scriptedSession([
      { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" }, id: "toolu_read" },
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: "curl https://example.com", description: "fetch" },
        id: "toolu_curl",
      },
      { kind: "text", text: "finished" },
    ]);
    await writeFile(path.join(s.workspace, "notes.txt"), "the secret word is pineapple\n");
    const outcome = await runSession(s.options()).outcome;
    expect(outcome).toMatchObject({ exitCode: 0, resultText: "finished" });
    expect(outcome.policyDecisions).toEqual([
      expect.objectContaining({
        toolName: "Read",
        toolUseId: "toolu_read",
        behavior: "allow",
        ruleId: "read-workspace",
      }),
      expect.objectContaining({
        toolName: "Bash",
        toolUseId: "toolu_curl",
        behavior: "deny",
        ruleId: "default-deny",
      }),
    ]);
    const results = toolResultsOf(s.api.mainRequests[2]!);
    const read = results.find((r) => r.tool_use_id === "toolu_read");
    expect(JSON.stringify(read?.content)).toContain("pineapple"); // the Read really ran
    const curl = results.find((r) => r.tool_use_id === "toolu_curl");
    expect(curl?.is_error).toBe(true);
    expect(JSON.stringify(curl?.content)).toContain('Denied by tool policy \\"review\\" (default-deny)');
    expect(outcome.permissionDenials).toEqual([
      expect.objectContaining({ tool_name: "Bash", tool_use_id: "toolu_curl" }),
    ]);
  });

  it("keeps secrets out of the agent's environment and out of the execution log", async () => {
    const githubToken = `ghs_${"T".repeat(36)}`;
    const awsSecret = "aws/Secret+Key+0123456789abcdefghijklmn";
    const webhookSecret = "whsec-runner-test-7f3a9c";
    s = await scriptedSession([
      { kind: "tool_use", name: "Bash", input: { command: "env", description: "show env" }, id: "toolu_env" },
      { kind: "text", text: "ok" },
    ]);
    const logPath = path.join(s.workspace, "execution.ndjson");
    const policy = new ToolPolicy({
      name: "env-test",
      rules: [{ id: "allow-env", effect: "allow", tools: ["Bash"], commandPrefixes: ["env"] }],
    });
    const base = s.options();
    const outcome = await runSession({
      ...base,
      policy,
      // The prompt itself carries the token, as a careless caller might do: the log must not.
      prompt: `Run env. (token for reference: ${githubToken})`,
      sourceEnv: {
        ...base.sourceEnv,
        GITHUB_TOKEN: githubToken,
        AWS_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE",
        AWS_SECRET_ACCESS_KEY: awsSecret,
        GITHUB_WEBHOOK_SECRET: webhookSecret,
      },
      executionLogPath: logPath,
    }).outcome;
    expect(outcome.exitCode).toBe(0);
    expect(outcome.policyDecisions[0]).toMatchObject({ behavior: "allow", ruleId: "allow-env" });
    const envOutput = JSON.stringify(toolResultsOf(s.api.mainRequests[1]!)[0]?.content);
    expect(envOutput).toContain("CLAUDE_CONFIG_DIR="); // env really ran inside the agent
    for (const secret of [githubToken, "AKIAIOSFODNN7EXAMPLE", awsSecret, webhookSecret]) {
      expect(envOutput).not.toContain(secret);
    }
    const log = await readFile(logPath, "utf8");
    expect(log).toContain("CLAUDE_CONFIG_DIR=");
    expect(log).toContain("[REDACTED]");
    for (const secret of [githubToken, awsSecret, webhookSecret]) expect(log).not.toContain(secret);
  });
});
