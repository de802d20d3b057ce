import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  annotationLevel,
  CheckRunPublisher,
  checkConclusion,
  concludeStaleCheckRuns,
  MAX_CHECK_TEXT,
  truncateWithNote,
} from "../../src/github/check-run-publisher.js";
import type { GitHubClient } from "../../src/github/github-client.js";
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

const start = () =>
  new CheckRunPublisher(octokit).start({
    owner: "acme",
    repo: "app",
    name: "claude-review",
    headSha: HEAD_SHA,
    detailsUrl: "https://example.test/run/1",
  });

describe("checkConclusion and annotationLevel", () => {
  it("maps every outcome status, and is_error is always a failure", () => {
    const statuses = ["success", "failure", "neutral", "cancelled", "timed_out"] as const;
    expect(statuses.map((status) => checkConclusion({ status, isError: false }))).toEqual([...statuses]);
    expect(statuses.map((status) => checkConclusion({ status, isError: true }))).toEqual(
      statuses.map(() => "failure"),
    );
  });
  it("maps severities to annotation levels", () => {
    expect((["error", "warning", "notice"] as const).map(annotationLevel)).toEqual([
      "failure",
      "warning",
      "notice",
    ]);
  });
});

describe("truncateWithNote", () => {
  it("keeps short text and cuts long text to the limit with a note", () => {
    expect(truncateWithNote("short")).toBe("short");
    const cut = truncateWithNote("x".repeat(70_000));
    expect(cut.length).toBeLessThanOrEqual(MAX_CHECK_TEXT);
    expect(cut).toMatch(/truncated: \d+ characters omitted/);
  });
  it("never splits a surrogate pair", () => {
    const cut = truncateWithNote("😀".repeat(40_000));
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe("CheckRunPublisher", () => {
  it("starts in_progress", async () => {
    const handle = await start();
    const run = gh.state.checkRuns.find((r) => r.id === handle.checkRunId)!;
    expect(run).toMatchObject({
      status: "in_progress",
      name: "claude-review",
      headSha: HEAD_SHA,
      conclusion: null,
    });
  });

  it("completes with no findings in one update", async () => {
    const handle = await start();
    const done = await new CheckRunPublisher(octokit).complete(handle, {
      outcome: { status: "success", isError: false },
      title: "No findings",
      summary: "All good",
      findings: [],
    });
    expect(done).toEqual({ conclusion: "success", updates: 1 });
    expect(gh.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
  });

  it("sends annotations 50 per update, the last batch with the conclusion", async () => {
    const handle = await start();
    const findings = Array.from({ length: 120 }, (_, i) =>
      finding({ path: "src/app.ts", startLine: i + 1, severity: i % 3 === 0 ? "error" : "warning" }),
    );
    gh.resetCalls();
    const done = await new CheckRunPublisher(octokit).complete(handle, {
      outcome: { status: "success", isError: true },
      title: "t",
      summary: "s",
      findings,
    });
    expect(done).toEqual({ conclusion: "failure", updates: 3 });
    const bodies = gh
      .callsTo("checks/update")
      .map((c) => c.body as { conclusion?: string; output: { annotations?: unknown[] } });
    expect(bodies.map((b) => b.output.annotations?.length)).toEqual([50, 50, 20]);
    expect(bodies.map((b) => b.conclusion)).toEqual([undefined, undefined, "failure"]);
    const run = gh.state.checkRuns[0]!;
    expect(run.annotations).toHaveLength(120);
    expect(run.annotations[0]).toMatchObject({
      annotation_level: "failure",
      start_line: 1,
      path: "src/app.ts",
    });
    expect(run.annotations[1]).toMatchObject({ annotation_level: "warning" });
  });

  it("keeps an oversized summary and text under 65,535 characters (the double enforces the spec's maxLength)", async () => {
    const handle = await start();
    await new CheckRunPublisher(octokit).complete(handle, {
      outcome: { status: "neutral", isError: false },
      title: "big",
      summary: "s".repeat(100_000),
      text: "t".repeat(100_000),
      findings: [],
    });
    const run = gh.state.checkRuns[0]!;
    expect(run.output.summary!.length).toBeLessThanOrEqual(MAX_CHECK_TEXT);
    expect(run.output.summary).toContain("truncated");
    expect(run.conclusion).toBe("neutral");
  });

  it("retries a 502 on update and still completes", async () => {
    const handle = await start();
    gh.failNext("checks/update", { kind: "server_error", status: 502 });
    gh.resetCalls();
    await new CheckRunPublisher(octokit).complete(handle, {
      outcome: { status: "timed_out", isError: false },
      title: "t",
      summary: "s",
      findings: [finding({ path: "a.ts", startLine: 1 })],
    });
    expect(gh.callsTo("checks/update").map((c) => c.status)).toEqual([502, 200]);
    expect(gh.state.checkRuns[0]).toMatchObject({ conclusion: "timed_out" });
  });
});

describe("one check run per job and head (issue #34)", () => {
  const startAs = (jobExternalId: string | undefined) =>
    new CheckRunPublisher(octokit).start({
      owner: "acme",
      repo: "app",
      name: "claude-review",
      headSha: HEAD_SHA,
      ...(jobExternalId ? { jobExternalId } : {}),
    });

  it("a second attempt of a job takes over the run the first opened, in progress or completed; another job gets its own", async () => {
    const first = await startAs("claude-pr-runner:job:a");
    const again = await startAs("claude-pr-runner:job:a");
    expect(again.checkRunId).toBe(first.checkRunId);
    expect(gh.state.checkRuns.find((r) => r.id === first.checkRunId)?.output.title).toBe(
      "claude-review is running again",
    );
    await new CheckRunPublisher(octokit).complete(first, {
      outcome: { status: "success", isError: false },
      title: "done",
      summary: "done",
      findings: [],
    });
    const third = await startAs("claude-pr-runner:job:a");
    expect(third.checkRunId).toBe(first.checkRunId);
    expect(gh.state.checkRuns.find((r) => r.id === first.checkRunId)).toMatchObject({
      status: "completed",
      conclusion: "success",
    });
    expect((await startAs("claude-pr-runner:job:b")).checkRunId).not.toBe(first.checkRunId);
    expect((await startAs(undefined)).checkRunId).not.toBe(first.checkRunId);
    expect(gh.callsTo("checks/create")).toHaveLength(3);
  });

  it("concludeStaleCheckRuns completes only our runs still in progress on that head, as neutral with the reason", async () => {
    const stuck = await startAs("claude-pr-runner:job:stuck");
    const done = await startAs("claude-pr-runner:job:done");
    await new CheckRunPublisher(octokit).complete(done, {
      outcome: { status: "success", isError: false },
      title: "done",
      summary: "done",
      findings: [],
    });
    const foreign = await octokit.rest.checks.create({
      owner: "acme",
      repo: "app",
      name: "claude-review",
      head_sha: HEAD_SHA,
      status: "in_progress",
      external_id: "someone-else:1",
    });
    const concluded = await concludeStaleCheckRuns(
      octokit,
      { owner: "acme", repo: "app", headSha: HEAD_SHA, name: "claude-review" },
      { title: "Superseded by abc1234", summary: "superseded by abc1234" },
    );
    expect(concluded).toEqual([stuck.checkRunId]);
    const byId = (id: number) => gh.state.checkRuns.find((r) => r.id === id)!;
    expect(byId(stuck.checkRunId)).toMatchObject({ status: "completed", conclusion: "neutral" });
    expect(byId(stuck.checkRunId).output.summary).toBe("superseded by abc1234");
    expect(byId(done.checkRunId).conclusion).toBe("success");
    expect(byId(foreign.data.id).status).toBe("in_progress");
  });
});
