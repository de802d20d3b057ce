import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";
import { ReviewJobFixture } from "../../harness/review-job-fixture.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";

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

let fixture: ReviewJobFixture;
let baseSha: string;
beforeEach(async () => {
  fixture = await ReviewJobFixture.start("finding-resolution-");
  fixture.repo.write("src/a.ts", file("a", {}));
  fixture.repo.write("src/b.ts", file("b", {}));
  baseSha = fixture.repo.commitAll("base");
});
afterEach(() => fixture.close());

const output = (...findings: ReturnType<typeof finding>[]) => ({
  kind: "structured_output" as const,
  value: { verdict: "comment", summary: "Remarks.", findings },
});

describe("the resolution rate of a PR's earlier findings", () => {
  it("counts a finding whose code changed and one whose thread a person resolved, not one left as it was", async () => {
    const { repo, github } = fixture;
    repo.write("src/a.ts", file("a", { 3: "export const a3 = 30;" }));
    repo.write("src/b.ts", file("b", { 3: "export const b3 = 30;", 17: "export const b17 = 170;" }));
    const first = fixture.openPullRequest(baseSha, repo.commitAll("first push"), "Tweak constants");
    const store = new FsTranscriptStore({ root: join(fixture.repo.dir, ".git", "sessions-store") });
    const firstReview = await fixture.review(
      first,
      [
        output(
          finding("src/a.ts", 3, "a3 is off by ten"),
          finding("src/b.ts", 3, "b3 is off by ten"),
          finding("src/b.ts", 17, "b17 is off by ten"),
        ),
      ],
      { store },
    );
    expect(firstReview.status === "reviewed" && firstReview.published.review?.resolution).toBeUndefined();
    const comments = github.reviewCommentsOn("octo", "app", 7);
    expect(comments).toHaveLength(3);
    // A person resolves the thread on b.ts:3; nobody touches b.ts:17.
    github.state.resolvedThreads.add(comments.find((c) => c.line === 3 && c.path === "src/b.ts")!.id);

    // The second push changes the code at a.ts:3 only.
    repo.write("src/a.ts", file("a", { 3: "export const a3 = 3;" }));
    const second = repo.commitAll("fix a3");
    github.movePullRequestHead("octo", "app", 7, second, repo.git("diff", `${baseSha}...${second}`));
    const secondReview = await fixture.review(
      { ...first, headSha: second },
      [output(finding("src/b.ts", 17, "b17 is off by ten"))],
      { store },
    );

    expect(secondReview.status).toBe("reviewed");
    if (secondReview.status !== "reviewed") return;
    expect(secondReview.published.review?.resolution).toEqual({ earlier: 3, resolved: 2 });
    // The PR's count went into the repository's tally beside the sessions.
    expect(secondReview.repositoryResolution).toEqual({
      pullRequests: 1,
      earlier: 3,
      resolved: 2,
      rate: 0.667,
    });
    expect(firstReview.status === "reviewed" && firstReview.repositoryResolution).toBeUndefined();
    expect(fixture.sticky()).toContain(
      "Resolved 2 of 3 earlier findings (67%): their lines changed, or their threads were resolved",
    );
  });
});
