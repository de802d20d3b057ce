import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GitHubClient } from "../../src/github/github-client.js";
import { IssuePublisher } from "../../src/github/issue-publisher.js";
import type { GitHubDouble } from "../github-double/index.js";
import { finding, HEAD_SHA, startDoubleWithPr, testClient } from "./pr-fixture.js";

let gh: GitHubDouble;
let octokit: GitHubClient;
beforeEach(async () => {
  gh = await startDoubleWithPr();
  octokit = testClient(gh);
});
afterEach(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

const a = finding({
  path: "src/a.ts",
  startLine: 1,
  title: "SQL injection",
  category: "security",
  severity: "error",
});
const b = finding({ path: "src/b.ts", startLine: 5, title: "Leaky handle", category: "bug" });
const c = finding({
  path: "src/c.ts",
  startLine: 9,
  title: "Dead code",
  category: "style",
  severity: "notice",
});
const input = { owner: "acme", repo: "app", sha: HEAD_SHA };
const issues = () => gh.issuesOf("acme", "app");

describe("IssuePublisher", () => {
  it("files one labelled, fingerprinted issue per finding", async () => {
    const result = await new IssuePublisher(octokit, { labels: ["claude-audit", "security-review"] }).sync({
      ...input,
      findings: [a, b, c],
    });
    expect(result.created).toHaveLength(3);
    expect(issues().map((i) => i.title)).toEqual([
      "[security] SQL injection",
      "[bug] Leaky handle",
      "[style] Dead code",
    ]);
    expect(issues().every((i) => i.labels.join() === "claude-audit,security-review")).toBe(true);
    expect(issues()[0]!.body).toContain("<!-- claude-pr-runner:fp:");
  });

  it("creates nothing on a second run with the same findings", async () => {
    const publisher = new IssuePublisher(octokit);
    await publisher.sync({ ...input, findings: [a, b, c] });
    gh.resetCalls();
    const second = await publisher.sync({ ...input, findings: [a, b, c], sha: "d".repeat(40) });
    expect(second).toMatchObject({ created: [], updated: [], closed: [], reopened: [] });
    expect(second.unchanged).toHaveLength(3);
    expect(gh.callCounts()).toEqual({ "issues/list-for-repo": 1 });
    expect(issues()).toHaveLength(3);
  });

  it("closes issues whose finding disappeared, with a comment, and reopens them when it returns", async () => {
    const publisher = new IssuePublisher(octokit);
    await publisher.sync({ ...input, findings: [a, b] });
    const gone = await publisher.sync({ ...input, findings: [a] });
    expect(gone.closed).toHaveLength(1);
    const closed = issues().find((i) => i.title.includes("Leaky"))!;
    expect(closed).toMatchObject({ state: "closed", stateReason: "completed" });
    const note = gh.state.issueComments.find((x) => x.issueNumber === closed.number)!;
    expect(note.body).toContain("no longer appears");
    expect(note.body).toContain(HEAD_SHA.slice(0, 12));

    const back = await publisher.sync({ ...input, findings: [a, b] });
    expect(back.reopened).toEqual([closed.number]);
    expect(back.created).toEqual([]);
    expect(issues().find((i) => i.number === closed.number)?.state).toBe("open");
  });

  it("respects a person closing an issue as not planned", async () => {
    const publisher = new IssuePublisher(octokit);
    const first = await publisher.sync({ ...input, findings: [a] });
    await octokit.rest.issues.update({
      owner: "acme",
      repo: "app",
      issue_number: first.created[0]!,
      state: "closed",
      state_reason: "not_planned",
    });
    const again = await publisher.sync({ ...input, findings: [a] });
    expect(again).toMatchObject({ declined: first.created, reopened: [], created: [] });
  });

  it("updates an issue when the finding's content changed", async () => {
    const publisher = new IssuePublisher(octokit);
    await publisher.sync({ ...input, findings: [a] });
    const moved = { ...a, startLine: 40, endLine: 40, body: "Now on another line." };
    const r = await publisher.sync({ ...input, findings: [moved] });
    expect(r.updated).toHaveLength(1);
    expect(issues()[0]!.body).toContain("src/a.ts:40");
    expect(issues()).toHaveLength(1);
  });

  it("caps new issues per run and files the rest on later runs", async () => {
    const publisher = new IssuePublisher(octokit, { maxNewIssues: 2 });
    const first = await publisher.sync({ ...input, findings: [a, b, c] });
    expect(first).toMatchObject({ deferred: 1 });
    expect(first.created).toHaveLength(2);
    const second = await publisher.sync({ ...input, findings: [a, b, c] });
    expect(second.created).toHaveLength(1);
    expect(issues()).toHaveLength(3);
  });

  it("ignores pull requests and issues without our marker", async () => {
    await octokit.rest.issues.create({
      owner: "acme",
      repo: "app",
      title: "human issue",
      labels: ["claude-audit"],
    });
    const r = await new IssuePublisher(octokit).sync({ ...input, findings: [] });
    expect(r.closed).toEqual([]);
    expect(issues().find((i) => i.title === "human issue")?.state).toBe("open");
  });
});
