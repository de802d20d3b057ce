import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFingerprintMarkers } from "../../src/findings/fingerprint-marker.js";
import { parseUnifiedDiff } from "../../src/github/diff-line-map.js";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { ForbiddenReviewEventError, type ReviewEvent } from "../../src/github/review-event.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import type { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, newFileDiff, SAMPLE_DIFF, startDoubleWithPr, testClient } from "./pr-fixture.js";

let gh: GitHubDouble;
let octokit: GitHubClient;
const pr = { owner: "acme", repo: "app", pullNumber: 7, commitSha: HEAD_SHA };

beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = testClient(gh);
});
afterEach(async () => {
  // No request in any test may depart from GitHub's OpenAPI description, and none may approve.
  expect(gh.violations).toEqual([]);
  expect(gh.callsTo("pulls/create-review").map((c) => (c.body as { event?: string }).event)).not.toContain(
    "APPROVE",
  );
  await gh.close();
});

async function lineMap() {
  return (await fetchPullRequestLineMap(octokit, pr)).lineMap;
}

describe("ReviewPublisher", () => {
  it("posts one review with inline, range and suggestion comments, each fingerprinted", async () => {
    const findings = [
      finding({ path: "src/app.ts", startLine: 3, title: "Off by one" }),
      finding({
        path: "src/app.ts",
        startLine: 3,
        endLine: 5,
        title: "Simplify",
        suggestion: "new3\nnew3b\nline4\n",
      }),
      finding({ path: "src/new-name.ts", startLine: 11, title: "Renamed file issue" }),
    ];
    const result = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap: await lineMap() });

    expect(result).toMatchObject({ inlineComments: 3, bodyFindings: 0, event: "COMMENT" });
    expect(gh.callCounts()["pulls/create-review"]).toBe(1);
    const comments = gh.reviewCommentsOn("acme", "app", 7);
    expect(comments.map((c) => [c.path, c.startLine, c.line])).toEqual([
      ["src/app.ts", null, 3],
      ["src/app.ts", 3, 5],
      ["src/new-name.ts", null, 11],
    ]);
    expect(comments[1]!.body).toContain("```suggestion\nnew3\nnew3b\nline4\n```");
    expect(comments[0]!.body).not.toContain("suggestion");
    expect(new Set(comments.flatMap((c) => readFingerprintMarkers(c.body))).size).toBe(3);
    expect(gh.state.reviews[0]).toMatchObject({ state: "COMMENTED", commitId: HEAD_SHA });
  });

  it("requests changes when a finding is an error", async () => {
    const findings = [finding({ path: "src/app.ts", startLine: 23, severity: "error" })];
    const result = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap: await lineMap() });
    expect(result.event).toBe("REQUEST_CHANGES");
    expect(gh.state.reviews[0]?.state).toBe("CHANGES_REQUESTED");
  });

  it("refuses APPROVE in code, before any request", async () => {
    const publisher = new ReviewPublisher(octokit);
    const findings = [finding({ path: "src/app.ts", startLine: 3 })];
    await expect(
      publisher.publish({
        ...pr,
        findings,
        lineMap: await lineMap(),
        event: "APPROVE" as unknown as ReviewEvent,
      }),
    ).rejects.toBeInstanceOf(ForbiddenReviewEventError);
    expect(gh.callsTo("pulls/create-review")).toHaveLength(0);
  });

  it("never 422s on findings outside the diff: file-level comments and body entries instead", async () => {
    const findings = [
      finding({ path: "src/app.ts", startLine: 10, title: "Between hunks" }),
      finding({ path: "src/untouched.ts", startLine: 1, title: "Elsewhere" }),
      finding({ path: "src/removed.ts", startLine: 1, title: "In a deleted file" }),
      finding({ path: "src/app.ts", startLine: 23, title: "On an added line" }),
    ];
    const result = await new ReviewPublisher(octokit, { filterMode: "nofilter" }).publish({
      ...pr,
      findings,
      lineMap: await lineMap(),
    });
    expect(result).toMatchObject({ inlineComments: 1, fileComments: 1, bodyFindings: 2, filtered: 0 });
    expect(gh.calls.filter((c) => c.status >= 400)).toEqual([]);
    const fileComment = gh.reviewCommentsOn("acme", "app", 7).find((c) => c.subjectType === "file");
    expect(fileComment).toMatchObject({ path: "src/app.ts", line: null });
    const body = gh.state.reviews[0]!.body;
    expect(body).toContain("More findings (2)");
    expect(body).toContain("`src/untouched.ts:1`");
    expect(readFingerprintMarkers(body)).toHaveLength(2);
  });

  it("reports filtered findings in the body count only (filter mode added)", async () => {
    const findings = [
      finding({ path: "src/app.ts", startLine: 1 }),
      finding({ path: "src/app.ts", startLine: 4 }),
    ];
    const result = await new ReviewPublisher(octokit, { filterMode: "added" }).publish({
      ...pr,
      findings,
      lineMap: await lineMap(),
    });
    expect(result).toMatchObject({ inlineComments: 1, filtered: 1 });
    expect(gh.state.reviews[0]!.body).toContain("1 finding(s) outside the changed lines (filter: `added`)");
  });

  it("caps inline comments (configurable) and moves the overflow into the body, errors first", async () => {
    await gh.close();
    gh = await startDoubleWithPr(newFileDiff("src/big.ts", 100));
    octokit = testClient(gh);
    const findings = Array.from({ length: 12 }, (_, i) =>
      finding({ path: "src/big.ts", startLine: i + 1, severity: i >= 10 ? "error" : "notice" }),
    );
    const result = await new ReviewPublisher(octokit, { maxInlineComments: 5 }).publish({
      ...pr,
      findings,
      lineMap: await lineMap(),
    });
    expect(result).toMatchObject({ inlineComments: 5, bodyFindings: 7 });
    const lines = gh.reviewCommentsOn("acme", "app", 7).map((c) => c.line);
    expect(lines).toEqual([11, 12, 1, 2, 3]);
    expect(gh.callCounts()["pulls/create-review"]).toBe(1);
  });

  it("a second run with the same findings creates nothing", async () => {
    const findings = [
      finding({ path: "src/app.ts", startLine: 3 }),
      finding({ path: "src/untouched.ts", startLine: 1 }),
      finding({ path: "src/app.ts", startLine: 10 }),
    ];
    const publisher = new ReviewPublisher(octokit, { filterMode: "nofilter" });
    const map = await lineMap();
    await publisher.publish({ ...pr, findings, lineMap: map });
    const before = { reviews: gh.state.reviews.length, comments: gh.state.reviewComments.length };
    gh.resetCalls();
    const second = await publisher.publish({ ...pr, findings, lineMap: map });
    expect(second).toMatchObject({ alreadyPosted: 3, inlineComments: 0, deletedOutdated: 0 });
    expect(second.reviewId).toBeUndefined();
    expect({ reviews: gh.state.reviews.length, comments: gh.state.reviewComments.length }).toEqual(before);
    expect(Object.keys(gh.callCounts()).sort()).toEqual(["pulls/list-review-comments", "pulls/list-reviews"]);
  });

  it("keeps two same-titled findings in one file apart", async () => {
    const findings = [
      finding({ path: "src/app.ts", startLine: 3, title: "Unused variable" }),
      finding({ path: "src/app.ts", startLine: 4, title: "Unused variable" }),
    ];
    const result = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap: await lineMap() });
    expect(result.inlineComments).toBe(2);
  });

  it("leaves comments without our marker alone", async () => {
    await octokit.rest.pulls.createReview({
      owner: "acme",
      repo: "app",
      pull_number: 7,
      event: "COMMENT",
      body: "human",
      comments: [{ path: "src/app.ts", line: 3, side: "RIGHT", body: "a human's note" }],
    });
    const result = await new ReviewPublisher(octokit).publish({
      ...pr,
      findings: [],
      lineMap: await lineMap(),
    });
    expect(result).toMatchObject({ deletedOutdated: 0, resolvedOutdated: 0 });
    expect(gh.reviewCommentsOn("acme", "app", 7)).toHaveLength(1);
    expect(gh.calls.filter((c) => c.operationId.startsWith("graphql"))).toEqual([]);
  });

  it("rejects a malformed finding before any request is sent", async () => {
    const findings = [
      finding({ path: "src/app.ts", startLine: 3 }),
      finding({ path: "src/app.ts", startLine: 0 }),
    ];
    const map = await lineMap();
    gh.resetCalls();
    await expect(new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap: map })).rejects.toThrow(
      /finding #1 \(startLine\)/,
    );
    expect(gh.calls).toEqual([]);
  });

  it("rides out a secondary rate limit on the review call and posts exactly one review", async () => {
    gh.failNext("pulls/create-review", { kind: "secondary_rate_limit", retryAfterSeconds: 2 });
    const findings = [finding({ path: "src/app.ts", startLine: 3 })];
    const result = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap: await lineMap() });
    expect(result.inlineComments).toBe(1);
    expect(gh.callsTo("pulls/create-review").map((c) => c.status)).toEqual([403, 200]);
    expect(gh.state.reviews).toHaveLength(1);
  });

  it("falls back to the body when GitHub 422s a stale line map", async () => {
    const stale = parseUnifiedDiff(newFileDiff("src/app.ts", 60)); // claims line 50 is in the diff; it is not
    const findings = [finding({ path: "src/app.ts", startLine: 50, title: "Stale" })];
    const result = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap: stale });
    expect(result).toMatchObject({ fellBackToBody: true, bodyFindings: 1, inlineComments: 0 });
    expect(gh.callsTo("pulls/create-review").map((c) => c.status)).toEqual([422, 200]);
    expect(gh.state.reviews[0]!.body).toContain("Stale");
  });
});

describe("fetchPullRequestLineMap", () => {
  it("uses the diff media type when GitHub serves it", async () => {
    const { source, lineMap: map } = await fetchPullRequestLineMap(octokit, pr);
    expect(source).toBe("diff");
    expect(map.lineKind("src/app.ts", 23)).toBe("added");
    expect(gh.callsTo("pulls/get")[0]!.accept).toMatch(/application\/vnd\.github(\.v3)?\.diff/);
  });

  it("falls back to the paginated files API on 406 (diff too large)", async () => {
    const diff = Array.from({ length: 230 }, (_, i) => newFileDiff(`f${i}.ts`, 2)).join("");
    gh.addPullRequest({ owner: "acme", repo: "app", number: 8, diff, diffTooLarge: true });
    const { source, lineMap: map } = await fetchPullRequestLineMap(octokit, { ...pr, pullNumber: 8 });
    expect(source).toBe("files");
    expect(map.files.size).toBe(230);
    expect(map.lineKind("f229.ts", 2)).toBe("added");
    expect(gh.callsTo("pulls/get").map((c) => c.status)).toEqual([406]);
    expect(gh.callsTo("pulls/list-files")).toHaveLength(3);
  });
});

it("SAMPLE_DIFF is what the double serves", () => {
  expect(SAMPLE_DIFF).toContain("rename from src/old-name.ts");
});
