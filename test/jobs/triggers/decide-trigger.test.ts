import { describe, expect, it } from "vitest";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import {
  authorizeTrigger,
  decideTrigger,
  MODEL_JOBS,
  type TriggerDecision,
  type TriggerRun,
} from "../../../src/jobs/triggers/decide-trigger.js";
import {
  DEFAULT_TRIGGER_SETTINGS,
  type TriggerSettings,
} from "../../../src/jobs/triggers/trigger-settings.js";
import { webhookExample } from "../../fixtures/webhook-examples.js";

const settings: TriggerSettings = { ...DEFAULT_TRIGGER_SETTINGS, selfLogins: ["claude-pr-runner[bot]"] };

type Payload = Record<string, unknown>;
const rec = (v: unknown) => v as Record<string, unknown>;

function pullRequest(action: string, patch: Payload = {}, extra: Payload = {}): Payload {
  const payload = webhookExample("pull_request", action);
  const pr = rec(payload.pull_request);
  rec(rec(pr.head).repo).full_name = "octo-org/app";
  rec(rec(pr.base).repo).full_name = "octo-org/app";
  rec(pr.user).login = "dev";
  Object.assign(pr, { number: 7, draft: false, state: action === "closed" ? "closed" : "open" }, patch);
  rec(payload.sender).login = "maintainer";
  return Object.assign(payload, extra);
}

function issueComment(
  body: string,
  opts: { action?: string; onPr?: boolean; state?: string; user?: Payload; id?: number } = {},
): Payload {
  const payload = webhookExample("issue_comment", opts.action ?? "created");
  payload.action = opts.action ?? "created";
  const issue = rec(payload.issue);
  issue.number = 7;
  issue.state = opts.state ?? "open";
  if (opts.onPr === false) delete issue.pull_request;
  else issue.pull_request = { url: "https://api.github.com/repos/octo-org/app/pulls/7" };
  Object.assign(rec(payload.comment), { id: opts.id ?? 501, body });
  Object.assign(rec(rec(payload.comment).user), { login: "maintainer", type: "User" }, opts.user ?? {});
  return payload;
}

function reviewComment(
  body: string,
  opts: { inReplyTo?: number; fork?: boolean; state?: string } = {},
): Payload {
  const payload = webhookExample("pull_request_review_comment", "created");
  const comment = rec(payload.comment);
  Object.assign(comment, { id: 900, body });
  if (opts.inReplyTo !== undefined) comment.in_reply_to_id = opts.inReplyTo;
  Object.assign(rec(comment.user), { login: "maintainer", type: "User" });
  const pr = rec(payload.pull_request);
  Object.assign(pr, { number: 7, state: opts.state ?? "open", draft: false });
  rec(rec(pr.base).repo).full_name = "octo-org/app";
  rec(rec(pr.head).repo).full_name = opts.fork ? "mallory/app" : "octo-org/app";
  return payload;
}

interface Case {
  name: string;
  event: string;
  payload: Payload;
  settings?: Partial<TriggerSettings>;
  expected:
    | (Partial<Omit<TriggerRun, "pullRequest">> & { pullRequest?: Partial<PullRequestRef> })
    | { action: "ignore" | "skip"; reason?: RegExp };
}

const cases: Case[] = [
  // Automatic PR triggers
  ...["opened", "synchronize", "reopened", "ready_for_review"].map((action) => ({
    name: `pull_request.${action} reviews, nobody to authorise`,
    event: "pull_request",
    payload: pullRequest(action),
    expected: { action: "run", job: "review", requiresWriter: false, number: 7 } as const,
  })),
  // Trust is the PR-setup step's decision (test/jobs/shared/prepare-pull-request-job.test.ts): the
  // trigger only says what runs, and passes the PR on as the payload named it.
  {
    name: "pull_request_target reviews like pull_request",
    event: "pull_request_target",
    payload: pullRequest("opened"),
    expected: { action: "run", job: "review", trigger: "pull_request_target.opened" },
  },
  {
    name: "a fork PR is reviewed, its head repository passed on",
    event: "pull_request",
    payload: pullRequest("opened", {
      head: { sha: "a".repeat(40), ref: "f", repo: { full_name: "mallory/app" } },
    }),
    expected: { action: "run", job: "review", pullRequest: { headRepoFullName: "mallory/app" } },
  },
  {
    name: "a draft is skipped with a notice",
    event: "pull_request",
    payload: pullRequest("opened", { draft: true }),
    expected: { action: "skip", reason: /draft/ },
  },
  {
    name: "a draft is reviewed when review_drafts is on",
    event: "pull_request",
    payload: pullRequest("synchronize", { draft: true }),
    settings: { reviewDrafts: true },
    expected: { action: "run", job: "review" },
  },
  {
    name: "dependabot's PR is skipped with a notice",
    event: "pull_request",
    payload: pullRequest("opened", { user: { login: "dependabot[bot]", type: "Bot" } }),
    expected: { action: "skip", reason: /dependabot\[bot\].*skip_authors/ },
  },
  {
    name: "skip authors compare case-insensitively and are configurable",
    event: "pull_request",
    payload: pullRequest("opened", { user: { login: "Release-Bot" } }),
    settings: { skipAuthors: ["release-bot"] },
    expected: { action: "skip", reason: /Release-Bot/ },
  },
  {
    name: "renovate is reviewed when the skip list is emptied",
    event: "pull_request",
    payload: pullRequest("opened", { user: { login: "renovate[bot]" } }),
    settings: { skipAuthors: [] },
    expected: { action: "run", job: "review" },
  },
  {
    name: "pull_request.assigned is not a trigger",
    event: "pull_request",
    payload: pullRequest("assigned"),
    expected: { action: "ignore", reason: /pull_request\.assigned/ },
  },
  {
    name: "pull_request.closed prunes stored sessions",
    event: "pull_request",
    payload: pullRequest("closed"),
    expected: { action: "run", job: "prune", requiresWriter: false },
  },
  // Labels
  {
    name: "the autofix label asks for an autofix from the label's adder",
    event: "pull_request",
    payload: pullRequest("labeled", {}, { label: { name: "autofix" } }),
    expected: { action: "run", job: "autofix", requiresWriter: true, requester: "maintainer" },
  },
  {
    name: "the review label asks for a review, even on a draft by a bot",
    event: "pull_request",
    payload: pullRequest(
      "labeled",
      { draft: true, user: { login: "dependabot[bot]" } },
      { label: { name: "claude-review" } },
    ),
    expected: { action: "run", job: "review", requiresWriter: true, requester: "maintainer" },
  },
  {
    name: "a configured review label",
    event: "pull_request",
    payload: pullRequest("labeled", {}, { label: { name: "please-review" } }),
    settings: { reviewLabel: "please-review" },
    expected: { action: "run", job: "review" },
  },
  {
    name: "an empty review label turns label reviews off",
    event: "pull_request",
    payload: pullRequest("labeled", {}, { label: { name: "" } }),
    settings: { reviewLabel: "" },
    expected: { action: "ignore", reason: /label/ },
  },
  {
    name: "other labels are ignored",
    event: "pull_request",
    payload: pullRequest("labeled", {}, { label: { name: "bug" } }),
    expected: { action: "ignore", reason: /label bug/ },
  },
  {
    name: "a label on a closed PR is ignored",
    event: "pull_request",
    payload: pullRequest("labeled", { state: "closed" }, { label: { name: "claude-review" } }),
    expected: { action: "ignore", reason: /closed/ },
  },
  // Comment commands on a PR
  {
    name: "/claude review on a PR: review, writers only, keyed on the comment",
    event: "issue_comment",
    payload: issueComment("/claude review"),
    expected: {
      action: "run",
      job: "review",
      requiresWriter: true,
      requester: "maintainer",
      number: 7,
      isPullRequest: true,
      paths: [],
      comment: { id: 501, kind: "issue", author: "maintainer" },
      dedupeKey: "issue_comment:501:created",
    },
  },
  {
    name: "/claude review <paths> narrows the review",
    event: "issue_comment",
    payload: issueComment("/claude review src/a.ts docs"),
    expected: { action: "run", job: "review", paths: ["src/a.ts", "docs"] },
  },
  {
    name: "/claude fix asks for an autofix",
    event: "issue_comment",
    payload: issueComment("/claude fix"),
    expected: { action: "run", job: "autofix", requiresWriter: true },
  },
  {
    name: "/claude describe asks for a description, writers only",
    event: "issue_comment",
    payload: issueComment("/claude describe"),
    expected: { action: "run", job: "describe", requiresWriter: true, isPullRequest: true },
  },
  {
    name: "describe on an issue gets usage (pull requests only)",
    event: "issue_comment",
    payload: issueComment("/claude describe", { onPr: false }),
    expected: { action: "run", job: "usage", unknownCommand: "describe", isPullRequest: false },
  },
  {
    name: "/claude ask is a question, writers only",
    event: "issue_comment",
    payload: issueComment("/claude ask why?"),
    expected: { action: "run", job: "ask", requiresWriter: true, question: "why?" },
  },
  {
    name: "a mention on a PR is a question",
    event: "issue_comment",
    payload: issueComment("@claude what does sub do?"),
    expected: { action: "run", job: "ask", question: "what does sub do?", isPullRequest: true },
  },
  {
    name: "a mention on an issue is a question",
    event: "issue_comment",
    payload: issueComment("@claude where is the parser?", { onPr: false }),
    expected: { action: "run", job: "ask", isPullRequest: false, number: 7 },
  },
  {
    name: "help costs nothing and is open to everyone",
    event: "issue_comment",
    payload: issueComment("/claude help"),
    expected: { action: "run", job: "help", requiresWriter: false },
  },
  {
    name: "forget is for writers only and names the learning, on a PR or an issue",
    event: "issue_comment",
    payload: issueComment("/claude forget 0a1b2c3d", { onPr: false }),
    expected: {
      action: "run",
      job: "forget",
      requiresWriter: true,
      learningId: "0a1b2c3d",
      isPullRequest: false,
    },
  },
  {
    name: "forget without a well-formed id gets usage",
    event: "issue_comment",
    payload: issueComment("/claude forget everything"),
    expected: { action: "run", job: "usage", requiresWriter: false, unknownCommand: "forget" },
  },
  {
    name: "an unknown command gets usage",
    event: "issue_comment",
    payload: issueComment("/claude deploy"),
    expected: { action: "run", job: "usage", requiresWriter: false, unknownCommand: "deploy" },
  },
  {
    name: "review on an issue gets usage (pull requests only)",
    event: "issue_comment",
    payload: issueComment("/claude review", { onPr: false }),
    expected: { action: "run", job: "usage", unknownCommand: "review", isPullRequest: false },
  },
  {
    name: "fix on an issue gets usage",
    event: "issue_comment",
    payload: issueComment("/claude fix", { onPr: false }),
    expected: { action: "run", job: "usage", unknownCommand: "fix" },
  },
  {
    name: "a command on a closed PR gets the closed notice, no model",
    event: "issue_comment",
    payload: issueComment("/claude review", { state: "closed" }),
    expected: { action: "run", job: "closed", requiresWriter: false, isPullRequest: true },
  },
  {
    name: "a mention on a closed issue gets the closed notice",
    event: "issue_comment",
    payload: issueComment("@claude why", { state: "closed", onPr: false }),
    expected: { action: "run", job: "closed", isPullRequest: false },
  },
  {
    name: "an edited comment never triggers (post a new comment instead)",
    event: "issue_comment",
    payload: issueComment("/claude review", { action: "edited" }),
    expected: { action: "ignore", reason: /only new comments/ },
  },
  {
    name: "a deleted comment never triggers",
    event: "issue_comment",
    payload: issueComment("/claude review", { action: "deleted" }),
    expected: { action: "ignore", reason: /only new comments/ },
  },
  {
    name: "a comment not addressed to us",
    event: "issue_comment",
    payload: issueComment("LGTM"),
    expected: { action: "ignore", reason: /not addressed/ },
  },
  {
    name: "our own comment never triggers (by login)",
    event: "issue_comment",
    payload: issueComment("@claude answer", { user: { login: "Claude-PR-Runner[bot]", type: "User" } }),
    expected: { action: "ignore", reason: /bots do not trigger/ },
  },
  {
    name: "any bot's comment never triggers",
    event: "issue_comment",
    payload: issueComment("/claude review", { user: { login: "github-actions[bot]", type: "Bot" } }),
    expected: { action: "ignore", reason: /bots do not trigger/ },
  },
  {
    name: "a comment carrying our hidden marker never triggers",
    event: "issue_comment",
    payload: issueComment("/claude review\n<!-- claude-pr-runner:post:x -->"),
    expected: { action: "ignore", reason: /marker/ },
  },
  // Inline review threads
  {
    name: "a mention in a review thread answers in that thread",
    event: "pull_request_review_comment",
    payload: reviewComment("@claude is this line right?"),
    expected: {
      action: "run",
      job: "ask",
      question: "is this line right?",
      isPullRequest: true,
      comment: { id: 900, kind: "review", threadId: 900, author: "maintainer" },
      dedupeKey: "pull_request_review_comment:900:created",
    },
  },
  {
    name: "a mention in a reply answers the thread's first comment",
    event: "pull_request_review_comment",
    payload: reviewComment("@claude and now?", { inReplyTo: 880 }),
    expected: {
      action: "run",
      job: "ask",
      comment: { id: 900, kind: "review", threadId: 880, author: "maintainer" },
    },
  },
  {
    name: "a review thread on a fork PR passes the fork's PR on",
    event: "pull_request_review_comment",
    payload: reviewComment("@claude why", { fork: true }),
    expected: { action: "run", job: "ask", pullRequest: { headRepoFullName: "mallory/app" } },
  },
  {
    name: "a review thread on a closed PR gets the closed notice",
    event: "pull_request_review_comment",
    payload: reviewComment("@claude why", { state: "closed" }),
    expected: { action: "run", job: "closed" },
  },
  // Other events
  {
    name: "a schedule runs an audit",
    event: "schedule",
    payload: {},
    expected: { action: "run", job: "audit", requiresWriter: false },
  },
  {
    name: "workflow_dispatch runs an audit",
    event: "workflow_dispatch",
    payload: {},
    expected: { action: "run", job: "audit" },
  },
  {
    name: "anything else is ignored",
    event: "push",
    payload: {},
    expected: { action: "ignore", reason: /push/ },
  },
];

describe("decideTrigger: one decision for the Action and Lambda", () => {
  for (const c of cases) {
    it(c.name, () => {
      const decision: TriggerDecision = decideTrigger(c.event, c.payload, { ...settings, ...c.settings });
      const { reason, ...rest } = c.expected as { reason?: RegExp };
      expect(decision).toMatchObject(rest);
      if (reason) expect((decision as { reason: string }).reason).toMatch(reason);
    });
  }

  it("two deliveries of one comment share a key; another comment has another", () => {
    const first = decideTrigger("issue_comment", issueComment("/claude review", { id: 1 }), settings);
    const again = decideTrigger("issue_comment", issueComment("/claude review", { id: 1 }), settings);
    const other = decideTrigger("issue_comment", issueComment("/claude review", { id: 2 }), settings);
    expect((first as TriggerRun).dedupeKey).toBe((again as TriggerRun).dedupeKey);
    expect((first as TriggerRun).dedupeKey).not.toBe((other as TriggerRun).dedupeKey);
  });

  it("a PR event carries the PR; an issue comment carries only its number", () => {
    const push = decideTrigger("pull_request", pullRequest("opened"), settings) as TriggerRun;
    expect(push.pullRequest).toMatchObject({ number: 7, author: "dev" });
    const comment = decideTrigger("issue_comment", issueComment("/claude review"), settings) as TriggerRun;
    expect(comment.pullRequest).toBeUndefined();
    const thread = decideTrigger(
      "pull_request_review_comment",
      reviewComment("@claude x"),
      settings,
    ) as TriggerRun;
    expect(thread.pullRequest?.number).toBe(7);
  });

  it("a payload without its object is ignored, never guessed", () => {
    expect(decideTrigger("pull_request", { action: "opened" }, settings)).toMatchObject({ action: "ignore" });
    const noId = issueComment("/claude review");
    delete rec(noId.comment).id;
    expect(decideTrigger("issue_comment", noId, settings)).toMatchObject({
      action: "ignore",
      reason: /comment id/,
    });
    const noNumber = issueComment("/claude review");
    delete rec(noNumber.issue).number;
    expect(decideTrigger("issue_comment", noNumber, settings)).toMatchObject({ action: "ignore" });
  });
});

describe("authorizeTrigger", () => {
  const ask = decideTrigger("issue_comment", issueComment("/claude ask why"), settings) as TriggerRun;
  const help = decideTrigger("issue_comment", issueComment("/claude help"), settings) as TriggerRun;
  for (const [permission, verdict] of [
    ["admin", "run"],
    ["maintain", "run"],
    ["write", "run"],
    ["triage", "refuse"],
    ["read", "refuse"],
    ["none", "refuse"],
  ] as const) {
    it(`${permission} asking a question: ${verdict}`, () => {
      expect(authorizeTrigger(ask, permission)).toBe(verdict);
    });
  }
  it("help needs no permission", () => {
    expect(authorizeTrigger(help, "none")).toBe("run");
  });
});

describe("model cost", () => {
  it("only review, autofix, describe, ask and audit call the model", () => {
    expect([...MODEL_JOBS].sort()).toEqual(["ask", "audit", "autofix", "describe", "review"]);
  });
});

describe("decideTrigger on partial and hostile payloads", () => {
  const run = (event: string, payload: Payload, extra: Partial<TriggerSettings> = {}) =>
    decideTrigger(event, payload, { ...settings, ...extra });

  it("an audit has no PR and its trigger is the bare event name", () => {
    expect(run("schedule", {})).toEqual({
      action: "run",
      job: "audit",
      trigger: "schedule",
      requiresWriter: false,
      isPullRequest: false,
    });
  });

  it("says exactly what is missing", () => {
    expect(run("pull_request", { action: "opened" })).toEqual({
      action: "ignore",
      reason: "pull_request.opened has no pull_request object",
    });
    const noId = issueComment("/claude review");
    delete rec(noId.comment).id;
    expect(run("issue_comment", noId)).toEqual({
      action: "ignore",
      reason: "issue_comment.created has no comment id",
    });
    const noComment = issueComment("/claude review");
    delete noComment.comment;
    expect(run("issue_comment", noComment)).toEqual({
      action: "ignore",
      reason: "issue_comment.created has no comment id",
    });
    const noNumber = issueComment("/claude review");
    delete rec(noNumber.issue).number;
    expect(run("issue_comment", noNumber)).toEqual({
      action: "ignore",
      reason: "issue_comment.created names no PR or issue",
    });
    const noLabel = pullRequest("labeled");
    delete noLabel.label;
    expect(run("pull_request", noLabel)).toEqual({
      action: "ignore",
      reason: "label (none) is not a trigger",
    });
  });

  it("names the bot it ignores, or says a bot", () => {
    expect(
      run("issue_comment", issueComment("/claude review", { user: { login: "ci[bot]", type: "Bot" } })),
    ).toEqual({
      action: "ignore",
      reason: "comment by ci[bot]: bots do not trigger jobs",
    });
    expect(run("issue_comment", issueComment("/claude review", { user: { login: 7, type: "Bot" } }))).toEqual(
      {
        action: "ignore",
        reason: "comment by a bot: bots do not trigger jobs",
      },
    );
  });

  it("any of several self logins is ignored; a login that is not text is nobody's", () => {
    const self = issueComment("/claude review", { user: { login: "Our-App[bot]", type: "User" } });
    expect(run("issue_comment", self, { selfLogins: ["other[bot]", "our-app[bot]"] })).toMatchObject({
      action: "ignore",
    });
    const odd = issueComment("/claude help", { user: { login: 42, type: "User" } });
    expect(run("issue_comment", odd, { selfLogins: ["our-app[bot]"] })).toMatchObject({
      action: "run",
      job: "help",
      requester: "",
    });
  });

  it("a comment without a text body is not addressed to us", () => {
    const empty = issueComment("");
    rec(empty.comment).body = null;
    expect(run("issue_comment", empty)).toEqual({
      action: "ignore",
      reason: "comment is not addressed to us",
    });
  });

  it("a PR comment carries no PR until it is fetched; a PR event knows it is a PR", () => {
    expect(run("issue_comment", issueComment("/claude review"))).not.toHaveProperty("pullRequest");
    expect(run("pull_request", pullRequest("opened"))).toMatchObject({ isPullRequest: true });
    expect(run("issue_comment", issueComment("/claude fix", { onPr: false }))).toMatchObject({
      job: "usage",
      requiresWriter: false,
    });
  });

  it("a label without a sender login names no requester", () => {
    const payload = pullRequest("labeled", {}, { label: { name: "autofix" }, sender: {} });
    const decision = run("pull_request", payload);
    expect(decision).toMatchObject({ action: "run", job: "autofix", requiresWriter: true });
    expect(Object.keys(decision)).not.toContain("requester");
  });

  it("a review thread carries its file, line and diff hunk to the question", () => {
    const payload = reviewComment("@claude why");
    Object.assign(rec(payload.comment), { path: "src/a.ts", line: 12, diff_hunk: "@@ -1 +1 @@\n+x" });
    expect((run("pull_request_review_comment", payload) as TriggerRun).comment).toEqual({
      id: 900,
      kind: "review",
      threadId: 900,
      author: "maintainer",
      path: "src/a.ts",
      line: 12,
      diffHunk: "@@ -1 +1 @@\n+x",
    });
    // An outdated comment has no line on the head any more: its original line is used.
    Object.assign(rec(payload.comment), { line: null, original_line: 9 });
    expect((run("pull_request_review_comment", payload) as TriggerRun).comment?.line).toBe(9);
    Object.assign(rec(payload.comment), { path: 5, line: null, original_line: null, diff_hunk: 6 });
    expect((run("pull_request_review_comment", payload) as TriggerRun).comment).toEqual({
      id: 900,
      kind: "review",
      threadId: 900,
      author: "maintainer",
    });
    // A conversation comment has no thread place at all.
    const plain = issueComment("@claude why");
    Object.assign(rec(plain.comment), { path: "src/a.ts", line: 3 });
    expect((run("issue_comment", plain) as TriggerRun).comment).toEqual({
      id: 501,
      kind: "issue",
      author: "maintainer",
    });
  });
});
