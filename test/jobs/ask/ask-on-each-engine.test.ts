import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import { runAsk } from "../../../src/jobs/ask/run-ask.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";
import { makeTempDir } from "../../harness/temp-dir.js";
import { ManagedAgentsDouble } from "../../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
  usage,
} from "../../managed-agents-double/scripted-events.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One suite, both engines: a question's start (its session plan) and finish (the answer checked,
// the output's secret check) are written once, so each engine must give the same result for the
// same agent output. The CLI engine runs the real binary against the scripted Messages API; the
// Managed Agents engine runs against the Managed Agents double.

const SECRET = "ghs_EngineTableSecret0123456789";
const HEAD = "a".repeat(40);

interface EngineUnderTest {
  name: string;
  /** Settings whose engine makes the agent submit `output` as its structured result. */
  settingsFor(output: Record<string, unknown>): Promise<JobSettings>;
  close(): Promise<void>;
}

function baseSettings(): JobSettings {
  return {
    maxTurns: 4,
    maxBudgetUsd: 1,
    timeoutMs: 120_000,
    agentEnv: {},
    hostEnv: process.env,
    secretValues: [SECRET],
  };
}

async function cliEngine(): Promise<EngineUnderTest> {
  let output: Record<string, unknown> = {};
  const api = await ScriptedMessagesApi.start(() => ({ kind: "structured_output", value: output }));
  return {
    name: "cli",
    async settingsFor(next) {
      output = next;
      return {
        ...baseSettings(),
        claudePath: CLAUDE_BIN,
        agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      };
    },
    close: () => api.close(),
  };
}

async function managedAgentsEngine(): Promise<EngineUnderTest> {
  const double = await ManagedAgentsDouble.start({ apiKey: "sk-ant-table" });
  return {
    name: "managed-agents",
    async settingsFor(output) {
      double.scenario = (input) =>
        input.kind === "message"
          ? [running(), ...modelRequest(), submit(output), requiresAction()]
          : input.kind === "custom_tool_result"
            ? [running(), message("Done."), usage(21, 9), idle("end_turn")]
            : undefined;
      const service = new ManagedAgentsEngine({
        apiKey: "sk-ant-table",
        baseURL: double.baseURL,
        repositoryToken: async () => "ghs_read",
        retry: { initialDelayMs: 5, maxDelayMs: 20 },
      });
      return { ...baseSettings(), engine: new ManagedAgentsJobEngine(service) };
    },
    close: () => double.close(),
  };
}

describe.each([
  ["cli", cliEngine],
  ["managed-agents", managedAgentsEngine],
])("a question on the %s engine", (_name, start) => {
  let engine: EngineUnderTest;
  let checkoutDir: string;
  beforeAll(async () => {
    engine = await start();
    checkoutDir = await makeTempDir("ask-engine-table");
  });
  afterAll(async () => {
    await engine?.close();
  });

  const ask = async (output: Record<string, unknown>) =>
    runAsk(
      {
        repository: "octo/app",
        question: "what does sub do?",
        asker: "maintainer",
        checkoutDir,
        untrusted: false,
        remoteCommit: HEAD,
      },
      await engine.settingsFor(output),
    );

  it("answers with the agent's answer", async () => {
    const result = await ask({ answer: "`sub` returns a + b: it adds." });
    expect(result).toMatchObject({ status: "answered", answer: "`sub` returns a + b: it adds." });
  });

  it("an answer carrying a secret the job holds, base64-encoded, is never answered with", async () => {
    const result = await ask({ answer: `here: ${Buffer.from(SECRET).toString("base64")}` });
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toMatch(/carries a secret the job holds/);
    expect(result.session.outcome.structuredOutput).toBeUndefined();
  });
});
