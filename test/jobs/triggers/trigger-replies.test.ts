import { describe, expect, it } from "vitest";
import {
  closedReply,
  helpReply,
  refusalReply,
  usageReply,
} from "../../../src/jobs/triggers/trigger-replies.js";

const addressing = { commandPrefix: "/bot", mention: "@helper" };

describe("the fixed replies (no model)", () => {
  it("help lists every command with the configured prefix and mention", () => {
    expect(helpReply(addressing)).toBe(
      [
        "**Claude commands** (writers only; others get a short refusal)",
        "",
        "- `/bot review`: review this pull request again; `/bot review PATH…` reviews only those paths.",
        "- `/bot fix`: fix the review's findings and push a commit (suggestions on fork PRs).",
        "- `/bot describe`: write a summary, a walkthrough and the risks into a section of the PR description.",
        "- `/bot ask QUESTION` or `@helper QUESTION`: answer a question about the code (read-only).",
        '- `/bot forget ID`: stop applying a learned "not useful" rule (the ID is in the review\'s log and `claude-pr-runner learnings list`).',
        "- `/bot help`: this list.",
      ].join("\n"),
    );
  });

  it("usage names the unknown command (cut to 40 characters), then the help", () => {
    expect(usageReply(addressing, { unknownCommand: "deploy", isPullRequest: true })).toBe(
      `I do not know the command \`deploy\`.\n\n${helpReply(addressing)}`,
    );
    const long = "x".repeat(60);
    expect(usageReply(addressing, { unknownCommand: long, isPullRequest: true })).toContain(
      `\`${"x".repeat(40)}\`.`,
    );
    expect(usageReply(addressing, { isPullRequest: true })).toContain("I do not know the command ``.");
  });

  it("a forget without a well-formed id says what it takes", () => {
    expect(usageReply(addressing, { unknownCommand: "forget", isPullRequest: true })).toMatch(
      /^`\/bot forget` takes one learning id \(8 hex digits\), e\.g\. `\/bot forget 0a1b2c3d`\.\n\n\*\*Claude commands\*\*/,
    );
  });

  it("a refusal names what was not run: a fix, an answer, a description, a forget", () => {
    const refused = (job: "autofix" | "ask" | "describe" | "forget") =>
      refusalReply({ requester: "visitor", job }, "octo/app");
    expect(refused("autofix")).toContain("so this fix was not run");
    expect(refused("ask")).toContain("so this answer was not run");
    expect(refused("describe")).toContain("so this description was not run");
    expect(refused("forget")).toContain("so this change to what reviews learned was not run");
  });

  it("review and fix on an issue say they work on pull requests only", () => {
    expect(usageReply(addressing, { unknownCommand: "review", isPullRequest: false })).toMatch(
      /^`\/bot review` works on pull requests only\.\n\n\*\*Claude commands\*\*/,
    );
    expect(usageReply(addressing, { unknownCommand: "fix", isPullRequest: false })).toMatch(
      /^`\/bot fix` works on pull requests only\./,
    );
    expect(usageReply(addressing, { unknownCommand: "describe", isPullRequest: false })).toMatch(
      /^`\/bot describe` works on pull requests only\./,
    );
    // On a PR a `review` usage cannot happen, but the text still says what is unknown.
    expect(usageReply(addressing, { unknownCommand: "review", isPullRequest: true })).toMatch(
      /^I do not know the command `review`/,
    );
    expect(usageReply(addressing, { unknownCommand: "ask", isPullRequest: false })).toMatch(
      /^I do not know the command `ask`/,
    );
  });

  it("the refusal names the requester, the repository and what was not run", () => {
    expect(refusalReply({ requester: "visitor", job: "ask" }, "o/r")).toBe(
      "Sorry, @visitor does not have write access to o/r, so this answer was not run: only writers can ask for one. A maintainer can ask for it instead.",
    );
    expect(refusalReply({ requester: "v", job: "autofix" }, "o/r")).toContain("so this fix was not run");
    expect(refusalReply({ requester: "v", job: "review" }, "o/r")).toContain("so this review was not run");
    expect(refusalReply({ job: "review" }, "o/r")).toMatch(/^Sorry, the requester does not have/);
  });

  it("the closed notice says what is closed", () => {
    expect(closedReply({ isPullRequest: true })).toBe(
      "This pull request is closed, so nothing was run. Reopen it to use commands again.",
    );
    expect(closedReply({ isPullRequest: false })).toBe(
      "This issue is closed, so nothing was run. Reopen it to use commands again.",
    );
  });
});
