import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { checkTriggerPin } from "../../../src/jobs/autofix/trigger-pin.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import { createRemoteWithClone, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";

/** Autofix is pinned to the head SHA of the triggering event (docs/security.md, layer 4). */
describe("checkTriggerPin", () => {
  let github: GitHubDouble;
  let octokit: GitHubClient;
  let repos: TempRepo[];

  beforeEach(async () => {
    github = await GitHubDouble.start();
    octokit = createGitHubClient({ token: github.token, baseUrl: github.url, writeSpacingMs: 0 });
    repos = [];
  });
  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.close();
    for (const r of repos) r.remove();
  });

  function setUp() {
    const { remote, clone, headSha } = createRemoteWithClone("feature");
    repos.push(remote, clone);
    github.addRepo("octo", "app");
    const pr = github.addPullRequest({ owner: "octo", repo: "app", number: 3, diff: "", headSha });
    const target = { owner: "octo", repo: "app", pullNumber: 3, headSha };
    return { clone, headSha, pr, target, checkout: new GitCheckout(clone.dir, process.env) };
  }

  it("passes when the checkout and the PR's head are the event's commit", async () => {
    const { checkout, target } = setUp();
    expect(await checkTriggerPin(octokit, checkout, target)).toEqual({ pinned: true });
  });

  it("refuses when the PR's head moved after the request, naming both commits", async () => {
    const { checkout, target, pr } = setUp();
    const moved = "d".repeat(40);
    pr.head.sha = moved;
    const pin = await checkTriggerPin(octokit, checkout, target);
    expect(pin).toMatchObject({ pinned: false, reason: "head_moved", currentSha: moved });
    expect(pin.pinned || pin.message).toContain(`moved from \`${target.headSha.slice(0, 12)}\``);
    expect(pin.pinned || pin.message).toContain(moved.slice(0, 12));
  });

  it("refuses when the checkout is another commit (a branch checked out after a push)", async () => {
    const { checkout, target, clone } = setUp();
    clone.write("src/app.ts", "changed\n");
    const newer = clone.commitAll("pushed later");
    const pin = await checkTriggerPin(octokit, checkout, target);
    expect(pin).toMatchObject({ pinned: false, reason: "checkout_differs", currentSha: newer });
    // Decided from the checkout alone: GitHub was not asked.
    expect(github.callsTo("pulls/get")).toHaveLength(0);
  });
});
