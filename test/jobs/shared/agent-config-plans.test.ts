import { describe, expect, it } from "vitest";
import { askSessionPlan } from "../../../src/jobs/ask/run-ask.js";
import { autofixPlan } from "../../../src/jobs/autofix/autofix-plan.js";
import { autofixSessionPlan } from "../../../src/jobs/autofix/propose-fix.js";
import { describeSessionPlan } from "../../../src/jobs/describe/run-describe.js";
import { reviewSessionPlan } from "../../../src/jobs/review/run-review.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";

// Every job on a PR names the base commit whose agent configuration its agent reads
// (SessionOptions.agentConfigFrom; proved end to end by test/red-team/agent-config-from-pr-head.test.ts
// for a question, a description and the runner). Leaving it out of one job's plan gives that job's
// agent the PR head's hooks, MCP servers and CLAUDE.md files again.
const BASE = "b".repeat(40);
const HEAD = "c".repeat(40);
const settings: JobSettings = {
  maxTurns: 5,
  maxBudgetUsd: 1,
  timeoutMs: 60_000,
  agentEnv: {},
  hostEnv: {},
  secretValues: [],
};
const repository = { owner: "octo", name: "app" };
const pullRequest = {
  number: 7,
  title: "t",
  body: "",
  author: "dev",
  headRef: "feature",
  baseSha: BASE,
  headSha: HEAD,
};

describe("the agent configuration each job's agent reads", () => {
  it.each([false, true])("a review (untrusted %s) reads the base's", (untrusted) => {
    const plan = reviewSessionPlan(
      { repository, baseSha: BASE, headSha: HEAD, untrusted, checkoutDir: "/w" },
      settings,
      "p",
    );
    expect(plan.agentConfigFrom).toBe(BASE);
  });

  it("a question on a PR reads the base's; a question on an issue reads the checkout's own (the default branch)", () => {
    const onPullRequest = askSessionPlan(
      {
        repository: "octo/app",
        question: "q",
        asker: "a",
        untrusted: false,
        checkoutDir: "/w",
        pullRequest: { number: 7, title: "t", body: "", baseSha: BASE, headSha: HEAD },
      },
      settings,
    );
    expect(onPullRequest.agentConfigFrom).toBe(BASE);
    const onIssue = askSessionPlan(
      { repository: "octo/app", question: "q", asker: "a", untrusted: false, checkoutDir: "/w" },
      settings,
    );
    expect(onIssue.agentConfigFrom).toBeUndefined();
  });

  it("a description reads the base's", () => {
    const plan = describeSessionPlan(
      { repository, pr: pullRequest, checkoutDir: "/w", untrusted: false },
      settings,
      "p",
    );
    expect(plan.agentConfigFrom).toBe(BASE);
  });

  it.each([false, true])("an autofix (fork %s) reads the base's", (isFork) => {
    const plan = autofixSessionPlan(
      { repository, pullRequest, isFork, checkoutDir: "/w" },
      settings,
      autofixPlan({ repository, pullRequest, isFork }),
      { diff: "", changedFiles: [] },
      [],
    );
    expect(plan.agentConfigFrom).toBe(BASE);
  });
});
