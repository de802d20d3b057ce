import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CheckRunPublisher } from "../../../src/github/check-run-publisher.js";
import type { GitHubClient } from "../../../src/github/github-client.js";
import { failCheckRunNotStarted } from "../../../src/jobs/shared/fail-check-run-not-started.js";
import { HEAD_SHA, startDoubleWithPr, testClient } from "../../github/pr-fixture.js";
import type { GitHubDouble } from "../../github-double/index.js";

let gh: GitHubDouble;
let octokit: GitHubClient;
beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = testClient(gh);
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

describe("failCheckRunNotStarted", () => {
  it("completes the job's check run as a failure that says why the session could not start", async () => {
    const checks = new CheckRunPublisher(octokit);
    const handle = await checks.start({
      owner: "acme",
      repo: "app",
      name: "claude-autofix",
      headSha: HEAD_SHA,
    });
    await failCheckRunNotStarted(checks, handle, "autofix", new Error("the mount token was refused"));
    const run = gh.state.checkRuns.find((r) => r.id === handle.checkRunId);
    expect(run).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(JSON.stringify(run)).toContain("Claude autofix could not start: the mount token was refused");
  });

  it("never throws itself: the start error is the one the caller reports", async () => {
    const checks = new CheckRunPublisher(octokit);
    const gone = { owner: "acme", repo: "app", checkRunId: 987_654 };
    await expect(failCheckRunNotStarted(checks, gone, "review", new Error("boom"))).resolves.toBeUndefined();
  });
});
