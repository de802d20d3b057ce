import { describe, expect, it } from "vitest";
import { AutofixEnvError, checkAutofixEnv } from "../../../src/jobs/shared/autofix-env.js";

describe("checkAutofixEnv", () => {
  it("reads NAME=value lines, skipping blanks and comments; values keep their = signs", () => {
    expect(checkAutofixEnv("CI=true\n# comment\n\nDATABASE_URL=postgres://db/x?a=b\nEMPTY=\r\n")).toEqual({
      variables: { CI: "true", DATABASE_URL: "postgres://db/x?a=b", EMPTY: "" },
      secretNames: [],
    });
  });

  it("passes a credential-looking name only when env_secrets lists it", () => {
    expect(() => checkAutofixEnv("TEST_DB_PASSWORD=hunter2")).toThrow(
      /TEST_DB_PASSWORD looks like a credential; list it in env_secrets/,
    );
    expect(checkAutofixEnv("TEST_DB_PASSWORD=hunter2\nCI=1", ["TEST_DB_PASSWORD"])).toEqual({
      variables: { TEST_DB_PASSWORD: "hunter2", CI: "1" },
      secretNames: ["TEST_DB_PASSWORD"],
    });
    expect(() => checkAutofixEnv("CI=1", ["NPM_TOKEN"])).toThrow(
      /env_secrets names NPM_TOKEN, which env does not set/,
    );
  });

  it.each([
    ["LD_PRELOAD=/tmp/x.so", /LD_PRELOAD steers the runtime/],
    ["NODE_OPTIONS=--require /tmp/x.js", /NODE_OPTIONS steers/],
    ["ANTHROPIC_BASE_URL=http://evil", /ANTHROPIC_BASE_URL steers/],
    ["PATH=/tmp", /PATH steers/],
    ["GITHUB_TOKEN=x", /GITHUB_TOKEN steers/],
    ["AWS_ACCESS_KEY_ID=x", /AWS_ACCESS_KEY_ID steers/],
    ["GIT_SSH_COMMAND=sh", /GIT_SSH_COMMAND steers/],
    ["BASH_ENV=/tmp/rc", /BASH_ENV steers/],
    ["NOEQUALS", /env line 1 must be NAME=value/],
    ["1BAD=x", /"1BAD" is not a variable name/],
    ["A=1\nA=2", /env line 2: A is set twice/],
    [`BIG=${"x".repeat(5000)}`, /over 4096 bytes/],
  ])("refuses %s", (text, message) => {
    const attempt = () =>
      checkAutofixEnv(
        text,
        ["GITHUB_TOKEN", "AWS_ACCESS_KEY_ID"].filter((n) => text.startsWith(n)),
      );
    expect(attempt).toThrow(AutofixEnvError);
    expect(attempt).toThrow(message);
  });

  it("refuses more than 50 variables", () => {
    const text = Array.from({ length: 51 }, (_, i) => `V${i}=1`).join("\n");
    expect(() => checkAutofixEnv(text)).toThrow(/more than 50 variables/);
  });
  it("trims names and blank or indented comment lines, strips only a trailing CR, and keeps limits inclusive", () => {
    expect(checkAutofixEnv("   \n  # indented comment\n MODE = a=b\r\nRAW=x\ry\r")).toEqual({
      variables: { MODE: " a=b", RAW: "x\ry" },
      secretNames: [],
    });
    expect(checkAutofixEnv(`BIG=${"x".repeat(4096)}`).variables.BIG).toHaveLength(4096);
    expect(
      Object.keys(checkAutofixEnv(Array.from({ length: 50 }, (_, i) => `V${i}=1`).join("\n")).variables),
    ).toHaveLength(50);
    expect(() => checkAutofixEnv("=value")).toThrow(/env line 1: "" is not a variable name/);
    expect(() => checkAutofixEnv("CI=1", ["A_TOKEN", "B_TOKEN"])).toThrow(
      /env_secrets names A_TOKEN, B_TOKEN,/,
    );
    const error = (() => {
      try {
        checkAutofixEnv("PATH=/x");
      } catch (e) {
        return e as AutofixEnvError;
      }
    })();
    expect(error?.option).toBe("env");
  });
});
