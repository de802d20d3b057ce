import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GitHubClient } from "../../../src/github/github-client.js";
import { preparePullRequestJob } from "../../../src/jobs/shared/prepare-pull-request-job.js";
import { type PullRequestRef, pullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { branchLineageKey, prLineageKey } from "../../../src/sessions/lineage-key.js";
import { HEAD_SHA, SAMPLE_DIFF, testClient } from "../../github/pr-fixture.js";
import { GitHubDouble } from "../../github-double/index.js";

// A real `pull_request.opened` payload published by GitHub (via @octokit/webhooks-examples).
const examples = createRequire(import.meta.url)("@octokit/webhooks-examples") as Array<{
  name: string;
  examples: Array<{ action: string; pull_request?: Record<string, unknown> }>;
}>;
const opened = examples.find((e) => e.name === "pull_request")!.examples.find((e) => e.action === "opened")!
  .pull_request!;

describe("preparePullRequestJob, with the PR read from the API", () => {
  let gh: GitHubDouble;
  let octokit: GitHubClient;
  const plan = (number: number, job: "review" | "autofix" | "ask" = "review", event?: string) =>
    preparePullRequestJob({
      octokit,
      owner: "acme",
      repo: "app",
      pullRequest: number,
      job,
      ...(event ? { event } : {}),
      defaultBranch: "trunk",
    });

  beforeAll(async () => {
    gh = await GitHubDouble.start();
    gh.addRepo("acme", "app");
    gh.addPullRequest({
      owner: "acme",
      repo: "app",
      number: 1,
      diff: SAMPLE_DIFF,
      headSha: HEAD_SHA,
      baseSha: "b".repeat(40),
      baseRef: "release/2",
    });
    gh.addPullRequest({
      owner: "acme",
      repo: "app",
      number: 2,
      diff: SAMPLE_DIFF,
      headRepoFullName: "mallory/app",
    });
    gh.addPullRequest({ owner: "acme", repo: "app", number: 3, diff: SAMPLE_DIFF, headRepoFullName: null });
    gh.addPullRequest({ owner: "acme", repo: "app", number: 4, diff: SAMPLE_DIFF }).state = "closed";
    const merged = gh.addPullRequest({ owner: "acme", repo: "app", number: 5, diff: SAMPLE_DIFF });
    merged.state = "closed";
    merged.merged = true;
    gh.addPullRequest({ owner: "acme", repo: "app", number: 6, diff: SAMPLE_DIFF, draft: true });
    octokit = testClient(gh);
  });
  afterAll(async () => {
    expect(gh.violations).toEqual([]);
    await gh.close();
  });

  it("plans a same-repository PR as trusted, with its facts and its lineage under the base ref", async () => {
    const ready = await plan(1);
    expect(ready).toMatchObject({
      status: "ready",
      pr: {
        number: 1,
        headSha: HEAD_SHA,
        baseSha: "b".repeat(40),
        baseRef: "release/2",
        headRepoFullName: "acme/app",
        baseRepoFullName: "acme/app",
        draft: false,
        state: "open",
      },
      trust: { trusted: true },
      lineage: {
        lineageKey: prLineageKey("acme", "app", 1),
        baseKey: branchLineageKey("acme", "app", "release/2"),
      },
    });
  });

  it("plans a fork's PR as untrusted for every job kind", async () => {
    for (const job of ["review", "autofix", "ask"] as const)
      expect(await plan(2, job)).toMatchObject({
        status: "ready",
        pr: { headRepoFullName: "mallory/app", baseRepoFullName: "acme/app" },
        trust: { trusted: false, reason: "fork" },
      });
  });

  it("plans a PR whose head repository was deleted as untrusted", async () => {
    expect(await plan(3, "autofix")).toMatchObject({
      status: "ready",
      pr: { headRepoFullName: undefined },
      trust: { trusted: false, reason: "head-repository-deleted" },
    });
  });

  it("refuses a closed, a merged and a missing PR with the reason", async () => {
    expect(await plan(4)).toEqual({ status: "refused", reason: "closed", message: "acme/app#4 is closed" });
    expect(await plan(5)).toEqual({ status: "refused", reason: "merged", message: "acme/app#5 is merged" });
    expect(await plan(99)).toEqual({
      status: "refused",
      reason: "not-found",
      message: "acme/app#99 no longer exists or this token cannot see it",
    });
  });

  it("plans a draft like any open PR and says it is a draft (the trigger decides whether drafts run)", async () => {
    expect(await plan(6)).toMatchObject({ status: "ready", pr: { draft: true }, trust: { trusted: true } });
  });

  it("throws a GitHub failure other than a missing PR, so the door can retry it", async () => {
    gh.failNext("pulls/get", { kind: "server_error", status: 502 }, 5);
    const client = testClient(gh);
    await expect(
      preparePullRequestJob({ octokit: client, owner: "acme", repo: "app", pullRequest: 1, job: "review" }),
    ).rejects.toMatchObject({ status: 502 });
  });
});

describe("preparePullRequestJob, with the PR the event carried", () => {
  // A payload PR needs no API call: a client that would throw proves none is made.
  const octokit = {} as GitHubClient;
  const fromPayload = (payload: Record<string, unknown>, job: "review" | "autofix" | "ask", event?: string) =>
    preparePullRequestJob({
      octokit,
      owner: "Codertocat",
      repo: "Hello-World",
      pullRequest: pullRequestRef(payload) as PullRequestRef,
      job,
      ...(event ? { event } : {}),
      defaultBranch: "main",
    });

  it("trusts a same-repository payload under pull_request", async () => {
    expect(await fromPayload(opened, "review", "pull_request")).toMatchObject({
      status: "ready",
      trust: { trusted: true },
      lineage: { lineageKey: prLineageKey("Codertocat", "Hello-World", 2) },
    });
  });

  it("distrusts a review under pull_request_target even on a same-repository head, but not an autofix", async () => {
    expect(await fromPayload(opened, "review", "pull_request_target")).toMatchObject({
      trust: { trusted: false, reason: "pull-request-target" },
    });
    expect(await fromPayload(opened, "autofix", "pull_request_target")).toMatchObject({
      trust: { trusted: true },
    });
  });

  it("distrusts a fork's payload and one whose head repository is null", async () => {
    const fork = structuredClone(opened);
    (fork.head as Record<string, unknown>).repo = { full_name: "mallory/Hello-World" };
    expect(await fromPayload(fork, "autofix")).toMatchObject({ trust: { trusted: false, reason: "fork" } });
    const deleted = structuredClone(opened);
    (deleted.head as Record<string, unknown>).repo = null;
    expect(await fromPayload(deleted, "review")).toMatchObject({
      trust: { trusted: false, reason: "head-repository-deleted" },
    });
  });

  it("never reads a missing base repository name as the same repository", async () => {
    const nameless = structuredClone(opened);
    (nameless.head as Record<string, unknown>).repo = { full_name: "" };
    (nameless.base as Record<string, unknown>).repo = {};
    expect(await fromPayload(nameless, "review")).toMatchObject({
      trust: { trusted: false, reason: "fork" },
    });
  });

  it("refuses a closed payload PR", async () => {
    expect(await fromPayload({ ...opened, state: "closed" }, "review")).toEqual({
      status: "refused",
      reason: "closed",
      message: "Codertocat/Hello-World#2 is closed",
    });
  });

  it("takes the default branch as the base lineage only when the PR names no base ref", async () => {
    const noBase = structuredClone(opened);
    (noBase.base as Record<string, unknown>).ref = "";
    expect(await fromPayload(noBase, "review")).toMatchObject({
      lineage: { baseKey: branchLineageKey("Codertocat", "Hello-World", "main") },
    });
    expect(await fromPayload(opened, "review")).toMatchObject({
      lineage: {
        baseKey: branchLineageKey("Codertocat", "Hello-World", String((opened.base as { ref: string }).ref)),
      },
    });
  });
});
