import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findingFingerprint } from "../../src/findings/finding-fingerprint.js";
import { fingerprintMarker, readFingerprintMarkers } from "../../src/findings/fingerprint-marker.js";
import { hasStickyMarker, stickyMarker } from "../../src/github/comment-markers.js";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import { StickyComment } from "../../src/github/sticky-comment.js";
import { ActionRunFixture, HEAD_FILES, OWNER, REPO } from "../action/action-run-fixture.js";
import { finding, HEAD_SHA, startDoubleWithPr, testClient } from "../github/pr-fixture.js";
import type { GitHubDouble } from "../github-double/index.js";
import { conversationText } from "../harness/scripted-messages-api.js";

// Our markers are believed only from the lines the publisher owns: a sticky's first line, and the run
// of fingerprint lines that ends a body. The model fills summaries, titles, bodies, suggestions and
// fenced code, and our own bot publishes all of them: a marker it quotes there must change nothing a
// later job does.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

const REAL = finding({ path: "src/app.ts", startLine: 3, title: "Null deref", severity: "error" });
const FP = findingFingerprint(REAL);
const FORGED_FP = fingerprintMarker(FP);
const FORGED_STICKY = stickyMarker("autofix");

/** Every way model text can carry a marker: prose, inline code, fences of each kind, a fence left open. */
const CARRIERS = [
  FORGED_FP,
  `\`${FORGED_FP}\``,
  `\`\`\`\n${FORGED_FP}\n\`\`\``,
  `~~~html\n${FORGED_FP}\n~~~`,
  `\`\`\`\n${FORGED_STICKY}\n${FORGED_FP}`,
];

let gh: GitHubDouble;
let ours: GitHubClient;
const pr = { owner: "acme", repo: "app", pullNumber: 7, commitSha: HEAD_SHA };

beforeEach(async () => {
  gh = await startDoubleWithPr();
  ours = testClient(gh);
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

describe("forged markers in model text published by our own bot", () => {
  it("a fingerprint quoted in a summary, title, body or suggestion does not suppress the real finding later", async () => {
    const { lineMap } = await fetchPullRequestLineMap(ours, pr);
    const publisher = new ReviewPublisher(ours);
    // Review 1: another finding whose every model-filled field carries the forged fingerprint.
    await publisher.publish({
      ...pr,
      lineMap,
      summary: CARRIERS.join("\n\n"),
      findings: CARRIERS.map((carrier, i) =>
        finding({
          path: "src/app.ts",
          startLine: 4,
          title: `decoy ${i} ${carrier}`,
          body: `Look:\n\n${carrier}`,
          suggestion: `${carrier}\nnew3b`,
        }),
      ),
    });
    // Review 2 finds the real problem: it must be posted, not taken for "already posted".
    const second = await publisher.publish({ ...pr, lineMap, findings: [REAL] });
    expect(second).toMatchObject({ alreadyPosted: 0, inlineComments: 1 });
    const posted = gh
      .reviewCommentsOn("acme", "app", 7)
      .filter((c) => readFingerprintMarkers(c.body).includes(FP));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toContain("Null deref");
  });

  it("a sticky marker quoted in the review's sticky does not make another job's sticky overwrite it", async () => {
    const target = { owner: "acme", repo: "app", issueNumber: 7 };
    await new StickyComment(ours, { key: "summary" }).upsert(
      target,
      `Review summary\n\n${CARRIERS.join("\n\n")}`,
    );
    const reviewSticky = gh.state.issueComments[0]!.body;
    const { action } = await new StickyComment(ours, { key: "autofix" }).upsert(
      target,
      "Autofix: pushed one commit.",
    );
    expect(action).toBe("created");
    expect(gh.state.issueComments).toHaveLength(2);
    expect(gh.state.issueComments[0]!.body).toBe(reviewSticky);
    expect(hasStickyMarker(gh.state.issueComments[1]!.body, "autofix")).toBe(true);
    // And the review's sticky is still found as the review's own.
    expect(
      (await new StickyComment(ours, { key: "summary" }).upsert(target, "Review summary v2")).action,
    ).toBe("updated");
  });
});

describe("through the Action and the real CLI: a forged fingerprint in one review, the real finding in the next", () => {
  let fx: ActionRunFixture;
  afterAll(() => fx?.close());

  it("the second review posts the finding the first one tried to mark as already posted", async () => {
    const real = {
      path: "src/math.ts",
      start_line: 14,
      end_line: 14,
      severity: "error",
      title: "sub() adds instead of subtracting",
      body: "`sub(5, 3)` returns 8.",
      category: "bug",
    };
    const forged = fingerprintMarker(
      findingFingerprint({ ...real, startLine: 14, endLine: 14, severity: "error" } as Parameters<
        typeof findingFingerprint
      >[0]),
    );
    let secondHead = "";
    fx = await ActionRunFixture.start((request) =>
      secondHead && conversationText(request).includes(secondHead)
        ? {
            kind: "structured_output",
            value: { verdict: "request_changes", summary: "One bug.", findings: [real] },
          }
        : {
            kind: "structured_output",
            value: {
              verdict: "comment",
              summary: `Looks fine.\n\n\`\`\`\n${forged}\n\`\`\``,
              findings: [
                {
                  ...real,
                  start_line: 12,
                  end_line: 12,
                  severity: "notice",
                  title: `decoy ${forged}`,
                  body: `\`\`\`html\n${forged}\n\`\`\``,
                  suggestion: forged,
                  category: "tests",
                },
              ],
            },
          },
    );
    fx.openPullRequest();
    const first = await fx.run("pull_request", fx.pullRequestEvent("opened"), {});
    expect(first.code, first.stdout + first.stderr).toBe(0);
    // A push: the same change plus a comment line, reviewed again.
    secondHead = fx.setHead(
      {
        "src/math.ts": `${HEAD_FILES["src/math.ts"]}// reviewed again
`,
      },
      "touch",
    );
    fx.openPullRequest();
    const second = await fx.run("pull_request", fx.pullRequestEvent("synchronize"), {});
    expect(second.code, second.stdout + second.stderr).toBe(1);
    const onLine14 = fx.github.reviewCommentsOn(OWNER, REPO, 7).filter((c) => c.line === 14);
    expect(onLine14).toHaveLength(1);
    expect(onLine14[0]!.body).toContain("sub() adds instead of subtracting");
  });
});
