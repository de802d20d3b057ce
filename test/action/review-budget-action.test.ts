import { afterEach, describe, expect, it, vi } from "vitest";
import { conversationText } from "../harness/scripted-messages-api.js";
import { ActionRunFixture, HEAD_FILES } from "./action-run-fixture.js";

// A cost estimate before the run, through the built Action (dist/index.js), the real CLI and the
// GitHub double: a change over max_budget_usd is narrowed to its riskiest files and says so; one
// that cannot fit at all starts no session.

vi.setConfig({ testTimeout: 240_000 });

const GUIDE = `# Guide\n\n${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(7_000)}\n`;
const withGuide = {
  ...HEAD_FILES,
  "docs/guide.md": GUIDE,
  "src/auth/token.ts": 'export const tokenFor = (user: string) => "t-" + user;\n',
};

describe("the Action estimating a review's cost before it runs", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  it("over the budget: the riskiest files are reviewed, the sticky and the check say what was left out, estimate next to actual", async () => {
    fx = await ActionRunFixture.start([
      { kind: "structured_output", value: { verdict: "pass", summary: "Looks good.", findings: [] } },
    ]);
    fx.setHead(withGuide, "a token helper and a long guide");
    fx.openPullRequest();
    const run = await fx.run("pull_request", fx.pullRequestEvent("synchronize"), {
      model: "claude-sonnet-4-5",
      max_budget_usd: "0.3",
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);

    const prompt = conversationText(fx.api.requests.find((r) => r.main)!);
    expect(prompt).toContain("src/auth/token.ts");
    expect(prompt).not.toContain("Lorem ipsum");

    const sticky = fx.github.state.issueComments.find((c) => c.body.includes("Claude review"))!.body;
    expect(sticky).toMatch(/Over budget: the whole change \(3 files\) was estimated at \$\d+\.\d\d/);
    expect(sticky).toContain("1 not reviewed: `docs/guide.md`");
    expect(sticky).toMatch(/cost \$\d+\.\d{4} \(estimated \$\d+\.\d{4}\)/);
    // Not "no issues found" over a change it did not read: the check says what it covered.
    expect(fx.github.state.checkRuns[0]!.output.summary).toContain("1 not reviewed: `docs/guide.md`");
    expect(Number(run.outputs.estimated_cost_usd)).toBeGreaterThan(0);
    expect(Number(run.outputs.estimated_cost_usd)).toBeLessThanOrEqual(0.3 * 0.8);
    expect(run.stdout).toMatch(/Cost: estimated \$\d+\.\d{4} before the run, \$\d+\.\d{4} actual/);
  });

  it("not even the riskiest file fits: no session, a failed check that says so, the step fails", async () => {
    fx = await ActionRunFixture.start([{ kind: "text", text: "never asked" }]);
    fx.setHead(withGuide, "a token helper and a long guide");
    fx.openPullRequest();
    const run = await fx.run("pull_request", fx.pullRequestEvent("synchronize"), { max_budget_usd: "0.01" });
    expect(run.code).toBe(1);
    expect(fx.api.requests.filter((r) => r.main)).toEqual([]);
    expect(fx.github.state.checkRuns[0]).toMatchObject({
      status: "completed",
      conclusion: "failure",
      output: { title: "Not reviewed: over budget" },
    });
    expect(fx.github.state.checkRuns[0]!.output.summary).toMatch(
      /not reviewed: the change is estimated at \$\d+\.\d\d and even its riskiest file alone/,
    );
    expect(run.stdout).toMatch(/::error::.*not reviewed: the change is estimated/);
  });
});
