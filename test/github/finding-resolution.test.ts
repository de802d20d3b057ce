import { afterEach, describe, expect, it } from "vitest";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import {
  earlierFindingResolution,
  resolutionLine,
  resolutionRate,
} from "../../src/github/finding-resolution.js";
import { listReviewComments } from "../../src/github/list-comments.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, SAMPLE_DIFF, testClient } from "./pr-fixture.js";

const pr = { owner: "acme", repo: "app", pullNumber: 7 };

let gh: GitHubDouble | undefined;
afterEach(async () => {
  expect(gh?.violations ?? []).toEqual([]);
  await gh?.close();
  gh = undefined;
});

/** A PR with two findings of ours posted on HEAD_SHA, and what listReviewComments says about them. */
async function withOurFindings(options: { graphql?: boolean } = {}) {
  const double = await GitHubDouble.start({ graphql: options.graphql ?? true });
  gh = double;
  double.addRepo("acme", "app");
  double.addPullRequest({ owner: "acme", repo: "app", number: 7, diff: SAMPLE_DIFF, headSha: HEAD_SHA });
  const octokit = testClient(double);
  const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
  await new ReviewPublisher(octokit).publish({
    ...pr,
    commitSha: HEAD_SHA,
    findings: [
      finding({ path: "src/app.ts", startLine: 3, title: "A" }),
      finding({ path: "src/app.ts", startLine: 23, title: "C" }),
    ],
    lineMap,
  });
  const human = { login: "octocat", type: "User" as const };
  double.addReviewComment("acme", "app", 7, {
    path: "src/app.ts",
    line: 4,
    body: "a person's note",
    user: human,
  });
  double.resetCalls();
  return { octokit, comments: await listReviewComments(octokit, pr) };
}

describe("earlierFindingResolution", () => {
  it("on the commit they were written on, our findings are not 'earlier': nothing to count, no GraphQL call", async () => {
    const { octokit, comments } = await withOurFindings();
    expect(await earlierFindingResolution(octokit, pr, comments, HEAD_SHA)).toBeUndefined();
    expect(gh?.calls.filter((c) => c.operationId.startsWith("graphql"))).toEqual([]);
  });

  it("after a push, a resolved thread counts; a person's own comment and an open thread on an unchanged hunk do not", async () => {
    const { octokit, comments } = await withOurFindings();
    const ours = comments.filter((c) => c.body.includes("A") || c.body.includes("C"));
    const a = ours.find((c) => c.line === 3)!;
    gh?.state.resolvedThreads.add(a.id);
    // The head moves without changing the diff: no thread turns outdated.
    gh?.movePullRequestHead("acme", "app", 7, "f".repeat(40));
    expect(
      await earlierFindingResolution(
        octokit,
        pr,
        comments.filter((c) => c.user?.type === "Bot"),
        "f".repeat(40),
      ),
    ).toEqual({
      earlier: 2,
      resolved: 1,
    });
  });

  it("where GraphQL is closed to the token the rate is unknown, not zero", async () => {
    const { octokit, comments } = await withOurFindings({ graphql: false });
    expect(await earlierFindingResolution(octokit, pr, comments, "f".repeat(40))).toBeUndefined();
  });
});

describe("the publisher's one thread listing", () => {
  it("a re-review that counts earlier findings and resolves the gone one's thread lists the threads once", async () => {
    const { octokit } = await withOurFindings();
    gh?.movePullRequestHead("acme", "app", 7, "f".repeat(40));
    const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
    gh?.resetCalls();
    const result = await new ReviewPublisher(octokit).publish({
      ...pr,
      commitSha: "f".repeat(40),
      // Finding C is gone: its thread is resolved as outdated; A stays.
      findings: [finding({ path: "src/app.ts", startLine: 3, title: "A" })],
      lineMap,
    });
    expect(result.resolution).toEqual({ earlier: 2, resolved: 0 });
    expect(result.resolvedOutdated).toBe(1);
    expect(gh?.callsTo("graphql/repository")).toHaveLength(1);
    expect(gh?.callsTo("graphql/resolveReviewThread")).toHaveLength(1);
  });
});

describe("resolutionLine and resolutionRate", () => {
  it("say the share in words and as a number", () => {
    expect(resolutionLine({ earlier: 3, resolved: 2 })).toBe(
      "Resolved 2 of 3 earlier findings (67%): their lines changed, or their threads were resolved",
    );
    expect(resolutionRate({ earlier: 3, resolved: 2 })).toBe(0.667);
    expect(resolutionRate({ earlier: 4, resolved: 0 })).toBe(0);
  });
});
