import { describe, expect, it } from "vitest";
import { refuseWritableMountToken } from "../../../src/engines/managed-agents/mount-token-check.js";

const WORKFLOW_TOKEN = "ghs_workflowTokenThatCanWrite0123456789";
const rules = {
  name: "repository_read_token",
  writeTokens: [{ name: "the workflow's github_token", value: WORKFLOW_TOKEN }],
};

describe("refuseWritableMountToken", () => {
  it("refuses the door's own write token, naming both settings and never the value", () => {
    let message = "";
    try {
      refuseWritableMountToken(WORKFLOW_TOKEN, rules);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^repository_read_token is the workflow's github_token, which can write; /);
    expect(message).not.toContain(WORKFLOW_TOKEN);
  });

  it.each(["ghp_", "gho_"])("refuses a classic token (%s…), whatever the door holds", (prefix) => {
    const token = `${prefix}abcdefghijklmnopqrstuvwxyz0123456789`;
    expect(() => refuseWritableMountToken(token, { name: "GITHUB_READ_TOKEN" })).toThrow(
      /^GITHUB_READ_TOKEN is a classic personal access token or OAuth token \(ghp_, gho_\): one that can read a private repository can write to it; /,
    );
    expect(() => refuseWritableMountToken(token, rules)).toThrow(/classic personal access token/);
  });

  it.each([
    ["a fine-grained token", "github_pat_11ABC_readOnly0123456789"],
    ["an installation token other than the door's", "ghs_mintedWithContentsRead0123456789"],
    ["a GitHub App user token", "ghu_userToServer0123456789"],
    ["a prefix only further in", "x_ghp_notClassic0123456789"],
    ["no token (a public repository)", ""],
  ])("lets %s through", (_, token) => {
    expect(() => refuseWritableMountToken(token, rules)).not.toThrow();
  });

  it("an empty write token matches nothing", () => {
    const empty = { name: "repository_read_token", writeTokens: [{ name: "github_token", value: "" }] };
    expect(() => refuseWritableMountToken("ghs_fine0123456789", empty)).not.toThrow();
    expect(() => refuseWritableMountToken("", empty)).not.toThrow();
  });
});
