import { describe, expect, it } from "vitest";
import {
  inlineCode,
  parseFindingComment,
  renderFindingComment,
} from "../../src/findings/finding-markdown.js";
import { finding } from "../github/pr-fixture.js";

describe("parseFindingComment", () => {
  it("reads back what renderFindingComment wrote, including awkward titles and a suggestion", () => {
    const f = finding({
      path: "src/a.ts",
      startLine: 2,
      severity: "error",
      category: "security",
      title: "Use **strict** — not `loose`",
      body: "First line.\n\nSecond paragraph with a ``` fence.",
      suggestion: "const x = 1;\n",
    });
    expect(parseFindingComment(renderFindingComment(f, "abc-2", true))).toEqual({
      severity: "error",
      category: "security",
      title: "Use **strict** — not `loose`",
      body: "First line.\n\nSecond paragraph with a ``` fence.\n\n```suggestion\nconst x = 1;\n```",
      fingerprint: "abc-2",
    });
  });

  it("is undefined for text it did not render: no marker, or a marker under a foreign header", () => {
    expect(parseFindingComment("**🔴 Error** · bug — **No marker**\n\nbody")).toBeUndefined();
    expect(parseFindingComment("LGTM <!-- claude-pr-runner:fp:abc -->")).toBeUndefined();
    expect(
      parseFindingComment("**🟣 Fatal** · bug — **x**\n\ny\n\n<!-- claude-pr-runner:fp:abc -->"),
    ).toBeUndefined();
    expect(parseFindingComment(null)).toBeUndefined();
  });
});

describe("inlineCode", () => {
  it.each([
    ["a.ts", "`a.ts`"],
    ["a`b", "``a`b``"],
    ["a``b`c", "```a``b`c```"],
    ["`start", "`` `start ``"],
    ["end`", "`` end` ``"],
    ["line\nbreak\r\u007f", "`line\\u000abreak\\u000d\\u007f`"],
    ["tab\there", "`tab\\u0009here`"],
  ])("%j → %s", (text, expected) => {
    expect(inlineCode(text)).toBe(expected);
  });
});
