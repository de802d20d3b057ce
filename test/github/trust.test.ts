import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getActorPermission, hasWriteAccess } from "../../src/github/actor-permission.js";
import { createGitHubClient } from "../../src/github/github-client.js";
import { httpStatusOf } from "../../src/github/http-status.js";
import type { GitHubDouble } from "../github-double/index.js";
import { startDoubleWithPr, testClient } from "./pr-fixture.js";

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
