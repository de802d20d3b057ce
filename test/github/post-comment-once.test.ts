import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GitHubClient } from "../../src/github/github-client.js";
import { postCommentOnce } from "../../src/github/post-comment-once.js";
import type { GitHubDouble } from "../github-double/index.js";
import { startDoubleWithPr, testClient } from "./pr-fixture.js";

let gh: GitHubDouble;
let octokit: GitHubClient;
const target = { owner: "acme", repo: "app", issueNumber: 7, body: "reader does not have write access." };

beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = testClient(gh);
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

describe("postCommentOnce", () => {
  it("GitHub stored the comment and answered 502: it is found, not posted again", async () => {
    gh.failNext("issues/create-comment", { kind: "server_error_after_write", status: 502 });
    const posted = await postCommentOnce(octokit, target);
    expect(gh.state.issueComments).toHaveLength(1);
    expect(posted.id).toBe(gh.state.issueComments[0]!.id);
    expect(gh.state.issueComments[0]!.body).toContain(target.body);
  });

  it("the same text posted earlier does not count as this attempt's comment", async () => {
    await postCommentOnce(octokit, target);
    gh.failNext("issues/create-comment", { kind: "server_error", status: 502 });
    await postCommentOnce(octokit, target);
    expect(gh.state.issueComments).toHaveLength(2);
    // The one-time marker is an HTML comment: invisible on GitHub, different on each post.
    const [a, b] = gh.state.issueComments.map((c) => c.body.split("\n").at(-1));
    expect(a).toMatch(/^<!-- claude-pr-runner:post:[0-9a-f-]{36} -->$/);
    expect(a).not.toBe(b);
  });
});
