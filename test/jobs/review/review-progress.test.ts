import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GitHubClient } from "../../../src/github/github-client.js";
import { readPriorReviewFindings } from "../../../src/github/read-prior-review-findings.js";
import { ReviewJobError } from "../../../src/jobs/review/review-pull-request.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import type { GitHubDouble } from "../../github-double/index.js";
import { ReviewJobFixture } from "../../harness/review-job-fixture.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import type { Script } from "../../harness/scripted-messages-api.js";

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

let fixture: ReviewJobFixture;
let github: GitHubDouble;
let octokit: GitHubClient;
let pr: PullRequestRef;
beforeEach(async () => {
  fixture = await ReviewJobFixture.start("review-progress-");
  ({ github, octokit } = fixture);
  for (const [path, content] of Object.entries(BASE_FILES)) fixture.repo.write(path, content);
  const baseSha = fixture.repo.commitAll("base");
  for (const [path, content] of Object.entries(HEAD_FILES)) fixture.repo.write(path, content);
  pr = fixture.openPullRequest(baseSha, fixture.repo.commitAll("add sub"));
});
afterEach(() => fixture.close());

// Every change its own edit, so each milestone is seen.
const review = (script: Script) => fixture.review(pr, script, { progressIntervalMs: 0 });

/** Every body our sticky had, in order: created, then each edit. */
function stickyBodies(): string[] {
  return [...github.callsTo("issues/create-comment"), ...github.callsTo("issues/update-comment")]
    .map((call) => (call.body as { body: string }).body)
    .filter((body) => body.includes("Claude review"));
}

describe("the review's live checklist in its sticky comment", () => {
  it("is edited at each milestone (checkout and trust, session, files read, publishing), then the summary replaces it", async () => {
    const result = await review([
      { kind: "tool_use", name: "Read", input: { file_path: `${fixture.repo.dir}/src/math.ts` } },
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
