import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { readPriorReviewFindings } from "../../../src/github/read-prior-review-findings.js";
import { ReviewJobError, reviewPullRequest } from "../../../src/jobs/review/review-pull-request.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { pullRequestLineage } from "../../../src/jobs/shared/pull-request-lineage.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { type Script, ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The live checklist in the review's sticky comment, through the shared review job (every door runs
// it), the real CLI 2.1.235, the scripted model and the OpenAPI-validated GitHub double.

const finding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
};

let github: GitHubDouble;
let octokit: GitHubClient;
let repo: TempRepo;
let api: ScriptedMessagesApi | undefined;
let pr: PullRequestRef;

beforeEach(async () => {
  github = await GitHubDouble.start();
  octokit = createGitHubClient({
    token: github.token,
    baseUrl: github.url,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
    retryAfterBaseMs: 1,
  });
  repo = createTempRepo("review-progress-");
  for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
  const baseSha = repo.commitAll("base");
  for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
  const headSha = repo.commitAll("add sub");
  github.addRepo("octo", "app");
  github.addPullRequest({
    owner: "octo",
    repo: "app",
    number: 7,
    diff: repo.git("diff", `${baseSha}...${headSha}`),
    headSha,
    baseSha,
  });
  pr = {
    number: 7,
    headSha,
    headRef: "feature",
    baseSha,
    baseRef: "main",
    headRepoFullName: "octo/app",
    baseRepoFullName: "octo/app",
    draft: false,
    title: "Add sub",
    body: "",
    author: "dev",
  };
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await api?.close();
  api = undefined;
  await github.close();
  repo.remove();
});

async function review(script: Script) {
  api = await ScriptedMessagesApi.start(script);
  const settings: JobSettings = {
    maxTurns: 6,
    maxBudgetUsd: 5,
    timeoutMs: 120_000,
    hostEnv: process.env,
    secretValues: [],
    claudePath: CLAUDE_BIN,
    agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
  };
  return reviewPullRequest(
    {
      octokit,
      owner: "octo",
      repo: "app",
      pr,
      checkoutDir: repo.dir,
      untrusted: false,
      lineage: pullRequestLineage({ owner: "octo", name: "app" }, pr),
      commentMode: "review",
      inlineCommentLimit: 30,
      // Every change its own edit, so each milestone is seen.
      progressIntervalMs: 0,
    },
    settings,
  );
}

/** Every body our sticky had, in order: created, then each edit. */
function stickyBodies(): string[] {
  return [...github.callsTo("issues/create-comment"), ...github.callsTo("issues/update-comment")]
    .map((call) => (call.body as { body: string }).body)
    .filter((body) => body.includes("Claude review"));
}

describe("the review's live checklist in its sticky comment", () => {
  it("is edited at each milestone (checkout and trust, session, files read, publishing), then the summary replaces it", async () => {
    const result = await review([
      { kind: "tool_use", name: "Read", input: { file_path: `${repo.dir}/src/math.ts` } },
      {
        kind: "structured_output",
        value: { verdict: "request_changes", summary: "One bug.", findings: [finding] },
      },
    ]);
    expect(result.status).toBe("reviewed");
    const bodies = stickyBodies();
    expect(bodies[0]).toContain("## Claude review: working…");
    expect(bodies[0]).toContain("- [ ] Checkout and trust decision ⏳");
    expect(bodies).toContainEqual(
      expect.stringContaining("- [x] Checkout and trust decision: trusted (same repository)"),
    );
    expect(bodies).toContainEqual(expect.stringMatching(/- \[x\] Session started: model \S+/));
    // Edits coalesce: the count is seen while reading or, under load, only once reading is done.
    expect(bodies).toContainEqual(expect.stringMatching(/- \[[ x]\] Reading the change( ⏳)?: 1 file read/));
    const last = bodies.at(-1)!;
    expect(last).not.toContain("working…");
    expect(last).toContain("**Verdict:**");
    // One comment all along: created once, edited in place.
    expect(github.callsTo("issues/create-comment")).toHaveLength(1);
    expect(github.state.issueComments.filter((c) => c.body.includes("Claude review"))).toHaveLength(1);
  });

  it("a review that dies after its session: the checklist says failed with the reason, and the last review's findings stay readable under it", async () => {
    await review([
      {
        kind: "structured_output",
        value: { verdict: "request_changes", summary: "One bug.", findings: [finding] },
      },
    ]);
    await api?.close();
    github.resetCalls();
    // The PR read after the session fails: the job cannot publish.
    github.failNext("pulls/get", { kind: "server_error", status: 502 }, 20);
    await expect(
      review([{ kind: "structured_output", value: { verdict: "pass", summary: "Fine.", findings: [] } }]),
    ).rejects.toBeInstanceOf(ReviewJobError);
    github.clearFaults();
    const body = github.state.issueComments.find((c) => c.body.includes("Claude review"))!.body;
    expect(body).toContain("## Claude review: failed");
    expect(body).toMatch(/\*\*Failed:\*\* Claude review could not run: Server Error/);
    expect(body).toContain("- [ ] Publishing the review ❌");
    const prior = await readPriorReviewFindings(octokit, { owner: "octo", repo: "app", pullNumber: 7 });
    expect(prior.map((f) => [f.path, f.title])).toEqual([
      ["src/math.ts", "sub() adds instead of subtracting"],
    ]);
  });
});
