import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { ReviewJobFixture } from "../../harness/review-job-fixture.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import type { Script } from "../../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The coverage report through the shared review job, the real CLI 2.1.235 and its own tool calls:
// a change too large for the prompt's diff, a model that reads a little and reports nothing. The
// review must not say "No issues found"; it says what it read and what it did not.

const BIG_LINES = 3_000;
const bigFile = (tag: string) =>
  Array.from({ length: BIG_LINES }, (_, i) => `export const ${tag}${i} = "${"x".repeat(24)}";`).join("\n") +
  "\n";

let fixture: ReviewJobFixture;
let pr: PullRequestRef;
beforeEach(async () => {
  fixture = await ReviewJobFixture.start("review-coverage-");
  const { repo } = fixture;
  for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
  const baseSha = repo.commitAll("base");
  for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
  // Each over the prompt's 120,000-character diff budget on its own: neither is inlined.
  repo.write("data/first.ts", bigFile("a"));
  repo.write("data/second.ts", bigFile("b"));
  pr = fixture.openPullRequest(baseSha, repo.commitAll("add sub and two large tables"));
});
afterEach(() => fixture.close());

const review = (script: Script) => fixture.review(pr, script, {}, { maxBudgetUsd: 20 });

const nothing = {
  kind: "structured_output" as const,
  value: { verdict: "pass", summary: "Looks fine.", findings: [] },
};

describe("what a review read of the change", () => {
  it("a review that read 100 lines of a change it could not hold says so: neutral, 'Partly reviewed', the unread file named", async () => {
    const result = await review([
      { kind: "tool_use", name: "Read", input: { file_path: "data/first.ts", offset: 1, limit: 100 } },
      // A refused or failed read shows nothing: this file does not exist.
      { kind: "tool_use", name: "Read", input: { file_path: "data/missing.ts" } },
      nothing,
    ]);
    expect(result.status).toBe("reviewed");
    if (result.status !== "reviewed") return;
    const coverage = result.result.status === "reviewed" ? result.result.coverage : undefined;
    expect(coverage).toMatchObject({
      filesTotal: 3,
      filesRead: 2,
      unread: ["data/second.ts"],
      toolCallsCounted: 1,
    });
    const inlined = coverage!.linesInPrompt; // src/math.ts's added lines, the only diff the prompt held
    expect(inlined).toBeGreaterThan(0);
    expect(coverage!.linesRead).toBe(inlined + 100);
    expect(coverage!.linesTotal).toBe(inlined + 2 * BIG_LINES);

    const check = fixture.github.state.checkRuns[0]!;
    expect(check.conclusion).toBe("neutral");
    expect(check.output.title).toBe(
      `Partly reviewed (read ${inlined + 100} of ${inlined + 2 * BIG_LINES} changed lines): no issues found in what was read`,
    );
    expect(check.output.summary).toContain(
      `Read 2 of 3 changed files (${inlined + 100} of ${inlined + 2 * BIG_LINES} changed lines; ${inlined} in the prompt's diff, the rest read with tools). Not read: \`data/second.ts\``,
    );
    const sticky = fixture.sticky();
    expect(sticky).not.toContain("No issues found");
    expect(sticky).toContain("Not read: `data/second.ts`");
  });

  it("the same change read whole (git diff, then cat) is a plain 'No issues found'", async () => {
    const result = await review([
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: `git diff ${pr.baseSha}...${pr.headSha} -- data/first.ts` },
      },
      { kind: "tool_use", name: "Bash", input: { command: "cat data/second.ts" } },
      nothing,
    ]);
    expect(result.status).toBe("reviewed");
    if (result.status !== "reviewed" || result.result.status !== "reviewed") return;
    expect(result.result.coverage).toMatchObject({ filesRead: 3, unread: [], toolCallsCounted: 2 });
    expect(result.result.coverage!.linesRead).toBe(result.result.coverage!.linesTotal);
    expect(fixture.github.state.checkRuns[0]).toMatchObject({
      conclusion: "success",
      output: { title: "No issues found" },
    });
  });
});
