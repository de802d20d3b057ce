import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runAction } from "../../src/action/run-action.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { GitHubDouble } from "../github-double/index.js";

// The Action reads every input through ACTION_INPUTS and the runner's variables through its own
// schema before it does anything else: a bad value of any kind fails the step with the input's name,
// and neither GitHub nor the model is ever called.
let github: GitHubDouble;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  github = await GitHubDouble.start();
  github.addRepo("octo-org", "app");
  dir = mkdtempSync(join(tmpdir(), "cpr-action-settings-"));
  const eventPath = join(dir, "event.json");
  writeFileSync(eventPath, JSON.stringify(webhookExample("pull_request", "opened")));
  env = {
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_REPOSITORY: "octo-org/app",
    GITHUB_API_URL: github.url,
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    // Nothing may reach a model either.
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
  };
});
afterAll(async () => {
  await github.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  process.exitCode = 0;
});

/** Runs the door in-process with the given inputs (INPUT_* as the runner sets them); returns the step log. */
async function runWith(inputs: Record<string, string>, runnerEnv: NodeJS.ProcessEnv = env): Promise<string> {
  vi.stubEnv("INPUT_GITHUB_TOKEN", github.token);
  vi.stubEnv("INPUT_ANTHROPIC_API_KEY", "sk-ant-api03-settings-test");
  for (const [name, value] of Object.entries(inputs)) vi.stubEnv(`INPUT_${name.toUpperCase()}`, value);
  let log = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    log += chunk.toString();
    return true;
  });
  await runAction(runnerEnv);
  vi.mocked(process.stdout.write).mockRestore();
  return log;
}

describe("the Action with a bad setting", () => {
  it.each([
    ["a whole number", { max_turns: "lots" }, 'max_turns must be a whole number ≥ 1; got "lots"'],
    ["a dollar budget", { max_budget_usd: "0" }, 'max_budget_usd must be a number ≥ 0.01; got "0"'],
    ["a switch", { fail_on_error: "yes" }, 'fail_on_error must be true or false; got "yes"'],
    ["fail_on", { fail_on: "notice" }, 'fail_on must be one of error, warning, never; got "notice"'],
    [
      "the provider",
      { provider: "openai" },
      'provider must be one of anthropic, anthropic-oauth, bedrock, vertex, foundry; got "openai"',
    ],
    ["the engine", { engine: "cloud" }, 'engine must be one of cli, managed-agents; got "cloud"'],
    [
      "a pattern",
      { session_store: "gs://bucket" },
      "session_store must be artifact, none, s3://bucket/prefix or file:///absolute/path",
    ],
    [
      "a trigger word",
      { command_prefix: "claude" },
      'command_prefix must be a slash and a word, such as /claude; got "claude"',
    ],
  ])("%s: fails the step naming the input, before any GitHub call", async (_kind, inputs, message) => {
    const log = await runWith(inputs);
    expect(process.exitCode).toBe(1);
    expect(log).toContain("::error::Invalid action inputs:");
    expect(log).toContain(message);
    expect(github.calls).toEqual([]);
  });

  it("a missing runner variable fails the step with its name, before any GitHub call", async () => {
    const { GITHUB_EVENT_NAME: _name, ...withoutEventName } = env;
    const log = await runWith({}, withoutEventName);
    expect(process.exitCode).toBe(1);
    expect(log).toContain("GITHUB_EVENT_NAME is not set; this step must run inside a GitHub Actions job");
    expect(github.calls).toEqual([]);
  });
});
