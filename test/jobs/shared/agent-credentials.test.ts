import { describe, expect, it } from "vitest";
import { agentCredentials } from "../../../src/jobs/shared/agent-credentials.js";

describe("agentCredentials", () => {
  it("hands the API key and the OAuth token to the session (the proxy's credential source)", () => {
    expect(agentCredentials("sk-ant-key", {}, { oauthToken: "sk-ant-oat01-t" })).toEqual({
      ANTHROPIC_API_KEY: "sk-ant-key",
      CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-t",
    });
    expect(agentCredentials("", {}, { oauthToken: "sk-ant-oat01-t" })).toEqual({
      CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-t",
    });
  });

  it("counts a named cloud provider or the environment's provider settings as a way to reach a model", () => {
    for (const provider of ["bedrock", "vertex", "foundry"])
      expect(agentCredentials("", {}, { provider })).toEqual({});
    expect(agentCredentials("", { CLAUDE_CODE_USE_FOUNDRY: "1" })).toEqual({});
    expect(agentCredentials("", { CLAUDE_CODE_OAUTH_TOKEN: "t" })).toEqual({});
  });

  it("says there is none when nothing is configured (a fork PR without secrets)", () => {
    expect(agentCredentials("", {})).toBeUndefined();
    expect(agentCredentials("", {}, { provider: "anthropic" })).toBeUndefined();
    expect(agentCredentials("", {}, { provider: "anthropic-oauth", oauthToken: "" })).toBeUndefined();
  });
});
