import { describe, expect, it } from "vitest";
import { REDACTED, SecretRedactor } from "../../src/runner/secret-redactor.js";

describe("SecretRedactor", () => {
  it("removes the values of secret-named variables, raw and JSON-escaped", () => {
    const redactor = SecretRedactor.fromEnvironment({ GITHUB_TOKEN: 'tok"en\\value', PATH: "/usr/bin:/bin" });
    const line = JSON.stringify({ output: 'GITHUB_TOKEN=tok"en\\value' });
    const out = redactor.redact(line);
    expect(out).not.toContain("tok");
    expect(out).toContain(REDACTED);
    expect(redactor.redact("/usr/bin:/bin")).toBe("/usr/bin:/bin");
  });

  it("removes well-known token shapes it was not told about", () => {
    const redactor = new SecretRedactor([]);
    const text = `a ghp_${"a".repeat(36)} b AKIAABCDEFGHIJKLMNOP c sk-ant-api03-abcdefghijkl`;
    expect(redactor.redact(text)).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
  });

  it("removes a secret in base64, bare and as git's basic-auth header value", () => {
    const token = `ghs_${"b".repeat(36)}`;
    const redactor = new SecretRedactor([token]);
    const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
    expect(redactor.redact(header)).toBe(`AUTHORIZATION: basic ${REDACTED}`);
    expect(redactor.redact(`k=${Buffer.from(token).toString("base64")}`)).toBe(`k=${REDACTED}`);
  });

  it("ignores values too short to be credentials", () => {
    expect(new SecretRedactor(["1"]).redact("1 + 1")).toBe("1 + 1");
  });
});
