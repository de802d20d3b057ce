import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckRunPublisher } from "../../src/github/check-run-publisher.js";
import { createOnce } from "../../src/github/create-once.js";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { httpStatusOf } from "../../src/github/http-status.js";
import { IssuePublisher } from "../../src/github/issue-publisher.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import { StickyComment } from "../../src/github/sticky-comment.js";
import type { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, startDoubleWithPr, testClient } from "./pr-fixture.js";

let gh: GitHubDouble;
let octokit: GitHubClient;
const pr = { owner: "acme", repo: "app", pullNumber: 7, commitSha: HEAD_SHA };
const stored502 = { kind: "server_error_after_write", status: 502 } as const;
const lost502 = { kind: "server_error", status: 502 } as const;
const statuses = (op: string) => gh.callsTo(op).map((c) => c.status);

beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = testClient(gh);
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

describe("a 5xx on a create never duplicates it", () => {
  it("the fault is real: plain plugin-retry posts a review twice when GitHub stored it and answered 502", async () => {
    gh.failNext("pulls/create-review", stored502);
    await octokit.rest.pulls.createReview({
      owner: "acme",
      repo: "app",
      pull_number: 7,
      event: "COMMENT",
      body: "x",
    });
    expect(statuses("pulls/create-review")).toEqual([502, 200]);
    expect(gh.state.reviews).toHaveLength(2);
  });

  it("review: GitHub stored it, then answered 502 → exactly one review, its id reported", async () => {
    gh.failNext("pulls/create-review", stored502);
    const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
    const findings = [
      finding({ path: "src/app.ts", startLine: 3 }),
      finding({ path: "src/app.ts", startLine: 23 }),
    ];
    const result = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap });
    expect(gh.state.reviews).toHaveLength(1);
    expect(gh.state.reviewComments).toHaveLength(2);
    expect(result).toMatchObject({ reviewId: gh.state.reviews[0]!.id, inlineComments: 2 });
    expect(statuses("pulls/create-review")).toEqual([502]);
    // A re-run sees the review's comments and posts nothing.
    const again = await new ReviewPublisher(octokit).publish({ ...pr, findings, lineMap });
    expect(again.alreadyPosted).toBe(2);
    expect(gh.state.reviews).toHaveLength(1);
  });

  it("review: a 502 that did not store it is posted again, once", async () => {
    gh.failNext("pulls/create-review", lost502);
    const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
    const result = await new ReviewPublisher(octokit).publish({
      ...pr,
      findings: [finding({ path: "src/app.ts", startLine: 3 })],
      lineMap,
    });
    expect(statuses("pulls/create-review")).toEqual([502, 200]);
    expect(gh.state.reviews.map((r) => r.id)).toEqual([result.reviewId]);
  });

  it("an earlier identical review does not count as this one", async () => {
    const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
    const summary = "Same words every time";
    await octokit.rest.pulls.createReview({
      ...{ owner: "acme", repo: "app", pull_number: 7, commit_id: HEAD_SHA },
      event: "COMMENT",
      body: summary,
    });
    gh.failNext("pulls/create-review", lost502);
    const result = await new ReviewPublisher(octokit, { filterMode: "nofilter" }).publish({
      ...pr,
      summary,
      findings: [finding({ path: "src/app.ts", startLine: 3 })],
      lineMap,
    });
    expect(gh.state.reviews).toHaveLength(2);
    expect(result.reviewId).toBe(gh.state.reviews[1]!.id);
  });

  it("file-level review comment: stored then 502 → exactly one", async () => {
    gh.failNext("pulls/create-review-comment", stored502);
    const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
    const result = await new ReviewPublisher(octokit, { filterMode: "file" }).publish({
      ...pr,
      findings: [finding({ path: "src/app.ts", startLine: 12 })],
      lineMap,
    });
    expect(result.fileComments).toBe(1);
    expect(gh.state.reviewComments.filter((c) => c.subjectType === "file")).toHaveLength(1);
    expect(statuses("pulls/create-review-comment")).toEqual([502]);
  });

  it("sticky comment: stored then 502 → exactly one, reported as created", async () => {
    gh.failNext("issues/create-comment", stored502);
    const sticky = new StickyComment(octokit, { key: "k" });
    const out = await sticky.upsert({ owner: "acme", repo: "app", issueNumber: 7 }, "hello");
    expect(gh.state.issueComments).toHaveLength(1);
    expect(out).toEqual({ commentId: gh.state.issueComments[0]!.id, action: "created" });
    expect((await sticky.upsert({ owner: "acme", repo: "app", issueNumber: 7 }, "hello")).action).toBe(
      "unchanged",
    );
  });

  it("issues: stored then 502 → one issue per finding, and the next run files nothing", async () => {
    gh.failNext("issues/create", stored502);
    const publisher = new IssuePublisher(octokit);
    const findings = [
      finding({ path: "a.ts", startLine: 1, title: "One" }),
      finding({ path: "b.ts", startLine: 2, title: "Two" }),
    ];
    const first = await publisher.sync({ owner: "acme", repo: "app", findings });
    expect(
      gh
        .issuesOf("acme", "app")
        .map((i) => i.title)
        .sort(),
    ).toEqual(["[bug] One", "[bug] Two"]);
    expect(first.created.sort()).toEqual(
      gh
        .issuesOf("acme", "app")
        .map((i) => i.number)
        .sort(),
    );
    expect(statuses("issues/create")).toEqual([502, 201]);
    const second = await publisher.sync({ owner: "acme", repo: "app", findings });
    expect(second.created).toEqual([]);
    expect(gh.issuesOf("acme", "app")).toHaveLength(2);
  });

  it("issues: the closing comment, stored then 502, is posted once", async () => {
    const publisher = new IssuePublisher(octokit);
    await publisher.sync({
      owner: "acme",
      repo: "app",
      findings: [finding({ path: "a.ts", startLine: 1 })],
      sha: "d".repeat(40),
    });
    gh.failNext("issues/create-comment", stored502);
    const result = await publisher.sync({ owner: "acme", repo: "app", findings: [], sha: "e".repeat(40) });
    expect(result.closed).toHaveLength(1);
    expect(gh.state.issueComments.map((c) => c.body)).toEqual([expect.stringContaining("no longer appears")]);
    expect(gh.issuesOf("acme", "app")[0]!.state).toBe("closed");
  });

  it("check run: stored then 502 → exactly one, found by its external_id", async () => {
    gh.failNext("checks/create", stored502);
    const checks = new CheckRunPublisher(octokit);
    const handle = await checks.start({
      owner: "acme",
      repo: "app",
      name: "Claude review",
      headSha: HEAD_SHA,
    });
    expect(gh.state.checkRuns).toHaveLength(1);
    expect(handle.checkRunId).toBe(gh.state.checkRuns[0]!.id);
    expect(gh.state.checkRuns[0]!.externalId).toMatch(/^claude-pr-runner:/);
    expect(statuses("checks/create")).toEqual([502]);
    expect(statuses("checks/list-for-ref")).toEqual([200]);
  });

  it("check run: another run of the same name on the commit is not mistaken for ours", async () => {
    const checks = new CheckRunPublisher(octokit);
    await checks.start({ owner: "acme", repo: "app", name: "Claude review", headSha: HEAD_SHA });
    gh.failNext("checks/create", lost502);
    const handle = await checks.start({
      owner: "acme",
      repo: "app",
      name: "Claude review",
      headSha: HEAD_SHA,
    });
    expect(gh.state.checkRuns).toHaveLength(2);
    expect(handle.checkRunId).toBe(gh.state.checkRuns[1]!.id);
  });

  it("gives up after the client's retries with the 5xx, having created nothing", async () => {
    const client = createGitHubClient({
      token: gh.token,
      baseUrl: gh.url,
      retryAfterBaseMs: 1,
      retries: 2,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
    });
    gh.failNext("issues/create-comment", lost502, 3);
    const error = await new StickyComment(client)
      .upsert({ owner: "acme", repo: "app", issueNumber: 7 }, "hello")
      .catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(502);
    expect(statuses("issues/create-comment")).toEqual([502, 502, 502]);
    expect(gh.state.issueComments).toEqual([]);
  });

  it("does not retry or look anything up after a 4xx", async () => {
    let lookups = 0;
    gh.failNext("issues/create-comment", { kind: "status", status: 422 });
    const error = await createOnce(octokit, {
      what: "comment",
      create: async (request) =>
        (
          await octokit.rest.issues.createComment({
            owner: "acme",
            repo: "app",
            issue_number: 7,
            body: "x",
            request,
          })
        ).data,
      findExisting: async () => {
        lookups++;
        return undefined;
      },
    }).catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(422);
    expect(lookups).toBe(0);
    expect(statuses("issues/create-comment")).toEqual([422]);
  });
});
