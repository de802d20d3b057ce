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

  it("ignores values too short to be credentials", () => {
    expect(new SecretRedactor(["1"]).redact("1 + 1")).toBe("1 + 1");
  });
});
