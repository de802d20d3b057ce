import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { HEAD_SHA, SAMPLE_DIFF, testClient } from "../github/pr-fixture.js";
import { GitHubDouble } from "./index.js";

const THREADS = `query Threads($owner: String!, $repo: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved isOutdated comments(first: 10) { nodes { databaseId body author { login } } } }
      }
    }
  }
}`;
const RESOLVE = `mutation Resolve($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`;

type ThreadsData = {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean };
        nodes: Array<{
          id: string;
          isResolved: boolean;
          isOutdated: boolean;
          comments: { nodes: Array<{ databaseId: number; body: string; author: { login: string } }> };
        }>;
      };
    };
  };
};

let gh: GitHubDouble;
let octokit: GitHubClient;
let rootId: number;

beforeEach(async () => {
  gh = await GitHubDouble.start();
  gh.addRepo("acme", "app");
  gh.addPullRequest({ owner: "acme", repo: "app", number: 3, diff: SAMPLE_DIFF, headSha: HEAD_SHA });
  octokit = testClient(gh);
  const { data } = await octokit.rest.pulls.createReview({
    owner: "acme",
    repo: "app",
    pull_number: 3,
    commit_id: HEAD_SHA,
    event: "COMMENT",
    comments: [
      { path: "src/app.ts", line: 3, side: "RIGHT", body: "first" },
      { path: "src/app.ts", line: 23, side: "RIGHT", body: "second" },
    ],
  });
  rootId = gh
    .reviewCommentsOn("acme", "app", 3)
    .find((c) => c.reviewId === data.id && c.body === "first")!.id;
  gh.addReviewReply("acme", "app", rootId, "a human reply", { login: "octocat", type: "User" });
});
afterEach(async () => {
  await gh.close();
});

const threads = (client = octokit) =>
  client.graphql<ThreadsData>(THREADS, { owner: "acme", repo: "app", number: 3 });

describe("GitHubDouble: GraphQL endpoint", () => {
  it("lists review threads (comments grouped by in_reply_to_id) through octokit.graphql, schema-valid", async () => {
    const data = await threads();
    const nodes = data.repository.pullRequest.reviewThreads.nodes;
    expect(nodes.map((t) => t.comments.nodes.map((c) => c.body))).toEqual([
      ["first", "a human reply"],
      ["second"],
    ]);
    expect(nodes[0]!.comments.nodes[0]).toMatchObject({
      databaseId: rootId,
      author: { login: "github-actions" },
    });
    expect(nodes.every((t) => !t.isResolved && !t.isOutdated)).toBe(true);
    expect(gh.violations).toEqual([]);
    expect(gh.callCounts()["graphql/repository"]).toBe(1);
  });

  it("resolves a thread with resolveReviewThread and keeps every comment", async () => {
    const before = await threads();
    const id = before.repository.pullRequest.reviewThreads.nodes[0]!.id;
    const out = await octokit.graphql<{
      resolveReviewThread: { thread: { id: string; isResolved: boolean } };
    }>(RESOLVE, { threadId: id });
    expect(out.resolveReviewThread.thread).toEqual({ id, isResolved: true });
    expect(gh.state.resolvedThreads.has(rootId)).toBe(true);
    const after = (await threads()).repository.pullRequest.reviewThreads.nodes;
    expect(after.map((t) => t.isResolved)).toEqual([true, false]);
    expect(gh.reviewCommentsOn("acme", "app", 3)).toHaveLength(3);
    expect(gh.violations).toEqual([]);
  });

  it("rejects a field GitHub's schema does not have, naming it, and records the violation", async () => {
    const error = await octokit
      .graphql(
        `query { repository(owner: "acme", name: "app") { pullRequest(number: 3) { reviewThreads(first: 1) { nodes { isResolvedd } } } } }`,
      )
      .catch((e: unknown) => e as { errors: Array<{ message: string }> });
    expect((error as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(
      /Cannot query field "isResolvedd" on type "PullRequestReviewThread"/,
    );
    expect(gh.violations).toHaveLength(1);
    expect(gh.violations[0]!.message).toContain("isResolvedd");
    expect(gh.state.resolvedThreads.size).toBe(0);
  });

  it("rejects a missing required variable and a wrongly typed one", async () => {
    await expect(octokit.graphql(THREADS, { owner: "acme", repo: "app" })).rejects.toThrow(/\$number/);
    await expect(octokit.graphql(THREADS, { owner: "acme", repo: "app", number: "three" })).rejects.toThrow(
      /Int cannot represent/,
    );
    expect(gh.violations.map((v) => v.field)).toEqual(["variables", "variables"]);
  });

  it("enforces GitHub's pagination rules: first or last is required, at most 100", async () => {
    const q = (n: string) =>
      `query { repository(owner: "acme", name: "app") { pullRequest(number: 3) { reviewThreads${n} { nodes { id } } } } }`;
    await expect(octokit.graphql(q(""))).rejects.toThrow(/must provide a `first` or `last` value/);
    await expect(octokit.graphql(q("(first: 101)"))).rejects.toThrow(/exceeds the `first` limit of 100/);
    expect(gh.violations.map((v) => v.field)).toEqual([
      "repository.pullRequest.reviewThreads",
      "repository.pullRequest.reviewThreads",
    ]);
  });

  it("answers an operation it does not execute with a GraphQL error and lists it as unhandled", async () => {
    const error = await octokit.graphql("query { viewer { login } }").catch((e: unknown) => e);
    expect(String(error)).toMatch(/does not implement query viewer/);
    expect(gh.unhandled.map((c) => c.operationId)).toEqual(["graphql/viewer"]);
    expect(gh.violations).toEqual([]);
  });

  it("answers NOT_FOUND for an unknown thread id, like GitHub", async () => {
    const error = (await octokit.graphql(RESOLVE, { threadId: "PRRT_nope" }).catch((e: unknown) => e)) as {
      errors: Array<{ type: string }>;
    };
    expect(error.errors[0]!.type).toBe("NOT_FOUND");
    expect(gh.violations).toEqual([]);
  });

  it("injects GraphQL faults per operation (FORBIDDEN, 502) and stores a write before a server_error_after_write", async () => {
    gh.failNext("graphql/resolveReviewThread", {
      kind: "graphql_error",
      type: "FORBIDDEN",
      message: "Resource not accessible by integration",
    });
    const id = (await threads()).repository.pullRequest.reviewThreads.nodes[0]!.id;
    await expect(octokit.graphql(RESOLVE, { threadId: id })).rejects.toThrow(/Resource not accessible/);
    expect(gh.state.resolvedThreads.size).toBe(0);

    gh.failNext("graphql/resolveReviewThread", { kind: "server_error_after_write" });
    const noRetry = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 0 });
    await expect(noRetry.graphql(RESOLVE, { threadId: id })).rejects.toMatchObject({ status: 502 });
    expect(gh.state.resolvedThreads.has(rootId)).toBe(true);
  });

  it("a REST server_error_after_write stores the object, then answers 502", async () => {
    gh.failNext("issues/create-comment", { kind: "server_error_after_write", status: 502 });
    const noRetry = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 0 });
    await expect(
      noRetry.rest.issues.createComment({ owner: "acme", repo: "app", issue_number: 3, body: "hello" }),
    ).rejects.toMatchObject({ status: 502 });
    expect(gh.state.issueComments.map((c) => c.body)).toEqual(["hello"]);
    expect(gh.callsTo("issues/create-comment").map((c) => c.status)).toEqual([502]);
  });
});

describe("GitHubDouble: GraphQL availability", () => {
  it("serves /api/graphql next to a GHES /api/v3 prefix, through octokit's baseUrl", async () => {
    const ghes = await GitHubDouble.start({ pathPrefix: "/api/v3" });
    ghes.addRepo("acme", "app");
    ghes.addPullRequest({ owner: "acme", repo: "app", number: 3, diff: SAMPLE_DIFF, headSha: HEAD_SHA });
    const data = await threads(testClient(ghes));
    expect(data.repository.pullRequest.reviewThreads.nodes).toEqual([]);
    expect(ghes.calls.map((c) => c.path)).toEqual(["/api/graphql"]);
    await ghes.close();
  });

  it("answers 404 when started with graphql: false (a server without GraphQL)", async () => {
    const off = await GitHubDouble.start({ graphql: false });
    off.addRepo("acme", "app");
    await expect(threads(testClient(off))).rejects.toMatchObject({ status: 404 });
    expect(off.violations).toEqual([]);
    await off.close();
  });
});
