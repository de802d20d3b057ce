import { describe, expect, it } from "vitest";
import { cliEngine } from "../../../src/engines/cli-engine.js";
import { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import type { GitHubClient } from "../../../src/github/github-client.js";
import { AskEngineError, runAsk } from "../../../src/jobs/ask/run-ask.js";
import { DescribeEngineError, runDescribe } from "../../../src/jobs/describe/run-describe.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";

// What an engine's agent reads (a local checkout, or a commit it mounts) decides what a job must
// bring, asked of the engine instead of its name: a job without it stops before any session.

const settings: JobSettings = {
  maxTurns: 3,
  maxBudgetUsd: 1,
  timeoutMs: 10_000,
  hostEnv: {},
  agentEnv: {},
  secretValues: [],
};
const noGitHub = new Proxy(
  {},
  {
    get: () => {
      throw new Error("no GitHub call expected");
    },
  },
) as GitHubClient;

describe("an engine says what its agent reads", () => {
  it("the CLI reads a local checkout; Managed Agents mounts a commit", () => {
    expect(cliEngine.reads).toBe("local-checkout");
    const remote = new ManagedAgentsJobEngine(
      new ManagedAgentsEngine({
        apiKey: "sk-ant-unused",
        baseURL: "http://127.0.0.1:9",
        repositoryToken: async () => "unused",
      }),
    );
    expect(remote.reads).toBe("mounted-commit");
  });

  it("a question or a description without a checkout stops at once on the CLI engine, naming it", async () => {
    await expect(
      runAsk({ repository: "octo/app", question: "why?", asker: "maint", untrusted: false }, settings),
    ).rejects.toThrow(new AskEngineError("the cli engine needs a checkout for the agent to read"));
    await expect(
      runDescribe(
        {
          repository: { owner: "octo", name: "app" },
          pr: {
            number: 7,
            title: "t",
            body: "",
            author: "dev",
            baseSha: "a".repeat(40),
            headSha: "b".repeat(40),
          },
          untrusted: false,
        },
        settings,
        noGitHub,
      ),
    ).rejects.toThrow(
      new DescribeEngineError("the cli engine needs a checkout of the head for the agent to read"),
    );
  });
});
