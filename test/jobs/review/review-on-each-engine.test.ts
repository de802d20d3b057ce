import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runReview } from "../../../src/jobs/review/run-review.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { parseRepositoryConfig } from "../../../src/jobs/shared/repository-config.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { ENGINES, type EngineUnderTest } from "../../harness/engines-under-test.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One suite, both engines: the review's start (reviewSessionPlan) and finish (checkedReview) are
// written once, so for the same agent output each engine gives the same checked review: findings on
// files outside the change or past a file's end set aside, a job secret failing the session, a
// custom schema that is not review-shaped publishing nothing inline.

const SECRET = "ghs_ReviewTableSecret0123456789";
const finding = (path: string, line: number) => ({
  path,
  start_line: line,
  end_line: line,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
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

describe.each(ENGINES)("a review on the %s engine", (_name, start) => {
  let engine: EngineUnderTest;
  let repo: TempRepo;
  let baseSha: string;
  let headSha: string;
  beforeAll(async () => {
    engine = await start();
    repo = createTempRepo("review-engine-table-");
    for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
    baseSha = repo.commitAll("base");
    for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
    headSha = repo.commitAll("add sub");
  });
  afterAll(async () => {
    await engine?.close();
    repo?.remove();
  });

  const review = async (output: Record<string, unknown>, settings: Partial<JobSettings> = {}) =>
    runReview(
      {
        repository: { owner: "octo", name: "app" },
        checkoutDir: repo.dir,
        baseSha,
        headSha,
        untrusted: false,
      },
      { ...(await engine.settingsFor(output, baseSettings())), ...settings },
    );

  it("keeps the finding on the changed file and sets aside one on a file outside the change and one past the end", async () => {
    const result = await review({
      verdict: "request_changes",
      summary: "One bug.",
      findings: [finding("src/math.ts", 14), finding("src/elsewhere.ts", 3), finding("src/math.ts", 400)],
    });
    expect(result.status).toBe("reviewed");
    if (result.status !== "reviewed") return;
    expect(result.checked.review.findings.map((f) => [f.path, f.startLine])).toEqual([["src/math.ts", 14]]);
    expect(result.checked.rejected.map((r) => r.finding.path).sort()).toEqual([
      "src/elsewhere.ts",
      "src/math.ts",
    ]);
  });

  it("the repository's rules reach the prompt and hold on the findings: an ignored category dropped, a ceiling applied", async () => {
    const rules = parseRepositoryConfig(
      [
        "ignore_categories: [Style]",
        "rules:",
        "  - paths: ['src/**']",
        "    instructions: Check every arithmetic helper against its name.",
        "    severity_ceiling: warning",
        "  - paths: ['docs/**']",
        "    instructions: Never shown, no changed file matches.",
      ].join("\n"),
      ".github/claude-pr-runner.yml at base",
    );
    const result = await runReview(
      {
        repository: { owner: "octo", name: "app" },
        checkoutDir: repo.dir,
        baseSha,
        headSha,
        untrusted: false,
        rules,
      },
      await engine.settingsFor(
        {
          verdict: "request_changes",
          summary: "Two remarks.",
          findings: [finding("src/math.ts", 14), { ...finding("src/math.ts", 13), category: "style" }],
        },
        baseSettings(),
      ),
    );
    const prompt = engine.lastPrompt();
    expect(prompt).toContain("Review rules from the repository's .github/claude-pr-runner.yml at base");
    expect(prompt).toContain(
      "Check every arithmetic helper against its name. (findings here are at most warning)",
    );
    expect(prompt).toContain("Do not report findings of these categories: style.");
    expect(prompt).not.toContain("Never shown");
    expect(result.status).toBe("reviewed");
    if (result.status !== "reviewed") return;
    expect(result.checked.review.findings.map((f) => [f.startLine, f.severity])).toEqual([[14, "warning"]]);
    expect(result.checked.notes?.join("\n")).toMatch(
      /1 finding\(s\) dropped, their category is ignored.*: style/,
    );
    expect(result.checked.notes?.join("\n")).toContain("src/math.ts:14 error → warning");
  });

  it("a finding whose body carries a job secret, hex-encoded, fails the session: nothing to publish", async () => {
    const result = await review({
      verdict: "comment",
      summary: "See below.",
      findings: [{ ...finding("src/math.ts", 14), body: Buffer.from(SECRET).toString("hex") }],
    });
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toMatch(/carries a secret the job holds/);
  });

  it("a custom schema that is not review-shaped: the run succeeds, nothing is placed inline", async () => {
    const result = await review(
      { note: "all good" },
      {
        jsonSchema: {
          type: "object",
          properties: { note: { type: "string" } },
          required: ["note"],
          additionalProperties: false,
        },
      },
    );
    expect(result).toMatchObject({ status: "failed" });
    expect(result.status === "failed" && result.reason).toMatch(/not a review/);
  });
});
