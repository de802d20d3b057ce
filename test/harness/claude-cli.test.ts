import { describe, expect, it } from "vitest";
import { claudeBinFrom, claudeVersionOf, PINNED_CLAUDE_BIN } from "./claude-cli.js";

// scripts/compat-run.sh points the conformance suite at another CLI through CLAUDE_BIN.
describe("claudeBinFrom (the CLAUDE_BIN override)", () => {
  it("uses the pinned binary when CLAUDE_BIN is unset or empty", () => {
    expect(claudeBinFrom(undefined)).toBe(PINNED_CLAUDE_BIN);
    expect(claudeBinFrom("")).toBe(PINNED_CLAUDE_BIN);
    expect(PINNED_CLAUDE_BIN).toMatch(/node_modules\/\.bin\/claude$/);
  });

  it("uses an absolute path that exists", () => {
    expect(claudeBinFrom(process.execPath)).toBe(process.execPath);
  });

  it("refuses a relative or missing path instead of silently testing the pinned binary", () => {
    expect(() => claudeBinFrom("node_modules/.bin/claude")).toThrow(/must be an absolute path/);
    expect(() => claudeBinFrom("/nonexistent/claude")).toThrow(
      "CLAUDE_BIN=/nonexistent/claude does not exist",
    );
  });
});

describe("claudeVersionOf", () => {
  it("reads the pinned binary's version from its npm package: 2.1.235", () => {
    expect(claudeVersionOf(PINNED_CLAUDE_BIN)).toBe("2.1.235");
  });

  it("fails loudly for an executable outside a claude-code package", () => {
    expect(() => claudeVersionOf(process.execPath)).toThrow(/no @anthropic-ai\/claude-code package.json/);
  });
});
