// Text that GitHub acts on, not only shows: a closing keyword with an issue reference ("Fixes #12",
// "closes octo/app#3", "resolves https://github.com/octo/app/issues/4") in a pull request's body or
// in a commit that lands on the default branch closes that issue when the PR merges. The describe
// job writes the agent's summary into the PR body, and an autofix's commit message is the agent's
// own: a hostile agent could have every open issue of the repository closed by one merge. A
// commit's trailers are acted on too: `Co-authored-by` and `On-behalf-of` credit whoever they name.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { OutputNeutraliser } from "../../src/github/neutralise-output.js";
import { autofixCommitMessage } from "../../src/jobs/autofix/push-fix.js";
import { publishDescription } from "../../src/jobs/describe/publish-description.js";
import { GitHubDouble } from "../github-double/index.js";

/**
 * GitHub's rule for a closing reference, as its docs state it: one of nine keywords (any case), an
 * optional colon, whitespace, then `#N`, `owner/repo#N` or an issue URL.
 */
const GITHUB_CLOSING_REFERENCE =
  /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+(?:[\w.-]+\/[\w.-]+)?#\d+|\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?):?\s+https?:\/\/\S+\/issues\/\d+/gi;

const HOSTILE = [
  "Fixes #1",
  "closes octo/app#2",
  "RESOLVED: #3",
  "fix https://github.com/octo/app/issues/4",
  "Resolves:   #5 and closes other-org/other.repo#6",
].join(". ");

describe("closing keywords and trailers the agent writes", () => {
  let github: GitHubDouble;
  let octokit: GitHubClient;
  beforeEach(async () => {
    github = await GitHubDouble.start();
    octokit = createGitHubClient({ token: github.token, baseUrl: github.url, writeSpacingMs: 0 });
    github.addRepo("octo", "app");
    github.addPullRequest({
      owner: "octo",
      repo: "app",
      number: 7,
      title: "t",
      body: "Fixes #99 (the author's own reference stays).",
      diff: "",
      headSha: "c".repeat(40),
      baseSha: "b".repeat(40),
    });
  });
  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.close();
  });

  it("a description in the PR body closes no issue, and the author's own text is kept as written", async () => {
    const published = await publishDescription(
      octokit,
      { owner: "octo", repo: "app", pullNumber: 7 },
      {
        title: "Fixes #7 in the title",
        summary: HOSTILE,
        walkthrough: [{ concern: "closes #8", files: [{ path: "a.ts", change: "fixes #9" }] }],
        risks: ["resolves #10"],
      },
    );
    expect(published.where).toBe("body");
    const body = published.where === "body" ? published.body : "";
    const references = body.match(GITHUB_CLOSING_REFERENCE) ?? [];
    // Only the author's own reference, outside our section, is still one.
    expect(references).toEqual(["Fixes #99"]);
    // The text still reads the same.
    expect(body.replace(/\u200b/g, "")).toContain(HOSTILE);
  });

  it("an autofix's commit message closes no issue and credits no one but who the job names", () => {
    const message = autofixCommitMessage(
      [
        `fix: add numbers. ${HOSTILE}`,
        "",
        "Co-authored-by: mallory <mallory@example.com>",
        "On-behalf-of: @victim-org <billing@victim.example>",
        "Signed-off-by: Maintainer <maintainer@example.com>",
        "cc @octo-org/security",
      ].join("\n"),
      [{ name: "Claude", email: "noreply@anthropic.com" }],
      new OutputNeutraliser(),
    );
    expect(message.match(GITHUB_CLOSING_REFERENCE)).toBeNull();
    expect(message).not.toMatch(/mallory|On-behalf-of|Signed-off-by/i);
    expect(message).not.toMatch(/@octo-org/);
    // Ours is the only trailer, on the last paragraph.
    expect(message.trimEnd().split("\n").at(-1)).toBe("Co-authored-by: Claude <noreply@anthropic.com>");
    expect(message.match(/^[\w-]+:/gim)?.filter((t) => /-by:|behalf/i.test(t))).toEqual(["Co-authored-by:"]);
    expect(message.replace(/\u200b/g, "")).toContain("fix: add numbers. Fixes #1");
  });
});
