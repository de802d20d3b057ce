import { describe, expect, it } from "vitest";
import { buildClaudeArgv } from "../../src/runner/build-claude-argv.js";
import { mergeRunnerSettings } from "../../src/runner/merge-runner-settings.js";
import { RunnerConfigError } from "../../src/runner/runner-config-error.js";

describe("buildClaudeArgv", () => {
  it("always starts with the host-mode flags", () => {
    const argv = buildClaudeArgv({ settingsJson: "{}" });
    expect(argv.slice(0, 7)).toEqual([
      "--input-format",
      "stream-json",
      "--output-format",
      "stream-json",
      "--verbose",
      "--permission-prompt-tool",
      "stdio",
    ]);
    expect(argv).toContain("--permission-mode");
    // Print mode comes from stream-json input, as with the Agent SDK; the explicit flag costs time per turn.
    expect(argv).not.toContain("--print");
    // Trusted runs keep the repository's settings (the base's, in the agent's copy), never the user
    // settings file in the agent's own CLAUDE_CONFIG_DIR, which it could rewrite mid-session.
    expect(argv[argv.indexOf("--setting-sources") + 1]).toBe("project,local");
  });

  it("maps every typed option to its flag", () => {
    const argv = buildClaudeArgv({
      settingsJson: '{"a":1}',
      model: "m1",
      fallbackModel: "m2",
      maxTurns: 3,
      maxBudgetUsd: 0.5,
      jsonSchema: { type: "object" },
      allowedTools: ["Read", "Bash(git diff:*)"],
      disallowedTools: ["WebFetch"],
      permissionMode: "plan",
      appendSystemPrompt: "be brief",
      addDirs: ["/a", "/b"],
      mcpConfig: ["/m.json"],
      bare: true,
      includePartialMessages: true,
      resume: { sessionId: "abc", fork: true },
    });
    const flagValue = (flag: string) => argv[argv.indexOf(flag) + 1];
    expect(flagValue("--model")).toBe("m1");
    expect(flagValue("--fallback-model")).toBe("m2");
    expect(flagValue("--max-turns")).toBe("3");
    expect(flagValue("--max-budget-usd")).toBe("0.5");
    expect(JSON.parse(flagValue("--json-schema") as string)).toEqual({ type: "object" });
    expect(flagValue("--allowedTools")).toBe("Read,Bash(git diff:*)");
    expect(flagValue("--disallowedTools")).toBe("WebFetch");
    expect(flagValue("--permission-mode")).toBe("plan");
    expect(flagValue("--append-system-prompt")).toBe("be brief");
    expect(flagValue("--settings")).toBe('{"a":1}');
    expect(flagValue("--resume")).toBe("abc");
    // --bare alone still reads the checkout's .claude/settings.json (see bare-mode conformance): no
    // source at all, only --settings.
    expect(flagValue("--setting-sources")).toBe("");
    expect(argv.filter((word) => word === "--setting-sources")).toHaveLength(1);
    expect(argv).toEqual(
      expect.arrayContaining(["--add-dir=/a", "--add-dir=/b", "--mcp-config=/m.json", "--bare"]),
    );
    expect(argv).toEqual(expect.arrayContaining(["--include-partial-messages", "--fork-session"]));
  });

  it("rejects options that would bypass the policy or make no sense", () => {
    const bad = [
      { permissionMode: "bypassPermissions" },
      { maxTurns: 0 },
      { maxBudgetUsd: -1 },
      { model: "x", fallbackModel: "x" },
    ];
    for (const options of bad) {
      expect(() => buildClaudeArgv({ settingsJson: "{}", ...(options as object) })).toThrowError(
        RunnerConfigError,
      );
    }
  });
});

describe("mergeRunnerSettings", () => {
  it("adds the ask-everything rule and keeps the user's settings", async () => {
    const merged = JSON.parse(await mergeRunnerSettings({ model: "x", permissions: { deny: ["WebFetch"] } }));
    expect(merged).toEqual({
      model: "x",
      autoMemoryEnabled: false,
      env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" },
      permissions: { deny: ["WebFetch"], ask: ["*"] },
    });
  });

  it("keeps the CLI's auto memory off over the workflow's settings, and refuses turning it on or moving it", async () => {
    const merged = JSON.parse(
      await mergeRunnerSettings({ autoMemoryEnabled: false, env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" } }),
    );
    expect(merged.autoMemoryEnabled).toBe(false);
    expect(merged.env).toEqual({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" });
    await expect(mergeRunnerSettings({ autoMemoryEnabled: true })).rejects.toThrowError(
      /^settings.autoMemoryEnabled: the CLI's auto memory lets the agent write files the tool policy never sees, and loads them as instructions; the runner keeps it off$/,
    );
    await expect(mergeRunnerSettings({ autoMemoryDirectory: "/tmp/memory" })).rejects.toThrowError(
      /^settings.autoMemoryDirectory: the CLI's auto memory/,
    );
  });

  it("refuses a default mode that skips permission prompts", async () => {
    await expect(
      mergeRunnerSettings({ permissions: { defaultMode: "bypassPermissions" } }),
    ).rejects.toThrowError(/would bypass the tool policy/);
    await expect(mergeRunnerSettings("/nonexistent/settings.json")).rejects.toThrowError(
      /cannot read the settings file/,
    );
  });

  it("adds the runner's claudeMdExcludes after the user's, and only when there are any", async () => {
    const merged = JSON.parse(
      await mergeRunnerSettings({ claudeMdExcludes: ["**/vendor/CLAUDE.md"] }, {}, ["/tmp/CLAUDE.md"]),
    );
    expect(merged.claudeMdExcludes).toEqual(["**/vendor/CLAUDE.md", "/tmp/CLAUDE.md"]);
    expect(JSON.parse(await mergeRunnerSettings({}, {}, ["/CLAUDE.md"])).claudeMdExcludes).toEqual([
      "/CLAUDE.md",
    ]);
    expect(JSON.parse(await mergeRunnerSettings({ claudeMdExcludes: ["a"] })).claudeMdExcludes).toEqual([
      "a",
    ]);
    expect(JSON.parse(await mergeRunnerSettings({})).claudeMdExcludes).toBeUndefined();
    // A workflow's empty list does not take the runner's out.
    expect(
      JSON.parse(await mergeRunnerSettings({ claudeMdExcludes: [] }, {}, ["/tmp/CLAUDE.md"]))
        .claudeMdExcludes,
    ).toEqual(["/tmp/CLAUDE.md"]);
  });

  it("refuses claudeMdExcludes that is not a list of strings", async () => {
    for (const bad of ["/tmp/CLAUDE.md", [1], { a: 1 }])
      await expect(mergeRunnerSettings({ claudeMdExcludes: bad })).rejects.toThrowError(
        /claudeMdExcludes must be a list of strings/,
      );
  });

  it("sets env.PATH to the agent's PATH, beside the workflow's other variables, so no project settings choose it", async () => {
    expect(JSON.parse(await mergeRunnerSettings({ env: { A: "1" } }, {}, [], "/usr/bin:/bin")).env).toEqual({
      A: "1",
      PATH: "/usr/bin:/bin",
      CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1",
    });
    expect(JSON.parse(await mergeRunnerSettings({ env: { A: "1" } })).env).toEqual({
      A: "1",
      CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1",
    });
    expect(JSON.parse(await mergeRunnerSettings({})).env).toEqual({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" });
  });

  it("refuses a workflow's settings.env.PATH, and an env that is no object, with the way out", async () => {
    await expect(mergeRunnerSettings({ env: { PATH: "/opt/bin" } }, {}, [], "/usr/bin")).rejects.toThrowError(
      /settings.env.PATH would choose the programs the CLI starts itself .*set PATH in the job's environment/,
    );
    for (const bad of ["PATH=/x", ["a"]])
      await expect(mergeRunnerSettings({ env: bad })).rejects.toThrowError(/settings.env must be an object/);
  });
});
