import { describe, expect, it } from "vitest";
import {
  type CommentCommand,
  parseCommentCommand,
} from "../../../src/jobs/triggers/parse-comment-command.js";

const addressing = { commandPrefix: "/claude", mention: "@claude" };

const cases: Array<[string, CommentCommand | undefined]> = [
  ["/claude review", { command: "review", paths: [] }],
  ["  /Claude   REVIEW  ", { command: "review", paths: [] }],
  ["/claude review src/a.ts lib/*.js", { command: "review", paths: ["src/a.ts", "lib/*.js"] }],
  ["/claude review src/a.ts\nand please be thorough", { command: "review", paths: ["src/a.ts"] }],
  ["/claude fix", { command: "fix" }],
  ["/claude fix the tests", { command: "fix" }],
  ["/claude describe", { command: "describe" }],
  ["/claude DESCRIBE please", { command: "describe" }],
  ["@claude describe", { command: "describe" }],
  ["/claude ask why is this async?", { command: "ask", question: "why is this async?" }],
  ["/claude ask\nline one\nline two", { command: "ask", question: "line one\nline two" }],
  ["/claude ask", { command: "unknown", word: "ask" }],
  ["/claude help", { command: "help" }],
  ["/claude forget 0a1b2c3d", { command: "forget", id: "0a1b2c3d" }],
  ["/claude forget 0A1B2C3D\nit is noise", { command: "forget", id: "0a1b2c3d" }],
  ["@claude forget 0a1b2c3d", { command: "forget", id: "0a1b2c3d" }],
  ["/claude forget", { command: "unknown", word: "forget" }],
  ["/claude forget 0a1b2c3d 11111111", { command: "unknown", word: "forget" }],
  ["/claude forget ../../etc", { command: "unknown", word: "forget" }],
  ["/claude forget 0a1b2c3", { command: "unknown", word: "forget" }],
  ["/claude", { command: "help" }],
  ["/claude frobnicate now", { command: "unknown", word: "frobnicate" }],
  ["/claudereview", undefined],
  ["please /claude review", undefined],
  ["nice work", undefined],
  ["", undefined],
  ["@claude why is this async?", { command: "ask", question: "why is this async?" }],
  ["Hey @Claude, why?", { command: "ask", question: "Hey why?" }],
  ["what does this do @claude", { command: "ask", question: "what does this do" }],
  ["@claude review", { command: "review", paths: [] }],
  ["@claude fix", { command: "fix" }],
  ["@claude help", { command: "help" }],
  ["@claude", { command: "help" }],
  ["@claude ask what now", { command: "ask", question: "what now" }],
  ["@claude frobnicate", { command: "ask", question: "frobnicate" }],
  ["@claude-bot hi", undefined],
  ["mail me@claude please", undefined],
  ["see @claude.ai", undefined],
  ["`@claude` is our bot", undefined],
  ["> @claude why?\nI had the same question", undefined],
  ["```\n@claude inside code\n```\nno mention here", undefined],
  ["```\ncode\n```\n@claude after code", { command: "ask", question: "```\ncode\n```\nafter code" }],
  ["@\u200bclaude defused by our neutraliser", undefined],
];

describe("parseCommentCommand", () => {
  for (const [body, expected] of cases) {
    it(`${JSON.stringify(body)} → ${expected ? JSON.stringify(expected) : "not addressed to us"}`, () => {
      expect(parseCommentCommand(body, addressing)).toEqual(expected);
    });
  }

  it("follows a configured prefix and mention", () => {
    const custom = { commandPrefix: "/bot", mention: "@helper" };
    expect(parseCommentCommand("/bot fix", custom)).toEqual({ command: "fix" });
    expect(parseCommentCommand("/claude fix", custom)).toBeUndefined();
    expect(parseCommentCommand("@helper why", custom)).toEqual({ command: "ask", question: "why" });
    expect(parseCommentCommand("@claude why", custom)).toBeUndefined();
  });
});

describe("parseCommentCommand: blanks, fences, quotes and handles", () => {
  const parse = (body: string) => parseCommentCommand(body, addressing);

  it("paths are split on runs of blanks and end at the line's end", () => {
    expect(parse("/claude review a.ts   b.ts \nmore")).toEqual({
      command: "review",
      paths: ["a.ts", "b.ts"],
    });
  });

  it("a fence is three or more backticks or tildes at the start of a line (indented too)", () => {
    expect(parse("see ``` this\n@claude why")).toEqual({ command: "ask", question: "see ``` this\nwhy" });
    expect(parse("  ```\n@claude inside\n  ```")).toBeUndefined();
    expect(parse("~~~\n@claude inside\n~~~")).toBeUndefined();
    expect(parse("`code` first\n@claude why")).toEqual({ command: "ask", question: "`code` first\nwhy" });
    expect(parse("~ tilde\n@claude why")).toEqual({ command: "ask", question: "~ tilde\nwhy" });
  });

  // What GitHub shows as code or hides must not ask: a writer may paste someone else's text.
  it("a fence closes only on a bare run of its own character, at least as long", () => {
    expect(parse("```\n```js\n@claude fix\n```")).toBeUndefined();
    expect(parse("````\n```\n@claude fix\n````")).toBeUndefined();
    expect(parse("~~~\n```\n@claude fix\n~~~")).toBeUndefined();
    expect(parse("```\ncode\n```  \n@claude why")).toEqual({
      command: "ask",
      question: "```\ncode\n```  \nwhy",
    });
  });

  it("a mention in an HTML comment or an inline code span is no mention", () => {
    expect(parse("LGTM <!-- @claude fix -->")).toBeUndefined();
    expect(parse("LGTM <!--\n@claude fix\n-->")).toBeUndefined();
    expect(parse("LGTM <!-- never closed\n@claude fix")).toBeUndefined();
    expect(parse("run `x @claude fix` to see")).toBeUndefined();
    expect(parse("run ``a ` @claude fix`` to see")).toBeUndefined();
    expect(parse("`code` then @claude why")).toEqual({ command: "ask", question: "`code` then why" });
    expect(parse("<!-- note --> @claude why")).toEqual({ command: "ask", question: "why" });
  });

  it("only a line that starts with > is a quote", () => {
    expect(parse("is 2 > 1? @claude why")).toEqual({ command: "ask", question: "is 2 > 1? why" });
    expect(parse("  > @claude quoted")).toBeUndefined();
  });

  it("the handle's blanks go with it", () => {
    expect(parse("Hey @claude,   why")).toEqual({ command: "ask", question: "Hey why" });
  });

  it("a handle's dots are literal", () => {
    const dotted = { commandPrefix: "/claude", mention: "@my.bot" };
    expect(parseCommentCommand("@myxbot hi", dotted)).toBeUndefined();
    expect(parseCommentCommand("@my.bot hi", dotted)).toEqual({ command: "ask", question: "hi" });
  });
});
