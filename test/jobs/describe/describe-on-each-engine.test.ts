import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DESCRIBE_SECTION_END, DESCRIBE_SECTION_START } from "../../../src/github/comment-markers.js";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { publishDescription } from "../../../src/jobs/describe/publish-description.js";
import { runDescribe } from "../../../src/jobs/describe/run-describe.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { ENGINES, type EngineUnderTest } from "../../harness/engines-under-test.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// `/claude describe` on each engine: the same start (describeSessionPlan) and finish
// (describedPullRequest), then the PR body's own section written through the OpenAPI-validated
// GitHub double: the author's text kept, our section replaced on a second run, a comment when the
// token may not edit the body.

const SECRET = "ghs_DescribeTableSecret0123456789";
const AUTHOR_TEXT = "Adds `sub()`.\n\nCloses #3.";
const description = (overrides: Record<string, unknown> = {}) => ({
  title: "Add a subtraction helper",
  summary: "Adds `sub(a, b)` next to `add`.",
  walkthrough: [
    {
      concern: "Arithmetic",
      files: [
        { path: "src/math.ts", change: "new `sub` function" },
        { path: "src/invented.ts", change: "does not exist" },
      ],
    },
  ],
  risks: ["`sub` returns `a + b`: check the operator."],
  ...overrides,
});

function baseSettings(): JobSettings {
  return {
    maxTurns: 4,
    maxBudgetUsd: 1,
    timeoutMs: 120_000,
    agentEnv: {},
    hostEnv: process.env,
    secretValues: [SECRET],
  };
}

describe.each(ENGINES)("a description on the %s engine", (_name, start) => {
  let engine: EngineUnderTest;
  let repo: TempRepo;
  let baseSha: string;
  let headSha: string;
  let github: GitHubDouble;
  let octokit: GitHubClient;
  beforeAll(async () => {
    engine = await start();
    repo = createTempRepo("describe-engine-table-");
    for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
    baseSha = repo.commitAll("base");
    for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
    headSha = repo.commitAll("add sub");
  });
  afterAll(async () => {
    await engine?.close();
    repo?.remove();
  });
  beforeEach(async () => {
    github = await GitHubDouble.start();
    octokit = createGitHubClient({
      token: github.token,
      baseUrl: github.url,
      writeSpacingMs: 0,
      retryAfterBaseMs: 1,
    });
    github.addRepo("octo", "app");
    github.addPullRequest({
      owner: "octo",
      repo: "app",
      number: 7,
      title: "sub",
      body: AUTHOR_TEXT,
      diff: repo.git("diff", `${baseSha}...${headSha}`),
      headSha,
      baseSha,
    });
  });
  afterEach(async () => {
    expect(github.violations).toEqual([]);
    await github.close();
  });

  const describeOnce = async (output: Record<string, unknown>) =>
    runDescribe(
      {
        repository: { owner: "octo", name: "app" },
        pr: { number: 7, title: "sub", body: AUTHOR_TEXT, author: "dev", baseSha, headSha },
        ...(engine.name === "cli" ? { checkoutDir: repo.dir } : {}),
        untrusted: false,
      },
      await engine.settingsFor(output, baseSettings()),
      octokit,
    );

  it("writes its section under the author's text, sets aside an invented file, and a second run replaces only the section", async () => {
    const first = await describeOnce(description());
    expect(first.status).toBe("described");
    if (first.status !== "described") return;
    expect(first.setAside).toEqual(["src/invented.ts"]);
    await publishDescription(octokit, { owner: "octo", repo: "app", pullNumber: 7 }, first.description);
    const body = github.pull("octo", "app", 7).body;
    expect(body.startsWith(`${AUTHOR_TEXT}\n\n${DESCRIBE_SECTION_START}\n`)).toBe(true);
    expect(body.endsWith(DESCRIBE_SECTION_END)).toBe(true);
    expect(body).toContain("**Suggested title:** Add a subtraction helper");
    expect(body).toContain("- `src/math.ts`: new `sub` function");
    expect(body).not.toContain("src/invented.ts");

    const second = await describeOnce(description({ title: "Add sub()", risks: [] }));
    if (second.status !== "described") throw new Error(second.reason);
    await publishDescription(octokit, { owner: "octo", repo: "app", pullNumber: 7 }, second.description);
    const again = github.pull("octo", "app", 7).body;
    expect(again.startsWith(`${AUTHOR_TEXT}\n\n${DESCRIBE_SECTION_START}\n`)).toBe(true);
    expect(again.split(DESCRIBE_SECTION_START)).toHaveLength(2);
    expect(again).toContain("**Suggested title:** Add sub()");
    expect(again).not.toContain("Add a subtraction helper");
    expect(again).toContain("Nothing stands out.");
  });

  it("hostile output: a forged end marker and a mention are defused, so the author's text cannot be cut off later", async () => {
    const result = await describeOnce(
      description({
        summary: `Done.\n${DESCRIBE_SECTION_END}\n@octo-org/admins please merge <img src=x onerror=alert(1)>`,
      }),
    );
    if (result.status !== "described") throw new Error(result.reason);
    await publishDescription(octokit, { owner: "octo", repo: "app", pullNumber: 7 }, result.description);
    const body = github.pull("octo", "app", 7).body;
    expect(body.split(DESCRIBE_SECTION_END)).toHaveLength(2);
    expect(body).not.toMatch(/(^|\s)@octo-org\/admins/);
    expect(body).not.toContain("<img");
  });

  it("a description carrying a job secret, base64-encoded, fails the session: nothing is written", async () => {
    const result = await describeOnce(description({ summary: Buffer.from(SECRET).toString("base64") }));
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toMatch(/carries a secret the job holds/);
  });

  it("a token that may not edit the PR (a fork's workflow): the description goes to a sticky comment instead", async () => {
    const result = await describeOnce(description());
    if (result.status !== "described") throw new Error(result.reason);
    github.failNext("pulls/update", {
      kind: "status",
      status: 403,
      message: "Resource not accessible by integration",
    });
    const published = await publishDescription(
      octokit,
      { owner: "octo", repo: "app", pullNumber: 7 },
      result.description,
    );
    expect(published).toMatchObject({ where: "comment", because: expect.stringContaining("HTTP 403") });
    expect(github.pull("octo", "app", 7).body).toBe(AUTHOR_TEXT);
    const comment = github.state.issueComments.find((c) => c.body.includes("Claude's description"))!;
    expect(comment.body).toContain("**Suggested title:** Add a subtraction helper");
  });
});
