import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import { AskEngineError, runAsk } from "../../../src/jobs/ask/run-ask.js";
import { makeTempDir } from "../../harness/temp-dir.js";
import { ManagedAgentsDouble } from "../../managed-agents-double/managed-agents-double.js";

// On the managed-agents engine a question needs a commit to mount: without a PR head or the door's
// commit, runAsk refuses with a typed error before any session exists.
describe("runAsk on the managed-agents engine without a commit", () => {
  let double: ManagedAgentsDouble;
  beforeAll(async () => {
    double = await ManagedAgentsDouble.start({ apiKey: "sk-ant-test" });
  });
  afterAll(async () => {
    await double?.close();
  });

  it("an issue question with no commit to mount: AskEngineError, and no request to Anthropic", async () => {
    const engine = new ManagedAgentsEngine({
      apiKey: "sk-ant-test",
      baseURL: double.baseURL,
      repositoryToken: async () => "ghs_read",
    });
    const dir = await makeTempDir("ask-remote");
    await expect(
      runAsk(
        {
          repository: "octo/app",
          question: "is there a subtract helper?",
          asker: "maintainer",
          checkoutDir: dir,
          untrusted: false,
          issue: { number: 3, title: "Subtract?", body: "" },
        },
        {
          engine: new ManagedAgentsJobEngine(engine),
          maxTurns: 4,
          maxBudgetUsd: 1,
          timeoutMs: 60_000,
          agentEnv: {},
          hostEnv: process.env,
          secretValues: [],
        },
      ),
    ).rejects.toThrow(AskEngineError);
    expect(double.requests).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });
});
