import { expect } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import {
  type PullRequestReview,
  type PullRequestReviewJob,
  reviewPullRequest,
} from "../../src/jobs/review/review-pull-request.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import { pullRequestLineage } from "../../src/jobs/shared/pull-request-lineage.js";
import type { PullRequestRef } from "../../src/jobs/shared/pull-request-ref.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { GitHubDouble } from "../github-double/index.js";
import { CLAUDE_BIN } from "./claude-cli.js";
import { type Script, ScriptedMessagesApi } from "./scripted-messages-api.js";

/**
 * The shared review job (every door runs it) on the real CLI 2.1.235, the scripted Messages API and
 * the OpenAPI-validated GitHub double, for suites that review a PR of octo/app and read what was
 * published. `close()` checks the double saw no spec violation and stops everything.
 */
export class ReviewJobFixture {
  api?: ScriptedMessagesApi;

  private constructor(
    readonly github: GitHubDouble,
    readonly octokit: GitHubClient,
    readonly repo: TempRepo,
  ) {}

  static async start(repoPrefix: string): Promise<ReviewJobFixture> {
    const github = await GitHubDouble.start();
    const octokit = createGitHubClient({
      token: github.token,
      baseUrl: github.url,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
      retryAfterBaseMs: 1,
    });
    github.addRepo("octo", "app");
    return new ReviewJobFixture(github, octokit, createTempRepo(repoPrefix));
  }

  /** Opens PR #7 for base...head on the double (its diff from the repository) and returns its ref. */
  openPullRequest(baseSha: string, headSha: string, title = "Add sub"): PullRequestRef {
    this.github.addPullRequest({
      owner: "octo",
      repo: "app",
      number: 7,
      diff: this.repo.git("diff", `${baseSha}...${headSha}`),
      headSha,
      baseSha,
    });
    return {
      number: 7,
      headSha,
      headRef: "feature",
      baseSha,
      baseRef: "main",
      headRepoFullName: "octo/app",
      baseRepoFullName: "octo/app",
      draft: false,
      title,
      body: "",
      author: "dev",
    };
  }

  /** Reviews `pr` with the model answering from `script`; a trusted PR, inline comments on. */
  async review(
    pr: PullRequestRef,
    script: Script,
    job: Partial<PullRequestReviewJob> = {},
    settings: Partial<JobSettings> = {},
  ): Promise<PullRequestReview> {
    await this.api?.close();
    this.api = await ScriptedMessagesApi.start(script);
    return reviewPullRequest(
      {
        octokit: this.octokit,
        owner: "octo",
        repo: "app",
        pr,
        checkoutDir: this.repo.dir,
        untrusted: false,
        lineage: pullRequestLineage({ owner: "octo", name: "app" }, pr),
        commentMode: "review",
        inlineCommentLimit: 30,
        ...job,
      },
      {
        maxTurns: 6,
        maxBudgetUsd: 5,
        timeoutMs: 120_000,
        hostEnv: process.env,
        secretValues: [],
        claudePath: CLAUDE_BIN,
        agentEnv: { ANTHROPIC_BASE_URL: this.api.url, ANTHROPIC_API_KEY: "test-key" },
        ...settings,
      },
    );
  }

  /** The review's sticky comment as it stands. */
  sticky(): string {
    return this.github.state.issueComments.find((c) => c.body.includes("Claude review"))?.body ?? "";
  }

  async close(): Promise<void> {
    expect(this.github.violations).toEqual([]);
    await this.api?.close();
    await this.github.close();
    this.repo.remove();
  }
}
