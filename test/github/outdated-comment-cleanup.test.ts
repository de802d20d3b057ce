import { afterEach, describe, expect, it } from "vitest";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, newFileDiff, SAMPLE_DIFF, testClient } from "./pr-fixture.js";

const pr = { owner: "acme", repo: "app", pullNumber: 7, commitSha: HEAD_SHA };
const a = finding({ path: "src/app.ts", startLine: 3, title: "A" });
const b = finding({ path: "src/app.ts", startLine: 4, title: "B" });
const c = finding({ path: "src/app.ts", startLine: 23, title: "C" });
const human = { login: "octocat", type: "User" as const };

let gh: GitHubDouble;
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

/** A PR with our comments A, B, C from a first run, and a person's reply under C. */
async function afterFirstRun(options: { graphql?: boolean; diff?: string } = {}) {
  gh = await GitHubDouble.start({ graphql: options.graphql ?? true });
  gh.addRepo("acme", "app");
  gh.addPullRequest({
    owner: "acme",
    repo: "app",
    number: 7,
    diff: options.diff ?? SAMPLE_DIFF,
    headSha: HEAD_SHA,
  });
  const octokit: GitHubClient = testClient(gh);
  const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
  const publisher = new ReviewPublisher(octokit);
  if (!options.diff) {
    await publisher.publish({ ...pr, findings: [a, b, c], lineMap });
    gh.addReviewReply("acme", "app", commentId("C"), "I disagree", human);
  }
  gh.resetCalls();
  return { octokit, lineMap, publisher };
}

function commentId(title: string): number {
  return gh
    .reviewCommentsOn("acme", "app", 7)
    .find((x) => x.inReplyToId === null && x.body.includes(`**${title}**`))!.id;
}

const graphqlCalls = () =>
  gh.calls.filter((x) => x.operationId.startsWith("graphql")).map((x) => x.operationId);

describe("ReviewPublisher: outdated comments", () => {
  it("resolves the threads of our outdated comments and keeps every comment and reply", async () => {
    const { publisher, lineMap } = await afterFirstRun();
    const result = await publisher.publish({ ...pr, findings: [a], lineMap });
    expect(result).toMatchObject({ resolvedOutdated: 2, deletedOutdated: 0, keptOutdated: 0 });
    expect(result.outdatedCleanupError).toBeUndefined();
    expect([...gh.state.resolvedThreads].sort()).toEqual([commentId("B"), commentId("C")].sort());
    expect(gh.reviewCommentsOn("acme", "app", 7)).toHaveLength(4);
    expect(gh.callsTo("pulls/delete-review-comment")).toEqual([]);
    expect(graphqlCalls()).toEqual([
      "graphql/repository",
      "graphql/resolveReviewThread",
      "graphql/resolveReviewThread",
    ]);
  });

  it("leaves already-resolved threads alone, including one a person resolved", async () => {
    const { publisher, lineMap } = await afterFirstRun();
    gh.state.resolvedThreads.add(commentId("B")); // resolved by a person in the UI
    const first = await publisher.publish({ ...pr, findings: [a], lineMap });
    expect(first.resolvedOutdated).toBe(1);
    gh.resetCalls();
    const second = await publisher.publish({ ...pr, findings: [a], lineMap });
    expect(second).toMatchObject({ resolvedOutdated: 0, deletedOutdated: 0 });
    expect(graphqlCalls()).toEqual(["graphql/repository"]);
    expect(gh.reviewCommentsOn("acme", "app", 7)).toHaveLength(4);
  });

  it("falls back to deleting on a server without GraphQL, never deleting a conversation", async () => {
    const { publisher, lineMap } = await afterFirstRun({ graphql: false });
    const result = await publisher.publish({ ...pr, findings: [a], lineMap });
    expect(result).toMatchObject({ resolvedOutdated: 0, deletedOutdated: 1, keptOutdated: 1 });
    const left = gh.reviewCommentsOn("acme", "app", 7).map((x) => x.body);
    expect(left.some((t) => t.includes("**B**"))).toBe(false);
    expect(left.some((t) => t.includes("**C**"))).toBe(true);
    expect(left).toContain("I disagree");
  });

  it("falls back to deleting when the token may read threads but not resolve them (FORBIDDEN)", async () => {
    const { publisher, lineMap } = await afterFirstRun();
    gh.failNext("graphql/resolveReviewThread", {
      kind: "graphql_error",
      type: "FORBIDDEN",
      message: "Resource not accessible by integration",
    });
    const result = await publisher.publish({ ...pr, findings: [a], lineMap });
    expect(result).toMatchObject({ resolvedOutdated: 0, deletedOutdated: 1, keptOutdated: 1 });
    expect(gh.callsTo("graphql/resolveReviewThread")).toHaveLength(1);
    expect(gh.state.resolvedThreads.size).toBe(0);
  });

  it("falls back to deleting when GraphQL answers 403 Resource not accessible", async () => {
    const { publisher, lineMap } = await afterFirstRun();
    gh.failNext("graphql/repository", {
      kind: "status",
      status: 403,
      message: "Resource not accessible by integration",
    });
    const result = await publisher.publish({ ...pr, findings: [a], lineMap });
    expect(result).toMatchObject({ resolvedOutdated: 0, deletedOutdated: 1, keptOutdated: 1 });
  });

  it("a GraphQL outage neither deletes anything nor stops the review", async () => {
    const { publisher, lineMap } = await afterFirstRun();
    gh.failNext("graphql/repository", { kind: "server_error", status: 502 }, 4);
    const d = finding({ path: "src/new-name.ts", startLine: 11, title: "D" });
    const result = await publisher.publish({ ...pr, findings: [a, d], lineMap });
    expect(result.outdatedCleanupError).toMatch(/Server Error/);
    expect(result).toMatchObject({ resolvedOutdated: 0, deletedOutdated: 0, inlineComments: 1 });
    expect(gh.callsTo("graphql/repository").map((x) => x.status)).toEqual([502, 502, 502, 502]);
    expect(gh.reviewCommentsOn("acme", "app", 7)).toHaveLength(5);
  });

  it("pages through more than 100 review threads", async () => {
    const { publisher, lineMap } = await afterFirstRun({ diff: newFileDiff("src/app.ts", 130) });
    const many = Array.from({ length: 120 }, (_, i) => finding({ path: "src/app.ts", startLine: i + 1 }));
    await new ReviewPublisher(testClient(gh), { maxInlineComments: 120 }).publish({
      ...pr,
      findings: many,
      lineMap,
    });
    gh.resetCalls();
    const result = await publisher.publish({ ...pr, findings: [], lineMap });
    expect(result.resolvedOutdated).toBe(120);
    expect(gh.callsTo("graphql/repository")).toHaveLength(2);
    expect(gh.state.resolvedThreads.size).toBe(120);
  });
});
