import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReviewJobError } from "../../../src/jobs/review/review-pull-request.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { ReviewJobFixture } from "../../harness/review-job-fixture.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The repository's .github/claude-pr-runner.yml, read at the base, through the shared review job
// (every door runs it), the real CLI 2.1.235, the scripted model and the OpenAPI-validated GitHub double.

const CONFIG = ".github/claude-pr-runner.yml";
const finding = (line: number, severity: string, category: string, title: string) => ({
  path: "src/math.ts",
  start_line: line,
  end_line: line,
  severity,
  title,
  body: `${title}.`,
  category,
});

let fixture: ReviewJobFixture;
beforeEach(async () => {
  fixture = await ReviewJobFixture.start("repository-rules-");
});
afterEach(() => fixture.close());

/** A base with `config` as the rules file, and a head that also rewrites it (which must not count). */
function pullRequestWith(config: string): PullRequestRef {
  const { repo } = fixture;
  for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
  repo.write(CONFIG, config);
  const baseSha = repo.commitAll("base");
  for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
  repo.write(CONFIG, "post_threshold: notice\n");
  return fixture.openPullRequest(baseSha, repo.commitAll("add sub"));
}

describe("a review under the base branch's .github/claude-pr-runner.yml", () => {
  it("posts inline only what reaches post_threshold, drops ignored categories, and tells the model the rules", async () => {
    const pr = pullRequestWith(
      [
        "post_threshold: warning",
        "ignore_categories: [style]",
        "rules:",
        "  - paths: [src/**]",
        "    instructions: Arithmetic helpers must do what their name says.",
      ].join("\n"),
    );
    const result = await fixture.review(pr, [
      {
        kind: "structured_output",
        value: {
          verdict: "request_changes",
          summary: "Three remarks.",
          findings: [
            finding(14, "error", "bug", "sub() adds instead of subtracting"),
            finding(13, "notice", "performance", "a tiny nit below the threshold"),
            finding(14, "warning", "Style", "an ignored style remark"),
          ],
        },
      },
    ]);
    expect(result.status).toBe("reviewed");
    // The rules reached the model: the base's file, not the head's rewrite.
    const prompt = JSON.stringify(fixture.api?.mainRequests[0]?.body);
    expect(prompt).toContain("Arithmetic helpers must do what their name says.");
    expect(prompt).toContain("Do not report findings of these categories: style.");
    // Inline: only the error. The notice is in the summary and the check run; the style one nowhere.
    expect(fixture.github.reviewCommentsOn("octo", "app", 7).map((c) => c.body)).toEqual([
      expect.stringContaining("sub() adds instead of subtracting"),
    ]);
    const sticky = fixture.sticky();
    expect(sticky).toContain("a tiny nit below the threshold");
    expect(sticky).not.toContain("an ignored style remark");
    expect(sticky).toContain(
      "1 finding(s) below the post threshold (warning) are listed here, not posted inline",
    );
    expect(sticky).toMatch(
      /1 finding\(s\) dropped, their category is ignored by \.github\/claude-pr-runner\.yml at [0-9a-f]{12}: Style/,
    );
    const check = fixture.github.state.checkRuns[0]!;
    expect(check.annotations.map((a) => a.title)).toEqual([
      "sub() adds instead of subtracting",
      "a tiny nit below the threshold",
    ]);
  });

  it("an invalid file stops the review before any model request: the check run and the sticky comment name each bad key", async () => {
    const pr = pullRequestWith(
      "post_threshold: high\nrules:\n  - paths: [src/**]\n    severity_floor: critical\n",
    );
    await expect(
      fixture.review(pr, [
        { kind: "structured_output", value: { verdict: "pass", summary: "Fine.", findings: [] } },
      ]),
    ).rejects.toBeInstanceOf(ReviewJobError);
    expect(fixture.api?.mainRequests).toHaveLength(0);
    const check = fixture.github.state.checkRuns[0]!;
    expect(check).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(check.output.title).toBe("Not reviewed: invalid repository config");
    expect(check.output.summary).toContain(
      '- `post_threshold` must be one of notice, warning, error; got "high"',
    );
    expect(check.output.summary).toContain(
      '- `rules[0].severity_floor` must be one of notice, warning, error; got "critical"',
    );
    const sticky = fixture.sticky();
    expect(sticky).toContain("## Claude review: not reviewed");
    expect(sticky).toContain("`post_threshold` must be one of notice, warning, error");
  });
});
