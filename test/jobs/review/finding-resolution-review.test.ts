import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { reviewPullRequest } from "../../../src/jobs/review/review-pull-request.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { pullRequestLineage } from "../../../src/jobs/shared/pull-request-lineage.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { type Script, ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The resolution rate of a PR's earlier findings, through the shared review job, the real CLI, the
// scripted model and the GitHub double (whose threads turn outdated when their hunk leaves the diff).

const file = (tag: string, changed: Record<number, string>) =>
  Array.from({ length: 20 }, (_, i) => changed[i + 1] ?? `export const ${tag}${i + 1} = ${i + 1};`).join(
    "\n",
  ) + "\n";
const finding = (path: string, line: number, title: string) => ({
  path,
  start_line: line,
  end_line: line,
  severity: "warning",
  title,
  body: `${title}.`,
  category: "bug",
});

let github: GitHubDouble;
let octokit: GitHubClient;
let repo: TempRepo;
let api: ScriptedMessagesApi | undefined;
let baseSha: string;

beforeEach(async () => {
  github = await GitHubDouble.start();
  octokit = createGitHubClient({
    token: github.token,
    baseUrl: github.url,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
    retryAfterBaseMs: 1,
  });
  repo = createTempRepo("finding-resolution-");
  repo.write("src/a.ts", file("a", {}));
  repo.write("src/b.ts", file("b", {}));
  baseSha = repo.commitAll("base");
  github.addRepo("octo", "app");
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await api?.close();
  api = undefined;
  await github.close();
  repo.remove();
});

function pr(headSha: string): PullRequestRef {
  return {
    number: 7,
    headSha,
    headRef: "feature",
    baseSha,
    baseRef: "main",
    headRepoFullName: "octo/app",
    baseRepoFullName: "octo/app",
    draft: false,
    title: "Tweak constants",
    body: "",
    author: "dev",
  };
}

async function review(headSha: string, script: Script) {
  await api?.close();
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
  const ref = pr(headSha);
  return reviewPullRequest(
    {
      octokit,
      owner: "octo",
      repo: "app",
      pr: ref,
      checkoutDir: repo.dir,
      untrusted: false,
      lineage: pullRequestLineage({ owner: "octo", name: "app" }, ref),
      commentMode: "review",
      inlineCommentLimit: 30,
    },
    settings,
  );
}

const output = (...findings: ReturnType<typeof finding>[]) => ({
  kind: "structured_output" as const,
  value: { verdict: "comment", summary: "Remarks.", findings },
});

describe("the resolution rate of a PR's earlier findings", () => {
  it("counts a finding whose code changed and one whose thread a person resolved, not one left as it was", async () => {
    repo.write("src/a.ts", file("a", { 3: "export const a3 = 30;" }));
    repo.write("src/b.ts", file("b", { 3: "export const b3 = 30;", 17: "export const b17 = 170;" }));
    const first = repo.commitAll("first push");
    github.addPullRequest({
      owner: "octo",
      repo: "app",
      number: 7,
      diff: repo.git("diff", `${baseSha}...${first}`),
      headSha: first,
      baseSha,
    });
    const firstReview = await review(first, [
      output(
        finding("src/a.ts", 3, "a3 is off by ten"),
        finding("src/b.ts", 3, "b3 is off by ten"),
        finding("src/b.ts", 17, "b17 is off by ten"),
      ),
    ]);
    expect(firstReview.status === "reviewed" && firstReview.published.review?.resolution).toBeUndefined();
    const comments = github.reviewCommentsOn("octo", "app", 7);
    expect(comments).toHaveLength(3);
    // A person resolves the thread on b.ts:3; nobody touches b.ts:17.
    github.state.resolvedThreads.add(comments.find((c) => c.line === 3 && c.path === "src/b.ts")!.id);

    // The second push changes the code at a.ts:3 only.
    repo.write("src/a.ts", file("a", { 3: "export const a3 = 3;" }));
    const second = repo.commitAll("fix a3");
    github.movePullRequestHead("octo", "app", 7, second, repo.git("diff", `${baseSha}...${second}`));
    const secondReview = await review(second, [output(finding("src/b.ts", 17, "b17 is off by ten"))]);

    expect(secondReview.status).toBe("reviewed");
    if (secondReview.status !== "reviewed") return;
    expect(secondReview.published.review?.resolution).toEqual({ earlier: 3, resolved: 2 });
    const sticky = github.state.issueComments.find((c) => c.body.includes("Claude review"))!.body;
    expect(sticky).toContain(
      "Resolved 2 of 3 earlier findings (67%): their lines changed, or their threads were resolved",
    );
  });
});
