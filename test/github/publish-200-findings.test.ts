import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../src/findings/finding.js";
import { CheckRunPublisher } from "../../src/github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import { StickyComment } from "../../src/github/sticky-comment.js";
import type { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, newFileDiff, startDoubleWithPr, testClient } from "./pr-fixture.js";

/** What a review job does with its findings, in order: the exact request budget is the contract. */
async function publishRun(octokit: GitHubClient, findings: Finding[]) {
  const pr = { owner: "acme", repo: "app", pullNumber: 7 };
  const checks = new CheckRunPublisher(octokit);
  const handle = await checks.start({ owner: "acme", repo: "app", name: "claude-review", headSha: HEAD_SHA });
  const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
  const review = await new ReviewPublisher(octokit).publish({
    ...pr,
    commitSha: HEAD_SHA,
    findings,
    lineMap,
  });
  const check = await checks.complete(handle, {
    outcome: { status: "success", isError: false },
    title: `${findings.length} findings`,
    summary: "Review complete",
    findings,
  });
  const sticky = await new StickyComment(octokit).publish(
    { owner: "acme", repo: "app", issueNumber: 7 },
    {
      title: "Claude review",
      verdict: "Comment",
      findings,
      reviewedSha: HEAD_SHA,
      numTurns: 3,
      totalCostUsd: 0.2,
    },
  );
  return { review, check, sticky };
}

describe("publishing 200 findings", () => {
  let gh: GitHubDouble;
  let octokit: GitHubClient;
  const findings = Array.from({ length: 200 }, (_, i) =>
    finding({
      path: "src/generated.ts",
      startLine: i + 1,
      title: `Finding ${i}`,
      severity: i < 5 ? "error" : "warning",
    }),
  );
  beforeAll(async () => {
    gh = await startDoubleWithPr(newFileDiff("src/generated.ts", 250));
    octokit = testClient(gh);
  });
  afterAll(async () => {
    expect(gh.violations).toEqual([]);
    await gh.close();
  });

  it("makes exactly 1 review call, 4 check-run updates and 1 summary comment write", async () => {
    const { review, check, sticky } = await publishRun(octokit, findings);
    expect(gh.callCounts()).toEqual({
      "checks/create": 1,
      "pulls/get": 1,
      "pulls/list-review-comments": 1,
      "pulls/list-reviews": 1,
      "pulls/create-review": 1,
      "checks/update": 4,
      "issues/list-comments": 1,
      "issues/create-comment": 1,
    });
    expect(review).toMatchObject({ inlineComments: 30, bodyFindings: 170, event: "REQUEST_CHANGES" });
    expect(check).toEqual({ conclusion: "success", updates: 4 });
    expect(sticky.action).toBe("created");
    expect(gh.state.checkRuns[0]!.annotations).toHaveLength(200);
    expect(gh.reviewCommentsOn("acme", "app", 7)).toHaveLength(30);
  });

  it("a second run with the same findings posts no review, no comment and no summary change", async () => {
    const before = {
      reviews: gh.state.reviews.length,
      reviewComments: gh.state.reviewComments.length,
      issueComments: gh.state.issueComments.length,
    };
    gh.resetCalls();
    const { review, sticky } = await publishRun(octokit, findings);
    expect(review.reviewId).toBeUndefined();
    expect(review.alreadyPosted).toBe(200);
    expect(sticky.action).toBe("unchanged");
    const counts = gh.callCounts();
    expect(counts["pulls/create-review"]).toBeUndefined();
    expect(counts["pulls/create-review-comment"]).toBeUndefined();
    expect(counts["issues/create-comment"]).toBeUndefined();
    expect(counts["issues/update-comment"]).toBeUndefined();
    expect({
      reviews: gh.state.reviews.length,
      reviewComments: gh.state.reviewComments.length,
      issueComments: gh.state.issueComments.length,
    }).toEqual(before);
  });
});
