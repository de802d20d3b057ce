import { describe, expect, it } from "vitest";
import { type RouteSettings, routeEvent } from "../../src/action/route-event.js";
import { DEFAULT_TRIGGER_SETTINGS } from "../../src/jobs/triggers/trigger-settings.js";
import { webhookExample } from "../fixtures/webhook-examples.js";

const settings: RouteSettings = { ...DEFAULT_TRIGGER_SETTINGS, mode: "auto" };

function withPr(payload: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const pr = payload.pull_request as Record<string, unknown>;
  Object.assign(pr, patch);
  return payload;
}

describe("routeEvent", () => {
  for (const action of ["opened", "synchronize", "reopened", "ready_for_review"]) {
    it(`reviews pull_request.${action}`, () => {
      const payload = withPr(webhookExample("pull_request", action), { draft: false });
      const route = routeEvent("pull_request", payload, settings);
      expect(route.job).toBe("review");
      if (route.job === "skip") return;
      expect(route.pullRequest?.number).toBe((payload.pull_request as { number: number }).number);
      expect(route.requireWriteFrom).toBeUndefined();
    });
  }

  it("skips drafts unless configured", () => {
    const payload = withPr(webhookExample("pull_request", "opened"), { draft: true });
    expect(routeEvent("pull_request", payload, settings)).toMatchObject({
      job: "skip",
      reason: expect.stringContaining("draft"),
    });
    expect(routeEvent("pull_request", payload, { ...settings, reviewDrafts: true }).job).toBe("review");
  });

  it("a closed PR is counted (review and auto modes), never reviewed; other modes skip it", () => {
    const closed = webhookExample("pull_request", "closed");
    expect(routeEvent("pull_request", closed, { ...settings, mode: "review" })).toMatchObject({
      job: "count",
      pullRequestNumber: (closed.pull_request as { number: number }).number,
    });
    expect(routeEvent("pull_request", closed, { ...settings, mode: "auto" }).job).toBe("count");
    expect(routeEvent("pull_request", closed, { ...settings, mode: "autofix" }).job).toBe("skip");
    expect(routeEvent("pull_request", closed, { ...settings, mode: "audit" }).job).toBe("skip");
  });

  it("passes the event's PR on to the PR-setup step, which decides its trust", () => {
    const same = webhookExample("pull_request", "opened");
    const pr = same.pull_request as {
      head: { repo: { full_name: string } };
      base: { repo: { full_name: string } };
    };
    pr.head.repo.full_name = pr.base.repo.full_name;
    withPr(same, { draft: false });
    expect(routeEvent("pull_request_target", same, settings)).toMatchObject({
      job: "review",
      pullRequest: { headRepoFullName: pr.base.repo.full_name },
    });
    pr.head.repo.full_name = "mallory/fork";
    expect(routeEvent("pull_request", same, settings)).toMatchObject({
      job: "review",
      pullRequest: { headRepoFullName: "mallory/fork", baseRepoFullName: pr.base.repo.full_name },
    });
  });

  it("routes the autofix label to autofix and requires the sender's write permission", () => {
    const payload = webhookExample("pull_request", "labeled");
    (payload.label as { name: string }).name = "autofix";
    const route = routeEvent("pull_request", payload, settings);
    expect(route).toMatchObject({
      job: "autofix",
      requireWriteFrom: (payload.sender as { login: string }).login,
    });
    (payload.label as { name: string }).name = "bug";
    expect(routeEvent("pull_request", payload, settings).job).toBe("skip");
  });

  it("routes `/claude review` on a PR comment, requiring write permission", () => {
    const payload = webhookExample("issue_comment", "created");
    (payload.issue as Record<string, unknown>).pull_request = { url: "https://api.github.com/x" };
    (payload.comment as { body: string }).body = "  /claude review please";
    const route = routeEvent("issue_comment", payload, settings);
    expect(route).toMatchObject({
      job: "review",
      pullRequestNumber: (payload.issue as { number: number }).number,
      requireWriteFrom: (payload.sender as { login: string }).login,
    });
    (payload.comment as { body: string }).body = "nice work /claude review";
    expect(routeEvent("issue_comment", payload, settings).job).toBe("skip");
  });

  it("answers `/claude review` on a plain issue with usage (pull requests only), no model job", () => {
    const payload = webhookExample("issue_comment", "created");
    (payload.comment as { body: string }).body = "/claude review";
    expect(routeEvent("issue_comment", payload, settings)).toMatchObject({ job: "usage" });
  });

  it("mode narrows model jobs; fixed replies run in every mode", () => {
    const payload = webhookExample("issue_comment", "created");
    (payload.issue as Record<string, unknown>).pull_request = { url: "https://api.github.com/x" };
    (payload.comment as { body: string }).body = "/claude fix";
    expect(routeEvent("issue_comment", payload, { ...settings, mode: "review" })).toMatchObject({
      job: "skip",
      reason: expect.stringContaining("mode is review"),
    });
    expect(routeEvent("issue_comment", payload, { ...settings, mode: "autofix" }).job).toBe("autofix");
    (payload.comment as { body: string }).body = "/claude ask why";
    expect(routeEvent("issue_comment", payload, { ...settings, mode: "review" }).job).toBe("ask");
    (payload.comment as { body: string }).body = "/claude help";
    expect(routeEvent("issue_comment", payload, { ...settings, mode: "autofix" }).job).toBe("help");
  });

  it("mode describe: a PR's own events (opened) and `/claude describe` describe; other commands are skipped", () => {
    const opened = withPr(webhookExample("pull_request", "opened"), {});
    expect(routeEvent("pull_request", opened, { ...settings, mode: "describe" }).job).toBe("describe");
    expect(routeEvent("pull_request", opened, settings).job).toBe("review");
    const payload = webhookExample("issue_comment", "created");
    (payload.issue as Record<string, unknown>).pull_request = { url: "https://api.github.com/x" };
    (payload.comment as { body: string }).body = "/claude describe";
    expect(routeEvent("issue_comment", payload, { ...settings, mode: "describe" })).toMatchObject({
      job: "describe",
      requireWriteFrom: expect.any(String),
    });
    expect(routeEvent("issue_comment", payload, settings).job).toBe("describe");
    (payload.comment as { body: string }).body = "/claude review";
    expect(routeEvent("issue_comment", payload, { ...settings, mode: "describe" })).toMatchObject({
      job: "skip",
      reason: expect.stringContaining("mode is describe"),
    });
  });

  it("a skipped draft carries a notice for the job summary; an unrelated event does not", () => {
    const draft = withPr(webhookExample("pull_request", "opened"), { draft: true });
    expect(routeEvent("pull_request", draft, settings)).toMatchObject({ job: "skip", notice: true });
    expect(routeEvent("star", webhookExample("star"), settings)).not.toHaveProperty("notice");
  });

  it("runs audits on schedule and workflow_dispatch", () => {
    expect(routeEvent("schedule", {}, settings)).toMatchObject({ job: "audit" });
    expect(routeEvent("workflow_dispatch", webhookExample("workflow_dispatch"), settings).job).toBe("audit");
    expect(routeEvent("schedule", {}, { ...settings, mode: "review" }).job).toBe("skip");
  });

  it("skips unknown events with a reason", () => {
    expect(routeEvent("star", webhookExample("star"), settings)).toEqual({
      job: "skip",
      reason: "event star is not a trigger",
    });
  });
});
