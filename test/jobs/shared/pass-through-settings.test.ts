import { describe, expect, it } from "vitest";
import { AutofixEnvError } from "../../../src/jobs/shared/autofix-env.js";
import {
  PassThroughError,
  PROMPT_FILE_MAX_BYTES,
  passThroughNamesSet,
  passThroughSettings,
} from "../../../src/jobs/shared/pass-through-settings.js";
import { McpConfigError } from "../../../src/runner/mcp-server-config.js";
import { RunnerConfigError } from "../../../src/runner/runner-config-error.js";

// The one reading of the trusted-job pass-through that the Action, the CLI and the Lambda worker
// share: files come from the door's reader, inline JSON never touches it, and every rule refuses with
// a RunnerConfigError naming the Action input.
const WORKSPACE = "/work/repo";

function source(files: Record<string, string> = {}) {
  const reads: string[] = [];
  return {
    reads,
    workspace: WORKSPACE,
    readFile: async (path: string) => {
      reads.push(path);
      const text = files[path];
      if (text === undefined) throw new Error(`no ${path} at the base commit`);
      return text;
    },
  };
}

describe("passThroughSettings", () => {
  it("nothing set: nothing changes, nothing is read", async () => {
    const files = source();
    expect(await passThroughSettings({}, files, { maxTurns: 30 })).toEqual({});
    expect(
      await passThroughSettings({ allowedTools: [], disallowedTools: [] }, files, { maxTurns: 30 }),
    ).toEqual({});
    expect(files.reads).toEqual([]);
  });

  it("claude_args sets the model and the typed extras; its --max-turns lowers the door's limit, never raises it", async () => {
    const lower = await passThroughSettings(
      { claudeArgs: "--model claude-opus-4-5 --max-turns 5 --effort high --add-dir docs" },
      source(),
      { maxTurns: 30 },
    );
    expect(lower).toEqual({
      model: "claude-opus-4-5",
      maxTurns: 5,
      trustedExtras: { effort: "high", addDirs: [`${WORKSPACE}/docs`] },
    });
    const higher = await passThroughSettings({ claudeArgs: "--max-turns 99" }, source(), { maxTurns: 30 });
    expect(higher).toStrictEqual({ maxTurns: 30 });
    // Neither the model nor the turn limit is touched when claude_args does not name them.
    const effortOnly = await passThroughSettings({ claudeArgs: "--effort low" }, source(), { maxTurns: 30 });
    expect(effortOnly).toStrictEqual({ trustedExtras: { effort: "low" } });
  });

  it("settings and mcp_config: inline JSON is used as given, anything else is a file from the reader", async () => {
    const mcp = { mcpServers: { docs: { command: "node", args: ["docs.js"] } } };
    const files = source({
      ".github/settings.json": JSON.stringify({ permissions: { deny: ["WebFetch"] } }),
      ".github/mcp.json": JSON.stringify(mcp),
    });
    const fromFiles = await passThroughSettings(
      { settings: ".github/settings.json", mcpConfig: ".github/mcp.json" },
      files,
      { maxTurns: 30 },
    );
    expect(files.reads).toEqual([".github/settings.json", ".github/mcp.json"]);
    expect(fromFiles.trustedExtras).toEqual({ settings: { permissions: { deny: ["WebFetch"] } } });
    expect(fromFiles.mcpServers?.mcpServers.docs).toMatchObject({ command: "node", args: ["docs.js"] });

    const inline = source();
    const fromText = await passThroughSettings(
      { settings: '  {"permissions":{"deny":["Bash"]}}', mcpConfig: JSON.stringify(mcp) },
      inline,
      { maxTurns: 30 },
    );
    expect(inline.reads).toEqual([]);
    expect(fromText.trustedExtras).toEqual({ settings: { permissions: { deny: ["Bash"] } } });
    expect(Object.keys(fromText.mcpServers?.mcpServers ?? {})).toEqual(["docs"]);
  });

  it("tool lists are copied into the job's allowance and its disallowed tools", async () => {
    const allowed = ["Read", "mcp__docs__search"];
    const settings = await passThroughSettings(
      { allowedTools: allowed, disallowedTools: ["WebSearch"] },
      source(),
      { maxTurns: 30 },
    );
    expect(settings).toEqual({
      allowedTools: ["Read", "mcp__docs__search"],
      trustedExtras: { disallowedTools: ["WebSearch"] },
    });
    expect(settings.allowedTools).not.toBe(allowed);
  });

  it("prompt_file follows the door's own prompt, trimmed; up to the limit exactly", async () => {
    const files = source({
      "notes.md": "\n  Check the docs.  \n",
      "max.md": "x".repeat(PROMPT_FILE_MAX_BYTES),
    });
    expect(
      await passThroughSettings({ promptFile: "notes.md" }, files, { maxTurns: 30, prompt: "Be brief." }),
    ).toEqual({ extraInstructions: "Be brief.\n\nCheck the docs." });
    expect(await passThroughSettings({ promptFile: "notes.md" }, files, { maxTurns: 30 })).toEqual({
      extraInstructions: "Check the docs.",
    });
    const max = await passThroughSettings({ promptFile: "max.md" }, files, { maxTurns: 30 });
    expect(max.extraInstructions).toHaveLength(PROMPT_FILE_MAX_BYTES);
  });

  it("env for autofix: checked variables and the secrets named on purpose", async () => {
    expect(
      await passThroughSettings({ env: "CI=1\nNPM_TOKEN=abc", envSecrets: ["NPM_TOKEN"] }, source(), {
        maxTurns: 30,
      }),
    ).toEqual({ autofixEnv: { variables: { CI: "1", NPM_TOKEN: "abc" }, secretNames: ["NPM_TOKEN"] } });
    await expect(passThroughSettings({ env: "NPM_TOKEN=abc" }, source(), { maxTurns: 30 })).rejects.toThrow(
      AutofixEnvError,
    );
  });

  const refusals: Array<[string, Parameters<typeof passThroughSettings>[0], Record<string, string>, RegExp]> =
    [
      [
        "a widening flag",
        { claudeArgs: "--permission-mode bypassPermissions" },
        {},
        /claude_args: --permission-mode/,
      ],
      [
        "settings allowing Bash",
        { settings: '{"permissions":{"allow":["Bash"]}}' },
        {},
        /permissions\.allow/,
      ],
      ["settings that are not JSON", { settings: "{nope" }, {}, /^settings is not valid JSON/],
      [
        "a settings file that is not JSON",
        { settings: "s.json" },
        { "s.json": "nope" },
        /^settings is not valid JSON/,
      ],
      ["mcp_config that is not JSON", { mcpConfig: "{nope" }, {}, /^mcp_config is not valid JSON/],
      [
        "mcp_config without mcpServers",
        { mcpConfig: '{"servers":{}}' },
        {},
        /mcp_config must be a JSON object/,
      ],
      [
        "a missing prompt_file",
        { promptFile: "gone.md" },
        {},
        /^prompt_file gone\.md could not be read: no gone\.md/,
      ],
      ["an empty prompt_file", { promptFile: "e.md" }, { "e.md": " \n\t" }, /^prompt_file e\.md is empty$/],
      [
        "a prompt_file one byte over",
        { promptFile: "big.md" },
        { "big.md": "é".repeat(PROMPT_FILE_MAX_BYTES / 2) + "x" },
        /^prompt_file big\.md is 65537 bytes; the limit is 65536$/,
      ],
    ];
  for (const [what, values, files, message] of refusals) {
    it(`refuses ${what} with a RunnerConfigError`, async () => {
      const refused = passThroughSettings(values, source(files), { maxTurns: 30 });
      await expect(refused).rejects.toThrow(RunnerConfigError);
      await expect(passThroughSettings(values, source(files), { maxTurns: 30 })).rejects.toThrow(message);
    });
  }

  it("a refused MCP config keeps its own type; prompt_file problems are PassThroughErrors naming the input", async () => {
    await expect(
      passThroughSettings({ mcpConfig: '{"mcpServers":[]}' }, source(), { maxTurns: 30 }),
    ).rejects.toThrow(McpConfigError);
    const error = await passThroughSettings({ promptFile: "gone.md" }, source(), { maxTurns: 30 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PassThroughError);
    expect((error as PassThroughError).option).toBe("prompt_file");
    const files = source({ "e.md": "\n", "big.md": "x".repeat(PROMPT_FILE_MAX_BYTES + 1) });
    for (const promptFile of ["e.md", "big.md"]) {
      const refused = await passThroughSettings({ promptFile }, files, { maxTurns: 30 }).catch(
        (e: unknown) => e,
      );
      expect((refused as PassThroughError).option).toBe("prompt_file");
    }
  });
});

describe("passThroughNamesSet", () => {
  it("names what is set, by the Action's inputs, in one order", () => {
    expect(passThroughNamesSet({})).toEqual([]);
    expect(passThroughNamesSet({ allowedTools: [], disallowedTools: [], claudeArgs: "" })).toEqual([]);
    expect(
      passThroughNamesSet({
        env: "A=1",
        promptFile: "p.md",
        mcpConfig: "{}",
        allowedTools: ["Read"],
        disallowedTools: ["Bash"],
        settings: "{}",
        claudeArgs: "--model x",
      }),
    ).toEqual([
      "claude_args",
      "settings",
      "disallowed_tools",
      "allowed_tools",
      "mcp_config",
      "prompt_file",
      "env",
    ]);
  });
});
