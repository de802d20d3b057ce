import { describe, expect, it } from "vitest";
import { RunnerConfigError } from "../../src/runner/runner-config-error.js";
import { checkWorkflowSettings } from "../../src/runner/workflow-settings.js";

describe("checkWorkflowSettings", () => {
  it("keeps deny rules and harmless keys", () => {
    expect(
      checkWorkflowSettings({
        permissions: { deny: ["Bash(curl:*)", "Read(./secrets/**)"] },
        alwaysThinkingEnabled: true,
      }),
    ).toEqual({ permissions: { deny: ["Bash(curl:*)", "Read(./secrets/**)"] }, alwaysThinkingEnabled: true });
    expect(checkWorkflowSettings({})).toEqual({});
  });

  it.each<[string, unknown, RegExp]>([
    [
      "allowing Bash",
      { permissions: { allow: ["Bash"] } },
      /settings.permissions.allow would widen or bypass the tool policy/,
    ],
    [
      "a permission mode",
      { permissions: { defaultMode: "bypassPermissions" } },
      /permissions.defaultMode would widen/,
    ],
    ["ask rules", { permissions: { ask: [] } }, /permissions.ask would widen/],
    ["hooks", { hooks: { PreToolUse: [] } }, /settings.hooks cannot be set by the workflow/],
    [
      "env (could redirect the model endpoint)",
      { env: { ANTHROPIC_BASE_URL: "http://evil" } },
      /settings.env cannot be set/,
    ],
    ["an API key helper", { apiKeyHelper: "cat key" }, /settings.apiKeyHelper cannot be set/],
    ["sandbox changes", { sandbox: { enabled: false } }, /settings.sandbox cannot be set/],
    ["MCP servers", { enabledMcpjsonServers: ["x"] }, /cannot be set/],
    ["a non-array deny", { permissions: { deny: "Bash" } }, /deny must be an array of rule strings/],
    ["an empty deny rule", { permissions: { deny: [" "] } }, /deny must be an array of rule strings/],
    ["an array", [], /settings must be a JSON object/],
  ])("refuses %s", (_name, value, message) => {
    expect(() => checkWorkflowSettings(value)).toThrow(RunnerConfigError);
    expect(() => checkWorkflowSettings(value)).toThrow(message);
  });
});
