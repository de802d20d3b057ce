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

  const settingsFor = (
    repo: TempRepo,
    configSha: string | undefined,
    inputs: Record<string, string>,
    untrusted = false,
  ) =>
    jobSettingsFromInputs({
      inputs: parseActionInputs((name) => inputs[name] ?? ""),
      context: { workspace: repo.dir, runnerTemp: repo.dir } as ActionContext,
      claudePath: "claude",
      agentEnv: {},
      logName: "test",
      untrusted,
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

  it("trusted jobs take claude_args, settings (deny only) and disallowed_tools as typed session options", async () => {
    const { repo, baseSha } = pullRequestCheckout();
    repo.write(".github/claude-settings.json", JSON.stringify({ permissions: { deny: ["Bash(curl:*)"] } }));
    const sha = repo.commitAll("settings on the base");
    const settings = await settingsFor(repo, sha, {
      claude_args: "--model claude-opus-4-5 --max-turns 99 --effort high --add-dir docs",
      settings: ".github/claude-settings.json",
      disallowed_tools: "WebFetch, WebSearch",
      max_turns: "20",
    });
    expect(settings.model).toBe("claude-opus-4-5");
    expect(settings.maxTurns).toBe(20);
    expect(settings.trustedExtras).toEqual({
      effort: "high",
      addDirs: [`${repo.dir}/docs`],
      settings: { permissions: { deny: ["Bash(curl:*)"] } },
      disallowedTools: ["WebFetch", "WebSearch"],
    });
    expect(baseSha).not.toBe(sha);
  });

  it("refuses a widening flag or settings that allow a tool, before anything runs", async () => {
    const { repo } = pullRequestCheckout();
    await expect(settingsFor(repo, undefined, { claude_args: "--allowedTools Bash" })).rejects.toThrow(
      /claude_args: --allowedTools would change the agent's tools or permissions/,
    );
    await expect(
      settingsFor(repo, undefined, { settings: '{"permissions":{"allow":["Bash"]}}' }),
    ).rejects.toThrow(/settings.permissions.allow would widen or bypass the tool policy/);
  });

  it("untrusted jobs ignore every extra", async () => {
    const { repo } = pullRequestCheckout();
    const settings = await settingsFor(
      repo,
      undefined,
      {
        claude_args: "--allowedTools Bash",
        settings: "{not json",
        disallowed_tools: "Bash",
        policy: "x.yml",
      },
      true,
    );
    expect(settings.trustedExtras).toBeUndefined();
    expect(settings.policy).toBeUndefined();
    expect(settings.model).toBeUndefined();
  });
});
