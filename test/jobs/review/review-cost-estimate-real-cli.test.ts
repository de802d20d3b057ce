import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ReviewOverBudgetError } from "../../../src/jobs/review/review-budget.js";
import { CHARS_PER_TOKEN, SESSION_OVERHEAD_TOKENS } from "../../../src/jobs/review/review-cost-estimate.js";
import { runReview } from "../../../src/jobs/review/run-review.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { decideIsolation } from "../../../src/runner/isolation/isolation-decision.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { conversationText, type Script, ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The estimate before a review, checked against the real CLI 2.1.235: its fixed per-request cost,
// and a review narrowed to fit max_budget_usd that really sends only the files it kept.

const GUIDE = `# Guide\n\n${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(7_000)}\n`;
const TOKEN_FILE = 'export function tokenFor(user: string): string {\n  return "t-" + user;\n}\n';

let repo: TempRepo;
let baseSha: string;
let headSha: string;
let api: ScriptedMessagesApi | undefined;
beforeAll(() => {
  repo = createTempRepo("review-estimate-");
  for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
  baseSha = repo.commitAll("base");
  for (const [path, content] of Object.entries({
    ...HEAD_FILES,
    "docs/guide.md": GUIDE,
    "src/auth/token.ts": TOKEN_FILE,
  }))
    repo.write(path, content);
  headSha = repo.commitAll("sub, a token helper and a long guide");
});
afterAll(() => repo?.remove());
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const finding = (path: string) => ({
  path,
  start_line: 2,
  end_line: 2,
  severity: "warning",
  title: "Predictable token",
  body: "The token is derived from the user name.",
  category: "security",
});

async function review(script: Script, settings: Partial<JobSettings>) {
  api = await ScriptedMessagesApi.start(script);
  return runReview(
    { repository: { owner: "octo", name: "app" }, checkoutDir: repo.dir, baseSha, headSha, untrusted: false },
    {
      maxTurns: 6,
      maxBudgetUsd: 5,
      timeoutMs: 120_000,
      hostEnv: process.env,
      secretValues: [],
      claudePath: CLAUDE_BIN,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      model: "claude-sonnet-4-5",
      ...settings,
    },
  );
}

describe("a review's cost estimate on the real CLI", () => {
  it("the fixed cost the estimate counts per request (system prompt and tools) is at least what the CLI sends, and within 25%", async () => {
    // As the Action runs it: the agent's own user, so the Bash sandbox is on and its text is sent.
    const isolation = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: false,
      onNoIsolation: "fail",
    });
    const result = await review(
      [{ kind: "structured_output", value: { verdict: "pass", summary: "Fine.", findings: [] } }],
      { isolation },
    );
    expect(result.status).toBe("reviewed");
    expect(result.session.outcome.confinement).toContain("Bash sandbox: on");
    const first = api!.requests.find((r) => r.main)!.body as { system: unknown; tools: unknown };
    const sent = (JSON.stringify(first.system).length + JSON.stringify(first.tools).length) / CHARS_PER_TOKEN;
    // Never low (a low estimate lets a job die at the cap), and not so high it narrows reviews for nothing.
    expect(SESSION_OVERHEAD_TOKENS / sent).toBeGreaterThanOrEqual(1);
    expect(SESSION_OVERHEAD_TOKENS / sent).toBeLessThan(1.25);
    // Within the budget: the whole change went to the model, and the estimate is on the result.
    expect(conversationText(api!.requests.find((r) => r.main)!)).toContain("docs/guide.md");
    expect(result.budget?.estimate.usd).toBeGreaterThan(0);
    expect(result.budget?.notes).toEqual([expect.stringMatching(/^Estimated before the run: \$/)]);
  });

  it("over the budget: the model is sent the riskiest files only, the note names the rest, and a finding on a left-out file is set aside", async () => {
    const result = await review(
      [
        {
          kind: "structured_output",
          value: {
            verdict: "comment",
            summary: "One concern.",
            findings: [finding("src/auth/token.ts"), finding("docs/guide.md")],
          },
        },
      ],
      { maxBudgetUsd: 0.3 },
    );
    const prompt = conversationText(api!.requests.find((r) => r.main)!);
    expect(prompt).toContain("src/auth/token.ts");
    expect(prompt).toContain("src/math.ts");
    expect(prompt).not.toContain("Lorem ipsum");
    expect(result.status).toBe("reviewed");
    if (result.status !== "reviewed") return;
    expect(result.budget?.notes[0]).toMatch(
      /^Over budget: the whole change \(3 files\) .* covers the 2 files most at risk first; 1 not reviewed: `docs\/guide\.md`/,
    );
    expect(result.budget?.estimate.usd).toBeLessThanOrEqual(0.3 * 0.8);
    expect(result.checked.review.findings.map((f) => f.path)).toEqual(["src/auth/token.ts"]);
    expect(result.checked.rejected.map((r) => r.finding.path)).toEqual(["docs/guide.md"]);
  });

  it("not even the riskiest file fits: no session starts, and the error says why", async () => {
    const attempt = review([{ kind: "text", text: "never asked" }], { maxBudgetUsd: 0.01 });
    await expect(attempt).rejects.toBeInstanceOf(ReviewOverBudgetError);
    await expect(attempt).rejects.toThrow(/not reviewed: the change is estimated at \$\d/);
    expect(api!.requests).toEqual([]);
  });
});
