import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/findings/finding.js";
import { assertValidFindings, InvalidFindingError } from "../../src/findings/finding-validation.js";
import { finding } from "../github/pr-fixture.js";

const bad = (overrides: Partial<Finding>) => [
  finding({ path: "ok.ts", startLine: 1 }),
  { ...finding({ path: "a.ts", startLine: 2 }), ...overrides },
];

describe("assertValidFindings", () => {
  it("accepts well-formed findings", () => {
    expect(() =>
      assertValidFindings([finding({ path: "src/a.ts", startLine: 1, endLine: 3 })]),
    ).not.toThrow();
  });
  it.each([
    [{ path: "" }, "path", /non-empty/],
    [{ path: "/etc/passwd" }, "path", /repository-relative/],
    [{ path: "src/../../x" }, "path", /repository-relative/],
    [{ startLine: 0 }, "startLine", /positive integer, got 0/],
    [{ endLine: Number.NaN }, "endLine", /positive integer, got NaN/],
    [{ startLine: 5, endLine: 2 }, "endLine", /must not precede startLine \(5\)/],
    [{ severity: "critical" as Finding["severity"] }, "severity", /got "critical"/],
    [{ title: "  " }, "title", /must not be empty/],
  ] as const)("rejects %j naming finding #1 and the field", (overrides, field, message) => {
    try {
      assertValidFindings(bad(overrides));
      throw new Error("expected InvalidFindingError");
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidFindingError);
      expect(error).toMatchObject({ index: 1, field });
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/^finding #1/);
    }
  });
});
