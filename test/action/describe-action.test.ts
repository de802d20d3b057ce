import { afterEach, describe, expect, it, vi } from "vitest";
import { DESCRIBE_SECTION_END, DESCRIBE_SECTION_START } from "../../src/github/comment-markers.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { conversationText } from "../harness/scripted-messages-api.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";
import { shippedWorkflow } from "./shipped-workflow.js";

// `/claude describe` and the opt-in describe on `opened`, through the built Action (dist/index.js),
// the real CLI 2.1.235, the scripted model and the OpenAPI-validated GitHub double, with the events
// and inputs of the workflows we ship.

vi.setConfig({ testTimeout: 240_000 });

const conversation = shippedWorkflow("conversation.yml");
const onOpened = shippedWorkflow("describe.yml");
const AUTHOR_TEXT = "Adds a subtraction helper.";
const description = {
  kind: "structured_output" as const,
  value: {
    title: "Add sub() to the math helpers",
    summary: "Adds `sub(a, b)` next to `add`.",
    walkthrough: [{ concern: "Arithmetic", files: [{ path: "src/math.ts", change: "new `sub` function" }] }],
    risks: ["`sub` returns `a + b`."],
  },
};
const rec = (v: unknown) => v as Record<string, unknown>;

describe("the Action describing a pull request (dist/index.js, real CLI, GitHub double)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  function describeComment(login: string): Record<string, unknown> {
    const comment = fx.github.addIssueComment(OWNER, REPO, 7, "/claude describe", { login, type: "User" });
    const payload = webhookExample("issue_comment", "created");
    Object.assign(rec(payload.issue), { number: 7, state: "open" });
    rec(payload.issue).pull_request = { url: `${fx.github.url}/repos/${OWNER}/${REPO}/pulls/7` };
    Object.assign(rec(payload.comment), { id: comment.id, body: "/claude describe" });
    Object.assign(rec(rec(payload.comment).user), { login, type: "User" });
    rec(payload.sender).login = login;
    return payload;
  }

  it("`/claude describe` by a writer: eyes, the section under the author's text, the author's text untouched", async () => {
    fx = await ActionRunFixture.start([description]);
    fx.serveOverGit();
    fx.openPullRequest({ body: AUTHOR_TEXT });
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "maintain");
    const payload = describeComment("maintainer");
    expect(conversation.accepts("issue_comment", payload)).toBe(true);
    const { env } = fx.defaultBranchRun();
    const run = await fx.run("issue_comment", payload, conversation.inputs, env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.github.state.reactions).toMatchObject([{ content: "eyes" }]);
    const body = fx.github.pull(OWNER, REPO, 7).body;
    expect(body.startsWith(`${AUTHOR_TEXT}\n\n${DESCRIBE_SECTION_START}\n`)).toBe(true);
    expect(body.endsWith(DESCRIBE_SECTION_END)).toBe(true);
    expect(body).toContain("**Suggested title:** Add sub() to the math helpers");
    // The model got the PR's change and its author text as data.
    const prompt = conversationText(fx.api.mainRequests[0]!);
    expect(prompt).toContain("Describe pull request #7");
    expect(prompt).toContain("pr-description");
    expect(run.outputs.conclusion).toBe("success");
  });

  it("a commenter without write access: one refusal, zero model requests, the body unchanged", async () => {
    fx = await ActionRunFixture.start([description]);
    fx.openPullRequest({ body: AUTHOR_TEXT });
    fx.github.addCollaborator(OWNER, REPO, "visitor", "read");
    const run = await fx.run("issue_comment", describeComment("visitor"), conversation.inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.mainRequests).toEqual([]);
    expect(fx.github.pull(OWNER, REPO, 7).body).toBe(AUTHOR_TEXT);
    const replies = fx.github.state.issueComments.filter((c) => c.user.login !== "visitor");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("this description was not run");
  });

  it("workflows/describe.yml on `opened`: the description is written without anyone asking", async () => {
    fx = await ActionRunFixture.start([description]);
    fx.openPullRequest({ body: AUTHOR_TEXT });
    const payload = fx.pullRequestEvent("opened", { body: AUTHOR_TEXT });
    expect(onOpened.accepts("pull_request", payload)).toBe(true);
    expect(onOpened.accepts("pull_request", fx.pullRequestEvent("synchronize"))).toBe(false);
    const run = await fx.run("pull_request", payload, onOpened.inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.github.pull(OWNER, REPO, 7).body).toContain(
      "**Suggested title:** Add sub() to the math helpers",
    );
    // No review ran in this workflow: no check run, no review.
    expect(fx.github.state.checkRuns).toEqual([]);
    expect(fx.github.state.reviews).toEqual([]);
  });
});
