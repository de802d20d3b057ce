import { describe, expect, it } from "vitest";
import { buildAgentEnvironment } from "../../src/runner/agent-environment.js";

const source = {
  PATH: "/usr/bin",
  ANTHROPIC_API_KEY: "sk-test",
  ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
  CLAUDE_CODE_USE_BEDROCK: "1",
  AWS_REGION: "eu-west-1",
  AWS_ACCESS_KEY_ID: "AKIAXXXXXXXXXXXXXXXX",
  AWS_SECRET_ACCESS_KEY: "aws-secret",
  GITHUB_TOKEN: "ghs_token",
  ACTIONS_RUNTIME_TOKEN: "rt",
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc",
  WEBHOOK_SECRET: "hook",
  HOME: "/root",
  RANDOM_VAR: "x",
};

describe("buildAgentEnvironment", () => {
  it("passes only allowlisted variables and sets its own HOME and config dir", () => {
    const env = buildAgentEnvironment({ source, home: "/tmp/h", configDir: "/tmp/c" });
    expect(env).toMatchObject({
      PATH: "/usr/bin",
      ANTHROPIC_API_KEY: "sk-test",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
      CLAUDE_CODE_USE_BEDROCK: "1",
      AWS_REGION: "eu-west-1",
      HOME: "/tmp/h",
      CLAUDE_CONFIG_DIR: "/tmp/c",
    });
    for (const name of [
      "AWS_ACCESS_KEY_ID",
      "AWS_SECRET_ACCESS_KEY",
      "GITHUB_TOKEN",
      "ACTIONS_RUNTIME_TOKEN",
      "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
      "WEBHOOK_SECRET",
      "RANDOM_VAR",
    ]) {
      expect(env, name).not.toHaveProperty(name);
    }
  });

  it("turns the CLI's auto memory off, whatever the caller passes", () => {
    expect(
      buildAgentEnvironment({ source, home: "/h", configDir: "/c" }).CLAUDE_CODE_DISABLE_AUTO_MEMORY,
    ).toBe("1");
    const forcedOn = buildAgentEnvironment({
      source: { ...source, CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" },
      home: "/h",
      configDir: "/c",
      extra: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" },
    });
    expect(forcedOn.CLAUDE_CODE_DISABLE_AUTO_MEMORY).toBe("1");
  });

  it("passes a secret only when named in passSecrets", () => {
    const env = buildAgentEnvironment({
      source,
      home: "/h",
      configDir: "/c",
      passSecrets: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"],
    });
    expect(env.AWS_ACCESS_KEY_ID).toBe("AKIAXXXXXXXXXXXXXXXX");
    expect(env.GITHUB_TOKEN).toBeUndefined();
  });

  it("refuses a credential smuggled through extra env", () => {
    expect(() =>
      buildAgentEnvironment({ source, home: "/h", configDir: "/c", extra: { GITHUB_TOKEN: "ghs_x" } }),
    ).toThrowError(/env.GITHUB_TOKEN looks like a credential; list it in passSecrets/);
    const env = buildAgentEnvironment({ source, home: "/h", configDir: "/c", extra: { FOO: "bar" } });
    expect(env.FOO).toBe("bar");
  });
});
