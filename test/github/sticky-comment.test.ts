import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stickyMarker } from "../../src/github/comment-markers.js";
import type { GitHubClient } from "../../src/github/github-client.js";
import type { RunReport } from "../../src/github/run-report-markdown.js";
import { StickyComment } from "../../src/github/sticky-comment.js";
import type { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, startDoubleWithPr, testClient } from "./pr-fixture.js";

let gh: GitHubDouble;
let octokit: GitHubClient;
const target = { owner: "acme", repo: "app", issueNumber: 7 };
const report = (overrides: Partial<RunReport> = {}): RunReport => ({
  title: "Claude review",
  verdict: "Changes requested",
  findings: [
    finding({ path: "src/app.ts", startLine: 3, severity: "error", title: "Null deref | crash" }),
    finding({ path: "src/app.ts", startLine: 21, endLine: 23, severity: "notice", title: "Naming" }),
  ],
  reviewedSha: HEAD_SHA,
  totalCostUsd: 0.0123,
  numTurns: 4,
  sessionId: "sess-123",
  runUrl: "https://github.com/acme/app/actions/runs/99",
  ...overrides,
});

beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = testClient(gh);
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

const ours = () => gh.state.issueComments.filter((c) => c.body.includes(stickyMarker("summary")));

describe("StickyComment", () => {
  it("renders verdict, findings table, reviewed sha, cost, turns, session and run link", () => {
    const body = new StickyComment(octokit).render(report());
    expect(body.startsWith(stickyMarker("summary"))).toBe(true);
    expect(body).toContain("**Verdict:** Changes requested");
    expect(body).toContain(`reviewed at \`${HEAD_SHA.slice(0, 12)}\``);
    expect(body).toContain("cost $0.0123");
    expect(body).toContain("4 turns");
    expect(body).toContain("session `sess-123`");
    expect(body).toContain("[run](https://github.com/acme/app/actions/runs/99)");
    expect(body).toContain("| 🔴 Error | `src/app.ts:3` | bug | Null deref \\| crash |");
    expect(body).toContain("`src/app.ts:21-23`");
  });

  it("is created once, then updated in place, and left alone when nothing changed", async () => {
    const sticky = new StickyComment(octokit);
    const first = await sticky.publish(target, report());
    const second = await sticky.publish(target, report({ verdict: "Looks fine", findings: [] }));
    gh.resetCalls();
    const third = await sticky.publish(target, report({ verdict: "Looks fine", findings: [] }));
    expect([first.action, second.action, third.action]).toEqual(["created", "updated", "unchanged"]);
    expect(second.commentId).toBe(first.commentId);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body).toContain("No findings.");
    // The instance remembers its comment: nothing to list, nothing to write.
    expect(gh.callCounts()).toEqual({});
  });

  it("edits its comment by id once found (no list per edit), and finds or recreates it after a 404", async () => {
    const sticky = new StickyComment(octokit);
    await sticky.publish(target, report());
    for (const verdict of ["One", "Two", "Three"]) await sticky.publish(target, report({ verdict }));
    expect(gh.callCounts()).toMatchObject({ "issues/list-comments": 1, "issues/update-comment": 3 });
    expect(ours()[0]!.body).toContain("Three");
    // A person deletes the comment: the next write lists again and creates a new one, not an error.
    gh.state.issueComments.splice(gh.state.issueComments.indexOf(ours()[0]!), 1);
    gh.resetCalls();
    expect((await sticky.publish(target, report({ verdict: "Four" }))).action).toBe("created");
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body).toContain("Four");
    // Another instance (the next job) finds the comment the first one wrote.
    gh.resetCalls();
    expect((await new StickyComment(octokit).publish(target, report({ verdict: "Five" }))).action).toBe(
      "updated",
    );
    expect(gh.callCounts()).toMatchObject({ "issues/list-comments": 1, "issues/update-comment": 1 });
  });

  it("finds its comment among more than 100 others (pagination) and ignores other keys", async () => {
    for (let i = 0; i < 120; i++)
      gh.addIssueComment("acme", "app", 7, `chatter ${i}`, { login: "octocat", type: "User" });
    const audit = new StickyComment(octokit, { key: "audit" });
    await audit.publish(target, report({ title: "Audit" }));
    await new StickyComment(octokit).publish(target, report());
    // A new instance (the next job) must find it past the first page.
    await new StickyComment(octokit).publish(target, report({ verdict: "v2" }));
    expect(ours()).toHaveLength(1);
    expect(gh.state.issueComments.filter((c) => c.body.includes(stickyMarker("audit")))).toHaveLength(1);
    expect(gh.callsTo("issues/list-comments").length).toBe(6); // 2 pages per publish
  });

  it("stays under GitHub's comment limit with thousands of findings", () => {
    const findings = Array.from({ length: 3000 }, (_, i) =>
      finding({
        path: `src/very/long/path/to/module-${i}.ts`,
        startLine: i + 1,
        title: `A rather long finding title ${i}`,
      }),
    );
    const body = new StickyComment(octokit).render(report({ findings }));
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toMatch(/…and \d+ more findings/);
  });

  it("rejects a key that cannot live in a marker", () => {
    expect(() => new StickyComment(octokit, { key: "a b-->" })).toThrow(/sticky comment key/);
  });
});
