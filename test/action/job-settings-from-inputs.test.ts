import { afterEach, describe, expect, it } from "vitest";
import type { ActionContext } from "../../src/action/action-context.js";
import { parseActionInputs } from "../../src/action/action-inputs.js";
import { jobSettingsFromInputs } from "../../src/action/job-settings-from-inputs.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";

/** Policy and schema come from the base branch, never from the PR head (docs/security.md, layer 5). */
const policy = (name: string, command: string) =>
  `name: ${name}\nrules:\n  - id: run\n    effect: allow\n    tools: [Bash]\n    commandPrefixes: ['${command}']\n`;
const schema = (field: string) => JSON.stringify({ type: "object", required: [field] });

describe("jobSettingsFromInputs", () => {
  const repos: TempRepo[] = [];
  afterEach(() => {
    for (const r of repos.splice(0)) r.remove();
  });

  /** Base commits one policy and schema; the PR head (checked out) rewrites both. */
  function pullRequestCheckout() {
    const repo = createTempRepo("cpr-config-");
    repos.push(repo);
    repo.write(".github/claude-policy.yml", policy("base-policy", "npm run lint"));
    repo.write(".github/schema.json", schema("base_field"));
    const baseSha = repo.commitAll("base");
    repo.write(".github/claude-policy.yml", policy("head-policy", "sh"));
    repo.write(".github/schema.json", schema("head_field"));
    repo.commitAll("PR head: widen the policy");
    return { repo, baseSha };
  }

  const settingsFor = (repo: TempRepo, configSha: string | undefined, inputs: Record<string, string>) =>
    jobSettingsFromInputs({
      inputs: parseActionInputs((name) => inputs[name] ?? ""),
      context: { workspace: repo.dir, runnerTemp: repo.dir } as ActionContext,
      claudePath: "claude",
      agentEnv: {},
      logName: "test",
      untrusted: false,
      ...(configSha ? { configSha } : {}),
    });

  it("reads the policy and schema files as the base commit has them when the PR head changed them", async () => {
    const { repo, baseSha } = pullRequestCheckout();
    const settings = await settingsFor(repo, baseSha, {
      policy: ".github/claude-policy.yml",
      json_schema: ".github/schema.json",
    });
    expect(settings.policy?.name).toBe("base-policy");
    expect(settings.jsonSchema).toEqual({ type: "object", required: ["base_field"] });
    const decision = await settings.policy!.evaluate(
      { tool_name: "Bash", input: { command: "sh -c id" } },
      repo.dir,
    );
    expect(decision.behavior).toBe("deny");
  });

  it("without a base commit (an audit of the default branch) reads the workspace", async () => {
    const { repo } = pullRequestCheckout();
    const settings = await settingsFor(repo, undefined, { policy: ".github/claude-policy.yml" });
    expect(settings.policy?.name).toBe("head-policy");
  });

  it("fails clearly when the base commit has no such file or the path leaves the workspace", async () => {
    const { repo, baseSha } = pullRequestCheckout();
    repo.write("new-policy.yml", policy("added-by-pr", "sh"));
    repo.commitAll("PR adds its own policy");
    await expect(settingsFor(repo, baseSha, { policy: "new-policy.yml" })).rejects.toThrow(
      /new-policy\.yml could not be read from the base commit .*never from the pull request/,
    );
    await expect(settingsFor(repo, baseSha, { json_schema: "../outside.json" })).rejects.toThrow(
      /outside the workspace/,
    );
  });
});
