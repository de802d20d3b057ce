import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckRunPublisher } from "../../../src/github/check-run-publisher.js";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { autofixAction, autofixPlan } from "../../../src/jobs/autofix/autofix-plan.js";
import type { AutofixRequest } from "../../../src/jobs/autofix/autofix-request.js";
import { BestEffortSteps } from "../../../src/jobs/autofix/best-effort-steps.js";
import type { ProposedFix } from "../../../src/jobs/autofix/propose-fix.js";
import { publishAutofix } from "../../../src/jobs/autofix/publish-autofix.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import type { SessionOutcome } from "../../../src/runner/session-outcome.js";
import { GitHubDouble } from "../../github-double/index.js";

const HEAD = "a".repeat(40);
const BASE = "b".repeat(40);

function failedOutcome(): SessionOutcome {
  return {
    subtype: "error_max_turns",
    isError: true,
    exitCode: 1,
    totalCostUsd: 0.25,
    numTurns: 8,
    permissionDenials: [],
    errors: [],
    durationMs: 10,
    policyDecisions: [],
    failureReasons: ["the agent used all 8 turns"],
    structuredOutputCheck: "missing",
    apiRetries: 0,
    notes: [],
  };
}

/**
 * The publish half of autofix on its own: no agent session, a proposed fix as the run half would
 * hand it over, and the GitHub double. It must deliver every step even when one fails.
 */
describe("publishAutofix (GitHub double, no session)", () => {
  let github: GitHubDouble;
  let octokit: GitHubClient;

  beforeAll(async () => {
    github = await GitHubDouble.start();
    octokit = createGitHubClient({
      token: github.token,
      baseUrl: github.url,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
      retryAfterBaseMs: 1,
    });
  });
  afterAll(async () => {
    await github?.close();
  });

  function failedSession(repo: string): { request: AutofixRequest; proposed: ProposedFix } {
    github.addRepo("octo", repo);
    github.addPullRequest({
      owner: "octo",
      repo,
      number: 3,
      diff: "",
      headSha: HEAD,
      baseSha: BASE,
      headRef: "feature",
      baseRef: "main",
      headRepoFullName: `octo/${repo}`,
      labels: ["autofix", "bug"],
    });
    const request: AutofixRequest = {
      repository: { owner: "octo", name: repo },
      checkoutDir: "/nonexistent",
      pullRequest: {
        number: 3,
        title: "t",
        body: "",
        author: "dev",
        headRef: "feature",
        headSha: HEAD,
        baseSha: BASE,
      },
      isFork: false,
    };
    const plan = autofixPlan({
      repository: request.repository,
      pullRequest: request.pullRequest,
      isFork: false,
    });
    const sessionFailure = "the agent used all 8 turns";
    const proposed: ProposedFix = {
      plan,
      checkout: new GitCheckout("/nonexistent", {}),
      session: {
        outcome: failedOutcome(),
        restore: { status: "fresh", reason: "no_prior_session", message: "no prior session" },
        notes: [],
      },
      sessionFailure,
      droppedSymlinks: [],
      denials: [],
      // A failed session's edits are never pushed, whatever it left behind.
      changes: { paths: ["src/app.ts"], leftAsFound: [], revertedProtected: [], patch: "" },
      action: autofixAction(plan, { sessionFailure, changedPaths: ["src/app.ts"] }),
    };
    return { request, proposed };
  }

  it("a failed session: no commit, the label goes, the sticky comment and the check run say why", async () => {
    const { request, proposed } = failedSession("failed");
    const checks = new CheckRunPublisher(octokit);
    const check = await checks.start({
      owner: "octo",
      repo: "failed",
      name: "Claude autofix",
      headSha: HEAD,
      title: "fixing",
    });
    const steps = new BestEffortSteps();

    const result = await publishAutofix(octokit, request, proposed, { steps, checks, check });

    expect(result).toMatchObject({
      status: "session_failed",
      detail: "the agent used all 8 turns",
      labelRemoved: true,
    });
    expect(result.commitSha).toBeUndefined();
    expect(result.notes).toEqual([]);
    expect(github.callsTo("git/create-commit")).toEqual([]);
    expect(github.pull("octo", "failed", 3).labels).toEqual(["bug"]);
    const comments = await octokit.rest.issues.listComments({
      owner: "octo",
      repo: "failed",
      issue_number: 3,
    });
    expect(comments.data).toHaveLength(1);
    expect(comments.data[0]!.body).toContain("the agent used all 8 turns");
    const run = await octokit.rest.checks.get({
      owner: "octo",
      repo: "failed",
      check_run_id: result.checkRunId!,
    });
    expect(run.data).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(github.violations).toEqual([]);
  });

  it("a step that fails becomes a note and the later steps still run", async () => {
    const { request, proposed } = failedSession("flaky");
    const checks = new CheckRunPublisher(octokit);
    const check = await checks.start({
      owner: "octo",
      repo: "flaky",
      name: "Claude autofix",
      headSha: HEAD,
      title: "fixing",
    });
    github.failNext("issues/remove-label", { kind: "server_error", status: 500 }, 20);

    const result = await publishAutofix(octokit, request, proposed, {
      steps: new BestEffortSteps(),
      checks,
      check,
    });
    github.clearFaults();

    expect(result.labelRemoved).toBe(false);
    expect(result.notes).toEqual([expect.stringMatching(/^removing the label failed: /)]);
    const comments = await octokit.rest.issues.listComments({
      owner: "octo",
      repo: "flaky",
      issue_number: 3,
    });
    expect(comments.data).toHaveLength(1);
    const run = await octokit.rest.checks.get({
      owner: "octo",
      repo: "flaky",
      check_run_id: result.checkRunId!,
    });
    expect(run.data.status).toBe("completed");
  });
});
