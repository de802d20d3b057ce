import { afterEach, describe, expect, it } from "vitest";
import { fetchPullRequestLineMap } from "../../../src/github/fetch-pull-request-line-map.js";
import { listReviewComments } from "../../../src/github/list-comments.js";
import { ReviewPublisher } from "../../../src/github/review-publisher.js";
import { collectNoiseSignals } from "../../../src/jobs/learnings/noise-signals.js";
import { finding, HEAD_SHA, SAMPLE_DIFF, testClient } from "../../github/pr-fixture.js";
import { GitHubDouble } from "../../github-double/index.js";

// What counts as the team saying "not useful", read from the OpenAPI-validated GitHub double. The
// hostile cases: a reader, the PR's author without write access, a pasted marker, our own clean-up.

const pr = { owner: "acme", repo: "app", pullNumber: 7 };
const maint = { login: "maint", type: "User" as const };
const reader = { login: "reader", type: "User" as const };

let gh: GitHubDouble | undefined;
afterEach(async () => {
  expect(gh?.violations ?? []).toEqual([]);
  await gh?.close();
  gh = undefined;
});

async function withOurFindings(options: { graphql?: boolean } = {}) {
  const double = await GitHubDouble.start({ graphql: options.graphql ?? true });
  gh = double;
  double.addRepo("acme", "app");
  double.addCollaborator("acme", "app", "maint", "write");
  double.addCollaborator("acme", "app", "reader", "read");
  double.addPullRequest({ owner: "acme", repo: "app", number: 7, diff: SAMPLE_DIFF, headSha: HEAD_SHA });
  const octokit = testClient(double);
  const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
  await new ReviewPublisher(octokit).publish({
    ...pr,
    commitSha: HEAD_SHA,
    findings: [
      finding({ path: "src/app.ts", startLine: 3, title: "A" }),
      finding({ path: "src/app.ts", startLine: 23, title: "C" }),
    ],
    lineMap,
  });
  const comments = await listReviewComments(octokit, pr);
  const ours = (title: string) => comments.find((c) => c.body.includes(`**${title}**`))!;
  return { double, octokit, a: ours("A"), c: ours("C") };
}

describe("collectNoiseSignals", () => {
  it("counts a writer's 👎 and reply on our finding, and says why a reader's do not count", async () => {
    const { double, octokit, a, c } = await withOurFindings();
    double.addReviewCommentReaction("acme", "app", a.id, "-1", maint);
    double.addReviewCommentReaction("acme", "app", a.id, "+1", reader);
    double.addReviewCommentReaction("acme", "app", c.id, "-1", reader);
    double.addReviewReply("acme", "app", c.id, "not useful", maint);
    double.addReviewReply("acme", "app", a.id, "stop reporting this", reader);

    const { signals, notes } = await collectNoiseSignals(octokit, pr, new Set());
    expect(signals.map((s) => [s.kind, s.by, s.on.finding.title]).sort()).toEqual([
      ["reply", "maint", "C"],
      ["thumbs_down", "maint", "A"],
    ]);
    expect(signals.find((s) => s.kind === "reply")?.reply).toBe("not useful");
    expect(notes.sort()).toEqual([
      "reply on src/app.ts “A” by @reader not counted: not a writer of the repository",
      "👎 on src/app.ts “C” by @reader not counted: not a writer of the repository",
    ]);
    // Reactions are listed only for a comment whose rollup shows a 👎.
    expect(double.callsTo("reactions/list-for-pull-request-review-comment")).toHaveLength(2);
  });

  it("a pasted fingerprint marker on a person's comment is no finding of ours, whatever a writer does to it", async () => {
    const { double, octokit, a } = await withOurFindings();
    const forged = double.addReviewComment("acme", "app", 7, {
      path: "src/app.ts",
      line: 4,
      body: `${a.body}`,
      user: reader,
    });
    double.addReviewCommentReaction("acme", "app", forged.id, "-1", maint);
    double.resolveThreadAs(forged.id, maint);
    expect(await collectNoiseSignals(octokit, pr, new Set())).toEqual({ signals: [], notes: [] });
  });

  it("a thread resolved by a writer with its lines unchanged counts; one resolved by us, or outdated, does not", async () => {
    const { double, octokit, a, c } = await withOurFindings();
    double.resolveThreadAs(a.id, maint);
    // Our own clean-up resolves with the bot: not a writer.
    double.resolveThreadAs(c.id, { login: "claude-pr-runner[bot]", type: "Bot" });
    const { signals } = await collectNoiseSignals(octokit, pr, new Set());
    expect(signals.map((s) => [s.kind, s.by, s.on.finding.title])).toEqual([
      ["resolved_unchanged", "maint", "A"],
    ]);

    // After a push that changes the code at A, its resolved thread is outdated: a fix, not noise.
    double.movePullRequestHead(
      "acme",
      "app",
      7,
      "d".repeat(40),
      "diff --git a/src/other.ts b/src/other.ts\nnew file mode 100644\n--- /dev/null\n+++ b/src/other.ts\n@@ -0,0 +1 @@\n+x\n",
    );
    expect((await collectNoiseSignals(octokit, pr, new Set())).signals).toEqual([]);
  });

  it("skips what is already recorded, and reads 👎s when GraphQL is closed to the token (and says so)", async () => {
    const { double, octokit, a } = await withOurFindings({ graphql: false });
    double.addReviewCommentReaction("acme", "app", a.id, "-1", maint);
    const first = await collectNoiseSignals(octokit, pr, new Set());
    expect(first.signals.map((s) => s.kind)).toEqual(["thumbs_down"]);
    expect(first.notes).toEqual(["resolved threads not read: GraphQL is closed to this token"]);
    const again = await collectNoiseSignals(octokit, pr, new Set(first.signals.map((s) => s.source)));
    expect(again.signals).toEqual([]);
  });
});
