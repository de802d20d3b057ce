import { afterEach, describe, expect, it, vi } from "vitest";
import type { ScriptedReply } from "../harness/scripted-messages-api.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";
import { shippedWorkflow } from "./shipped-workflow.js";

// Label and state rules end to end through dist/index.js, with the events and inputs of the shipped
// workflows/review.yml: drafts and bot authors are skipped with a notice, a draft that becomes
// ready is reviewed, and the review label reviews anything a writer labels.

vi.setConfig({ testTimeout: 240_000 });

const workflow = shippedWorkflow("review.yml");
const pass: ScriptedReply = {
  kind: "structured_output",
  value: { verdict: "pass", summary: "Looks good.", findings: [] },
};

type Payload = Record<string, unknown>;
const prOf = (payload: Payload) => payload.pull_request as Record<string, unknown>;

describe("label and state rules (dist/index.js, real CLI, GitHub double)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  async function deliver(payload: Payload) {
    expect(workflow.accepts("pull_request", payload), "review.yml runs for this event").toBe(true);
    return fx.run("pull_request", payload, workflow.inputs);
  }

  it("a draft and a dependabot PR are skipped with one line in the job summary, no model, no check; the draft is reviewed once ready", async () => {
    fx = await ActionRunFixture.start([pass]);
    fx.openPullRequest();
    const draft = fx.pullRequestEvent("opened");
    prOf(draft).draft = true;
    const skipped = await deliver(draft);
    expect(skipped.code, skipped.stdout + skipped.stderr).toBe(0);
    expect(skipped.summary.trim()).toBe(
      "Claude: skipped. PR #7 is a draft: not reviewed until it is ready (or set review_drafts)",
    );
    expect(skipped.outputs.conclusion).toBe("skipped");

    const bot = fx.pullRequestEvent("opened");
    prOf(bot).user = { login: "dependabot[bot]", type: "Bot" };
    const botRun = await deliver(bot);
    expect(botRun.summary).toContain("is by dependabot[bot], not reviewed automatically (skip_authors)");
    expect(fx.api.requests).toHaveLength(0);
    expect(fx.github.state.checkRuns).toEqual([]);

    const ready = await deliver(fx.pullRequestEvent("ready_for_review"));
    expect(ready.code, ready.stdout + ready.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(1);
    expect(fx.github.state.checkRuns).toHaveLength(1);
    expect(ready.outputs.conclusion).toBe("success");
  });

  it("the review label: a writer's label reviews a draft by a bot; a reader's label gets one refusal and no model", async () => {
    fx = await ActionRunFixture.start([pass]);
    fx.openPullRequest({ author: "renovate[bot]" });
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "maintain");
    fx.github.addCollaborator(OWNER, REPO, "reader", "read");
    const labeled = (sender: string) => {
      const payload = fx.pullRequestEvent("labeled");
      Object.assign(prOf(payload), { draft: true, user: { login: "renovate[bot]", type: "Bot" } });
      payload.label = { name: "claude-review" };
      payload.sender = { login: sender, type: "User" };
      return payload;
    };
    // Other labels do not even start the shipped workflow.
    const other = labeled("maintainer");
    other.label = { name: "bug" };
    expect(workflow.accepts("pull_request", other)).toBe(false);

    const refused = await deliver(labeled("reader"));
    expect(refused.code, refused.stdout + refused.stderr).toBe(0);
    expect(fx.api.requests).toHaveLength(0);
    const comments = fx.github.state.issueComments.map((c) => c.body);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toContain("reader does not have write access");

    const reviewed = await deliver(labeled("maintainer"));
    expect(reviewed.code, reviewed.stdout + reviewed.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(1);
    expect(fx.github.state.checkRuns).toHaveLength(1);
    expect(reviewed.outputs.conclusion).toBe("success");
  });
});
