import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { runAsk } from "../../../src/jobs/ask/run-ask.js";
import { answerQuestion } from "../../../src/jobs/conversation/answer-question.js";
import { followedSettings } from "../../../src/jobs/shared/follow-session.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { BASE_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { type Script, ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// A question's "working…" reply as a live checklist, with the real CLI 2.1.235, the scripted model
// and the OpenAPI-validated GitHub double: every door answers through answerQuestion.

let github: GitHubDouble;
let octokit: GitHubClient;
let repo: TempRepo;
let api: ScriptedMessagesApi | undefined;
let issueNumber: number;

beforeEach(async () => {
  github = await GitHubDouble.start();
  octokit = createGitHubClient({
    token: github.token,
    baseUrl: github.url,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
    retryAfterBaseMs: 1,
  });
  github.addRepo("octo", "app");
  issueNumber = github.addIssue("octo", "app", { title: "How does add work?" }).number;
  repo = createTempRepo("answer-progress-");
  for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
  repo.commitAll("base");
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await api?.close();
  api = undefined;
  await github.close();
  repo.remove();
});

async function ask(script: Script, options: { failEdits?: boolean } = {}) {
  api = await ScriptedMessagesApi.start(script);
  const settings: JobSettings = {
    maxTurns: 6,
    maxBudgetUsd: 1,
    timeoutMs: 120_000,
    hostEnv: process.env,
    secretValues: [],
    claudePath: CLAUDE_BIN,
    agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
  };
  const logged: string[] = [];
  // The first progress edit is refused (a 403 is not retried); later edits go through.
  if (options.failEdits)
    github.failNext("issues/update-comment", {
      kind: "status",
      status: 403,
      message: "Resource not accessible",
    });
  const outcome = await answerQuestion(
    octokit,
    { owner: "octo", repo: "app", number: issueNumber },
    (follow) =>
      runAsk(
        {
          repository: "octo/app",
          question: "how does add work?",
          asker: "dev",
          checkoutDir: repo.dir,
          untrusted: false,
        },
        followedSettings(settings, follow),
      ),
    { progressIntervalMs: 0, log: (line) => logged.push(line) },
  );
  return { outcome, logged };
}

const bodies = () =>
  github.callsTo("issues/update-comment").map((call) => (call.body as { body: string }).body);

describe("a question's working reply as a live checklist", () => {
  it("moves through checkout, session, reading (with a count) and answering, then becomes the answer", async () => {
    const { outcome } = await ask([
      { kind: "tool_use", name: "Read", input: { file_path: `${repo.dir}/src/math.ts` } },
      { kind: "structured_output", value: { answer: "`add` returns `a + b`." } },
    ]);
    expect(outcome.error).toBeUndefined();
    const seen = bodies();
    expect(seen[0]).toContain("- [ ] Checkout of the code asked about ⏳");
    expect(seen).toContainEqual(expect.stringMatching(/- \[x\] Session started: model \S+/));
    // Edits coalesce: the count is seen while reading or, under load, only once reading is done.
    expect(seen).toContainEqual(expect.stringMatching(/- \[[ x]\] Reading the code( ⏳)?: 1 file read/));
    expect(seen.slice(0, -1).every((body) => body.includes("- [ ] Writing the answer"))).toBe(true);
    expect(seen.at(-1)).toContain("`add` returns `a + b`.");
    expect(seen.at(-1)).not.toContain("working…");
    const replies = github.state.issueComments.filter((c) => c.issueNumber === issueNumber);
    expect(replies).toHaveLength(1);
  });

  it("progress edits that fail are logged and dropped: the question is still answered", async () => {
    const { outcome, logged } = await ask([{ kind: "structured_output", value: { answer: "It adds." } }], {
      failEdits: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(logged.some((line) => line.startsWith("progress comment not updated:"))).toBe(true);
    expect(github.state.issueComments.find((c) => c.issueNumber === issueNumber)!.body).toContain("It adds.");
  });
});
