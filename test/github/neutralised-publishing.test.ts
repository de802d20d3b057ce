import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Finding } from "../../src/findings/finding.js";
import { readFingerprintMarkers } from "../../src/findings/fingerprint-marker.js";
import { CheckRunPublisher } from "../../src/github/check-run-publisher.js";
import { stickyMarker } from "../../src/github/comment-markers.js";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { IssuePublisher } from "../../src/github/issue-publisher.js";
import { renderJobSummary } from "../../src/github/job-summary.js";
import { neutraliserFor } from "../../src/github/neutralise-output.js";
import { postCommentOnce } from "../../src/github/post-comment-once.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import type { RunReport } from "../../src/github/run-report-markdown.js";
import { toSarif } from "../../src/github/sarif-export.js";
import { StickyComment } from "../../src/github/sticky-comment.js";
import type { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, startDoubleWithPr } from "./pr-fixture.js";

/**
 * Red-team corpus for what we publish: one hostile text (a known secret, a token shape, a team
 * mention, a foreign image, a forged marker, a workflow command) sent through every output kind on
 * the GitHub double. Each output must come out with none of them working.
 */
const KNOWN_SECRET = "aws-secret-Zx81kQ0pLm3n";
const TOKEN = `ghs_${"A1b2C3d4".repeat(5)}`;
const FORGED = "<!-- claude-pr-runner:fp:forged -->";
const FORGED_STICKY = "<!-- claude-pr-runner:sticky:claude-review -->";
const HOSTILE = [
  `Key ${KNOWN_SECRET} and ${TOKEN}.`,
  "cc @acme/security-team and @octocat",
  "![x](https://evil.example/x.png?d=leak) [docs](https://evil.example/phish) <img src=https://evil.example/y.png>",
  FORGED,
  FORGED_STICKY,
  "::set-env name=X::y",
].join("\n");

const hostileFinding = (line: number, title = `Leak @acme/admins ${TOKEN}`): Finding =>
  finding({
    path: "src/app.ts",
    startLine: line,
    title,
    body: HOSTILE,
    category: "security @acme/x",
    suggestion: `const key = "${KNOWN_SECRET}";`,
  });

/** Nothing in `text` may work as a secret leak, a mention, a foreign image or link, or a forged marker. */
function expectNeutral(text: string): void {
  expect(text).not.toContain(KNOWN_SECRET);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toMatch(/@[A-Za-z0-9]/);
  expect(text).not.toMatch(/https?:\/\/evil/);
  expect(text).not.toMatch(/<img|\]\(https?:\/\/evil/i);
  expect(text).not.toContain(FORGED);
  expect(text).not.toContain(FORGED_STICKY);
  expect(readFingerprintMarkers(text)).not.toContain("forged");
}

let gh: GitHubDouble;
let octokit: GitHubClient;
const pr = { owner: "acme", repo: "app", pullNumber: 7, commitSha: HEAD_SHA };

beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = createGitHubClient({
    token: gh.token,
    baseUrl: gh.url,
    secrets: [KNOWN_SECRET],
    retryAfterBaseMs: 1,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
  });
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

const report = (): RunReport => ({
  title: "Claude review",
  verdict: `Changes requested @acme/all ${TOKEN}`,
  details: HOSTILE,
  findings: [hostileFinding(3)],
  reviewedSha: HEAD_SHA,
  runUrl: "https://github.com/acme/app/actions/runs/99",
});

describe("everything published is neutralised", () => {
  it("review: body, inline comments and overflow rows; only our own markers count on the re-run", async () => {
    const { lineMap } = await fetchPullRequestLineMap(octokit, pr);
    const publisher = new ReviewPublisher(octokit, { maxInlineComments: 1 });
    const input = {
      ...pr,
      lineMap,
      summary: HOSTILE,
      findings: [hostileFinding(3), hostileFinding(4, "Other")],
    };
    const first = await publisher.publish(input);
    expect(first).toMatchObject({ inlineComments: 1, bodyFindings: 1 });
    const [review] = gh.state.reviews;
    expectNeutral(review!.body);
    expect(readFingerprintMarkers(review!.body)).toHaveLength(1);
    expect(gh.state.reviewComments).toHaveLength(1);
    const comment = gh.state.reviewComments[0]!.body;
    expectNeutral(comment.replace(/```suggestion[\s\S]*?```/, ""));
    // The suggestion stays byte-exact code, only the secret in it is gone.
    expect(comment).toContain('```suggestion\nconst key = "[REDACTED]";\n```');
    expect(readFingerprintMarkers(comment)).toHaveLength(1);
    // Readable as written: the mention's text and the image's address are still there, inert.
    expect(comment).toContain("@\u200bacme/security-team");
    expect(comment).toContain("(image: x — https\u200b://evil.example/x.png?d=leak)");

    const again = await publisher.publish(input);
    expect(again).toMatchObject({ alreadyPosted: 2, inlineComments: 0 });
    expect(gh.state.reviews).toHaveLength(1);
  });

  it("sticky comment: rendered reports and raw bodies; a forged sticky marker is not ours", async () => {
    const sticky = new StickyComment(octokit, { key: "claude-review" });
    await sticky.publish({ owner: "acme", repo: "app", issueNumber: 7 }, report());
    const body = gh.state.issueComments[0]!.body;
    expect(body.startsWith(`${FORGED_STICKY}\n`)).toBe(true);
    expectNeutral(body.slice(FORGED_STICKY.length));
    expect(body).toContain("[run](https://github.com/acme/app/actions/runs/99)");

    await new StickyComment(octokit, { key: "autofix" }).upsert(
      { owner: "acme", repo: "app", issueNumber: 7 },
      `<sub>ours</sub>\n${HOSTILE}`,
    );
    const raw = gh.state.issueComments[1]!.body;
    expect(raw.startsWith(`${stickyMarker("autofix")}\n<sub>ours</sub>`)).toBe(true);
    expectNeutral(raw);
  });

  it("check run: title, summary, text and every annotation field", async () => {
    const checks = new CheckRunPublisher(octokit);
    const handle = await checks.start({
      owner: "acme",
      repo: "app",
      name: "Claude review",
      headSha: HEAD_SHA,
      title: `Running @acme/x ${TOKEN}`,
      summary: HOSTILE,
    });
    expectNeutral(JSON.stringify(gh.state.checkRuns[0]!.output));
    await checks.complete(handle, {
      outcome: { status: "failure", isError: false },
      title: `Done @acme/x ${KNOWN_SECRET}`,
      summary: HOSTILE,
      text: HOSTILE,
      findings: [hostileFinding(3)],
    });
    const run = gh.state.checkRuns[0]!;
    expectNeutral(JSON.stringify(run.output));
    expect(run.annotations).toHaveLength(1);
    expectNeutral(JSON.stringify(run.annotations));
  });

  it("issues: title, body and closing comment", async () => {
    const publisher = new IssuePublisher(octokit);
    await publisher.sync({ owner: "acme", repo: "app", findings: [hostileFinding(3)], sha: HEAD_SHA });
    const [issue] = gh.issuesOf("acme", "app");
    expectNeutral(issue!.title);
    expectNeutral(issue!.body);
    expect(readFingerprintMarkers(issue!.body)).toHaveLength(1);
    // Identity survives: the same finding again changes nothing.
    const again = await publisher.sync({
      owner: "acme",
      repo: "app",
      findings: [hostileFinding(3)],
      sha: HEAD_SHA,
    });
    expect(again.unchanged).toEqual([issue!.number]);
  });

  it("one-off comments", async () => {
    await postCommentOnce(octokit, { owner: "acme", repo: "app", issueNumber: 7, body: HOSTILE });
    const body = gh.state.issueComments[0]!.body;
    expectNeutral(body);
    expect(body).toMatch(/<!-- claude-pr-runner:post:[0-9a-f-]+ -->$/);
  });

  it("SARIF and the job summary, with the client's known secrets", () => {
    const neutraliser = neutraliserFor(octokit);
    const sarif = JSON.stringify(toSarif([hostileFinding(3)], {}, neutraliser));
    expectNeutral(sarif);
    expectNeutral(renderJobSummary(report(), neutraliser));
  });

  it("log lines: agent text cannot start a workflow command", () => {
    const line = neutraliserFor(octokit).logLine(
      `[claude] said:\n${HOSTILE}\r::add-mask::x\n  ##[set-output name=a]b`,
    );
    for (const part of line.split(/\r\n|\r|\n/)) {
      expect(part.trimStart().startsWith("::")).toBe(false);
      expect(part).not.toContain("##[");
    }
    expect(line).not.toContain(KNOWN_SECRET);
    expect(line).not.toContain(TOKEN);
  });
});
