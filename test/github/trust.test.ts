import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getActorPermission, hasWriteAccess } from "../../src/github/actor-permission.js";
import { createGitHubClient } from "../../src/github/github-client.js";
import { httpStatusOf } from "../../src/github/http-status.js";
import { pullRequestRef } from "../../src/github/pull-request-ref.js";
import { isForkPullRequest } from "../../src/jobs/shared/pull-request-trust.js";
import type { GitHubDouble } from "../github-double/index.js";
import { startDoubleWithPr, testClient } from "./pr-fixture.js";

// Real webhook payloads published by GitHub (via @octokit/webhooks-examples).
const examples = createRequire(import.meta.url)("@octokit/webhooks-examples") as Array<{
  name: string;
  examples: Array<{ action: string; pull_request?: PullRequestPayload }>;
}>;
const opened = examples.find((e) => e.name === "pull_request")!.examples.find((e) => e.action === "opened")!
  .pull_request!;

interface PullRequestPayload {
  head: { repo: { full_name: string } | null };
  base: { repo: { full_name: string } };
}

const isForkPayload = (payload: PullRequestPayload) => isForkPullRequest(pullRequestRef(payload)!);

describe("isForkPullRequest on a webhook payload", () => {
  it("is false for a same-repository PR payload", () => {
    expect(isForkPayload(opened)).toBe(false);
  });
  it("is true when the head repository differs, and when it was deleted", () => {
    const fork = structuredClone(opened);
    fork.head.repo = { full_name: "mallory/Hello-World" };
    expect(isForkPayload(fork)).toBe(true);
    const deleted = structuredClone(opened);
    deleted.head.repo = null;
    expect(isForkPayload(deleted)).toBe(true);
  });
});

describe("actor permission via the collaborators API", () => {
  let gh: GitHubDouble;
  beforeAll(async () => {
    gh = await startDoubleWithPr();
    gh.addCollaborator("acme", "app", "alice", "admin");
    gh.addCollaborator("acme", "app", "bob", "maintain");
    gh.addCollaborator("acme", "app", "carol", "triage");
  });
  afterAll(async () => {
    expect(gh.violations).toEqual([]);
    await gh.close();
  });

  it("reports admin, write, read and none", async () => {
    const octokit = testClient(gh);
    const p = (username: string) => getActorPermission(octokit, { owner: "acme", repo: "app", username });
    expect(await Promise.all(["alice", "bob", "carol", "mallory"].map(p))).toEqual([
      "admin",
      "write",
      "read",
      "none",
    ]);
    const w = (username: string) => hasWriteAccess(octokit, { owner: "acme", repo: "app", username });
    expect(await Promise.all(["alice", "bob", "carol", "mallory"].map(w))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("does not read an outage as permission", async () => {
    gh.failNext("repos/get-collaborator-permission-level", { kind: "server_error", status: 502 }, 2);
    const octokit = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 1, retryAfterBaseMs: 1 });
    const error = await getActorPermission(octokit, { owner: "acme", repo: "app", username: "alice" }).catch(
      (e: unknown) => e,
    );
    expect(httpStatusOf(error)).toBe(502);
  });
});
