import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAsk } from "../../../src/jobs/ask/run-ask.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { ENGINES, type EngineUnderTest } from "../../harness/engines-under-test.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { makeTempDir } from "../../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One suite, both engines: a question's start (its session plan) and finish (the answer checked,
// the output's secret check) are written once, so each engine must give the same result for the
// same agent output. The CLI engine runs the real binary against the scripted Messages API; the
// Managed Agents engine runs against the Managed Agents double.

const SECRET = "ghs_EngineTableSecret0123456789";
const HEAD = "a".repeat(40);

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

describe.each(ENGINES)("a question on the %s engine", (_name, start) => {
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
      await engine.settingsFor(output, baseSettings()),
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
