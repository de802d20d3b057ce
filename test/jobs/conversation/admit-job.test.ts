import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GitHubClient } from "../../../src/github/github-client.js";
import { admitJob } from "../../../src/jobs/conversation/admit-job.js";
import { SAMPLE_DIFF, testClient } from "../../github/pr-fixture.js";
import { GitHubDouble } from "../../github-double/index.js";

// The one admission step both doors call (Action: run-action.ts; Lambda: admit-worker-job.ts),
// against the GitHub double: the PR read now, then the requester's permission read now.

describe("admitJob", () => {
  let gh: GitHubDouble;
  let octokit: GitHubClient;
  beforeAll(async () => {
    gh = await GitHubDouble.start();
    gh.addRepo("acme", "app");
    gh.addPullRequest({ owner: "acme", repo: "app", number: 1, diff: SAMPLE_DIFF });
    gh.addPullRequest({ owner: "acme", repo: "app", number: 2, diff: SAMPLE_DIFF }).state = "closed";
    gh.addCollaborator("acme", "app", "writer", "write");
    gh.addCollaborator("acme", "app", "reader", "read");
    octokit = testClient(gh);
  });
  afterAll(async () => {
    await gh?.close();
  });

  const admit = async (pullNumber: number | undefined, requester?: string) => {
    const replies: string[] = [];
    const admission = await admitJob(octokit, {
      owner: "acme",
      repo: "app",
      ...(pullNumber === undefined
        ? {}
        : { pullRequest: { pullRequest: pullNumber, job: "autofix" as const } }),
      ...(requester === undefined
        ? {}
        : { requester: { trigger: "issue_comment.created", requester, requiresWriter: true } }),
      reply: async (kind) => {
        replies.push(kind);
      },
    });
    return { admission, replies };
  };

  it("an open PR asked for by a writer: admitted with the PR-setup plan, nothing said", async () => {
    const { admission, replies } = await admit(1, "writer");
    expect(admission).toMatchObject({
      status: "admitted",
      plan: { pr: { number: 1 }, trust: { trusted: true } },
    });
    expect(replies).toEqual([]);
  });

  it("a reader: refused once, with the permission GitHub reports", async () => {
    const { admission, replies } = await admit(1, "reader");
    expect(admission).toMatchObject({ status: "refused", permission: "read" });
    expect(admission.status === "refused" && admission.message).toContain(
      "reader has read permission on acme/app",
    );
    expect(replies).toEqual(["refuse"]);
  });

  it("a request that names nobody is refused without asking GitHub about an empty login", async () => {
    const { admission, replies } = await admit(undefined, "");
    expect(admission).toMatchObject({ status: "refused", permission: "none" });
    expect(replies).toEqual(["refuse"]);
  });

  it("a PR closed since the event: the closed reply, and the permission is not even asked", async () => {
    const { admission, replies } = await admit(2, "reader");
    expect(admission.status).toBe("closed");
    expect(replies).toEqual(["closed"]);
  });

  it("a PR that does not exist: unreadable, and nothing is said on GitHub", async () => {
    const { admission, replies } = await admit(404, "writer");
    expect(admission.status).toBe("unreadable");
    expect(replies).toEqual([]);
  });

  it("an automatic trigger on no PR (an audit): admitted without a plan", async () => {
    const { admission } = await admit(undefined);
    expect(admission).toEqual({ status: "admitted" });
  });
});
