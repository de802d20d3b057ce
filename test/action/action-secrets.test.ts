import { describe, expect, it } from "vitest";
import { parseActionInputs } from "../../src/action/action-inputs.js";
import { actionSecretValues } from "../../src/action/action-secrets.js";

const from = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("actionSecretValues", () => {
  it("lists every credential input, the env_secrets values and secret-looking variables", () => {
    const inputs = parseActionInputs(
      from({
        anthropic_api_key: "sk-ant-api03-key-value",
        claude_code_oauth_token: "oauth-token-value",
        github_token: "ghs_workflowtoken",
        repository_read_token: "read-token-value",
        env: "DATABASE_URL=postgres://u:pw@db/x\nNPM_TOKEN=npm_abcdefgh\nLEVEL=verbose",
        env_secrets: "NPM_TOKEN",
      }),
    );
    const values = actionSecretValues(inputs, {
      AWS_SECRET_ACCESS_KEY: "aws/secret+value",
      HOME: "/home/runner",
    });
    expect(values).toEqual(
      expect.arrayContaining([
        "sk-ant-api03-key-value",
        "oauth-token-value",
        "ghs_workflowtoken",
        "read-token-value",
        "npm_abcdefgh",
        "aws/secret+value",
      ]),
    );
    // Not named in env_secrets, not secret-looking by name: not a secret.
    expect(values).not.toContain("verbose");
    expect(values).not.toContain("/home/runner");
  });

  it("masks a multi-line value line by line too, and skips values too short to mask", () => {
    const inputs = parseActionInputs(from({}));
    const key = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\n-----END PRIVATE KEY-----";
    const values = actionSecretValues(inputs, { APP_PRIVATE_KEY: key, SHORT_TOKEN: "abc" });
    expect(values).toEqual([
      key,
      "-----BEGIN PRIVATE KEY-----",
      "MIIEvQIBADANBgkq",
      "-----END PRIVATE KEY-----",
    ]);
  });
});
