import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import { verifyManagedAgentsWebhook } from "../../../src/engines/managed-agents/verify-webhook.js";
import { findingFingerprint } from "../../../src/findings/finding-fingerprint.js";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { addSuppressions, readLearnings } from "../../../src/jobs/learnings/learnings-ledger.js";
import {
  beginReview,
  type ReviewBegin,
  type ReviewBegun,
  type ReviewPublishing,
  type ReviewRecord,
  reviewJob,
} from "../../../src/jobs/review/review-job.js";
import { settleJob } from "../../../src/jobs/shared/detached-job.js";
import type { GitHubAccess } from "../../../src/jobs/shared/github-access.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import type { WebhookRoute } from "../../../src/protocol/managed-agents/index.js";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { ManagedAgentsDouble, newWebhookSecret } from "../../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
  usage,
} from "../../managed-agents-double/scripted-events.js";
import { suppressionRecord } from "../learnings/suppression-fixture.js";

// The review without waiting: start returns once the session exists; Anthropic's signed webhooks
// (verified with the SDK) queue "settle" steps; each step is one short look at the session.

const KEY = "sk-ant-remote-review-0123456789";
const finding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
};

let double: ManagedAgentsDouble;
let github: GitHubDouble;
let octokit: GitHubClient;
let receiver: Server;
let queue: WebhookRoute[];
let repo: TempRepo;
const secret = newWebhookSecret();

beforeEach(async () => {
  double = await ManagedAgentsDouble.start({ apiKey: KEY });
  github = await GitHubDouble.start();
  octokit = createGitHubClient({
    token: github.token,
    baseUrl: github.url,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
    retryAfterBaseMs: 1,
  });
  const verifier = new Anthropic({ apiKey: KEY, baseURL: double.baseURL });
  queue = [];
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const verdict = verifyManagedAgentsWebhook(
      verifier,
      Buffer.concat(chunks).toString("utf8"),
      req.headers as Record<string, string>,
      secret,
    );
    if (verdict.ok && verdict.route.action !== "ignore") queue.push(verdict.route);
    res.writeHead(verdict.ok ? 202 : 401).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  double.webhook = { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret };
  repo = createTempRepo();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await double.close();
  await github.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  repo.remove();
});

function openPullRequest(
  extra: { base?: Record<string, string>; head?: Record<string, string>; headOnly?: boolean } = {},
): PullRequestRef {
  for (const [path, content] of Object.entries({ ...BASE_FILES, ...extra.base })) repo.write(path, content);
  const baseSha = repo.commitAll("base");
  repo.git("checkout", "-q", "-b", "feature");
  const head = extra.headOnly ? { ...extra.head } : { ...HEAD_FILES, ...extra.head };
  for (const [path, content] of Object.entries(head)) repo.write(path, content);
  const headSha = repo.commitAll("add sub");
  // The contents API reads the repository's own objects (the config at the base commit).
  github.addRepo("octo", "app", { gitDir: `${repo.dir}/.git` });
  github.addPullRequest({
    owner: "octo",
    repo: "app",
    number: 7,
    diff: repo.git("diff", `${baseSha}...${headSha}`),
    headSha,
    baseSha,
  });
  return {
    number: 7,
    headSha,
    headRef: "feature",
    baseSha,
    baseRef: "main",
    headRepoFullName: "octo/app",
    baseRepoFullName: "octo/app",
    draft: false,
    title: "Add sub",
    body: "",
    author: "dev",
  };
}

type RemoteReviewRecord = ReviewRecord;
type RemoteReviewStarted = ReviewBegun;
type RemoteReviewSettle = ReviewPublishing & { octokit: GitHubAccess; claim?: () => Promise<boolean> };

/** The review's start on the detached engine, as the worker begins it. */
function startRemoteReview(
  job: ReviewBegin,
  settings: JobSettings,
  engine: ManagedAgentsEngine,
  previous?: { sessionId: string; headSha: string },
) {
  return beginReview(job, settings, new ManagedAgentsJobEngine(engine), previous);
}

/** One settle step running the review's finish, as the settle function does. */
async function settleRemoteReview(
  record: RemoteReviewRecord,
  target: RemoteReviewSettle,
  engine: ManagedAgentsEngine,
  settings: Pick<JobSettings, "jsonSchema" | "policy">,
) {
  const { octokit: access, claim, ...publishing } = target;
  return settleJob(reviewJob(publishing, settings), new ManagedAgentsJobEngine(engine), record, {
    octokit: access,
    hostEnv: {},
    ...(claim ? { claim } : {}),
  });
}

/** Drains the webhook queue the way the follow-up Lambda would: one settle per queued route. */
async function drain(
  record: RemoteReviewRecord,
  engine: ManagedAgentsEngine,
  settings: JobSettings,
  rules: Pick<RemoteReviewSettle, "failOn" | "pathFilter"> = {},
) {
  const steps: Array<{ status: string; ms: number }> = [];
  for (let round = 0; round < 10; round++) {
    await double.settled();
    const route = queue.shift();
    if (!route) break;
    expect(route).toMatchObject({ action: "reconcile", sessionId: record.sessionId });
    const started = Date.now();
    const settled = await settleRemoteReview(
      record,
      { octokit, commentMode: "review", inlineCommentLimit: 30, ...rules },
      engine,
      settings,
    );
    steps.push({ status: settled.status, ms: Date.now() - started });
    if (settled.status === "published") break;
  }
  return steps;
}

const reviewSettings: JobSettings = {
  maxTurns: 30,
  maxBudgetUsd: 2,
  timeoutMs: 60_000,
  agentEnv: {},
  hostEnv: process.env,
  secretValues: [],
};

/** The engine under test, talking to the Managed Agents double with this repository token. */
function remoteEngine(repositoryToken = "ghs_installation_read_only"): ManagedAgentsEngine {
  return new ManagedAgentsEngine({
    apiKey: KEY,
    baseURL: double.baseURL,
    repositoryToken: async () => repositoryToken,
  });
}

/** The agent reports the one finding with `verdict`, and ends its turn once its result is answered. */
function oneFindingReview(verdict: "comment" | "request_changes"): typeof double.scenario {
  return (input) =>
    input.kind === "message"
      ? [
          running(),
          ...modelRequest(),
          submit({ verdict, summary: "One bug.", findings: [finding] }),
          requiresAction(),
        ]
      : input.kind === "custom_tool_result"
        ? [running(), ...modelRequest(), message("Done."), usage(55, 30), idle("end_turn")]
        : undefined;
}

describe("a review on Managed Agents, driven by webhooks", () => {
  it("a later push with a clone starts from the previous review's findings and only the commits since", async () => {
    const pr = openPullRequest();
    double.scenario = oneFindingReview("comment");
    const engine = remoteEngine();
    const job = {
      octokit,
      owner: "octo",
      repo: "app",
      checkoutDir: repo.dir,
      commentMode: "review" as const,
    };
    const first = startedRecord(await startRemoteReview({ ...job, pr }, reviewSettings, engine));
    await drain(first, engine, reviewSettings);

    repo.write("README.md", "# touched after the review\n");
    const nextHead = repo.commitAll("docs");
    github.movePullRequestHead("octo", "app", 7, nextHead, repo.git("diff", `${pr.baseSha}...${nextHead}`));
    const next = startedRecord(
      await startRemoteReview({ ...job, pr: { ...pr, headSha: nextHead } }, reviewSettings, engine, {
        sessionId: first.sessionId,
        headSha: pr.headSha,
      }),
    );
    const initial = JSON.stringify(double.session(next.sessionId).createParams.initial_events);
    expect(initial).toContain(
      `You reviewed this pull request up to ${pr.headSha}; that conversation was summarised`,
    );
    // The finding's file is untouched since, so it is still open; only the new commit's diff is sent.
    expect(initial).toContain(`- [open] src/math.ts:14 (error) ${finding.title}`);
    expect(initial).toContain("+# touched after the review");
    expect(initial).not.toContain("```diff\\n");
    expect(initial).not.toContain("+export function sub");
    // The finish's coverage will count the first review's lines as reviewed there, not as shown now.
    expect(next.summarised).toEqual({ reviewedSha: pr.headSha, addedSince: { "README.md": [1] } });
  });

  it("start returns at once; two webhook steps answer submit_result, then publish review, sticky and check", async () => {
    const pr = openPullRequest();
    double.scenario = oneFindingReview("request_changes");
    const engine = remoteEngine();

    const started = Date.now();
    const record = startedRecord(
      await startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, checkoutDir: repo.dir, commentMode: "review" },
        reviewSettings,
        engine,
      ),
    );
    const startMs = Date.now() - started;
    expect(record.sessionId).toBe(double.session().id);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "in_progress", headSha: pr.headSha });
    // The sticky shows the review under way from the start; the settle step writes the summary over it.
    const working = github.state.issueComments.find((c) => c.body.includes("Claude review"))!.body;
    expect(working).toContain("## Claude review: working…");
    expect(working).toMatch(
      new RegExp(`- \\[x\\] Session started: session \`${record.sessionId}\`, estimated \\$\\d+\\.\\d{4}`),
    );
    expect(record.estimate?.usd).toBeGreaterThan(0);

    const steps = await drain(record, engine, reviewSettings);
    expect(steps.map((s) => s.status)).toEqual(["waiting", "published"]);
    // No step waits for the agent: every one is far below a Lambda's 30 s budget.
    expect(Math.max(startMs, ...steps.map((s) => s.ms))).toBeLessThan(30_000);
    expect(double.session().customToolResults).toHaveLength(1);

    expect(github.state.reviews).toHaveLength(1);
    expect(github.state.reviews[0]!.state).toBe("CHANGES_REQUESTED");
    const stickies = github.state.issueComments.filter((c) => c.body.includes("Claude review"));
    expect(stickies).toHaveLength(1);
    expect(stickies[0]!.body).not.toContain("working…");
    expect(stickies[0]!.body).toMatch(/cost \$\d+\.\d{4} \(estimated \$\d+\.\d{4}\)/);
    // The settle step measures what the session read: here the prompt held the whole diff.
    expect(stickies[0]!.body).toMatch(
      /Read 1 of 1 changed files \(\d+ of \d+ changed lines; all in the prompt's diff\)/,
    );
    expect(record.promptOmitted).toEqual([]);
    expect(github.state.checkRuns).toHaveLength(1);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(github.state.checkRuns[0]!.annotations).toHaveLength(1);
    // Under what guarantees the remote review ran, on its check run as on the CLI engine's.
    const summary = github.state.checkRuns[0]!.output.summary ?? "";
    expect(summary).toContain("**Run attestation**\n- Engine: Claude Managed Agents");
    expect(summary).toMatch(/- Tool policy: `[^`]+` \(sha256 `[0-9a-f]{16}…`\)/);
    expect(summary).toContain(
      "- Model credential: none in the agent's container (the service calls the model)",
    );
    expect(summary).toContain("- Credentials in the agent's environment: none");
  });

  it("the base's .github/claude-pr-runner.yml holds from start to settle, read through the API: rules in the prompt, a floor raised, post_threshold kept", async () => {
    const pr = openPullRequest({
      base: {
        ".github/claude-pr-runner.yml": [
          "post_threshold: warning",
          "rules:",
          "  - paths: [src/math.ts]",
          "    instructions: Helpers must do what their name says.",
          "    severity_floor: error",
          "  - paths: [src/math.ts]",
          "    severity_ceiling: warning",
          "  - paths: [src/math.ts]",
          "    severity_floor: error",
        ].join("\n"),
      },
    });
    let prompt = "";
    double.scenario = (input) => {
      if (input.kind === "message") prompt = input.text;
      return input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            submit({
              verdict: "comment",
              summary: "A bug, called a nit.",
              findings: [{ ...finding, severity: "notice" }],
            }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), message("Done."), usage(55, 30), idle("end_turn")]
          : undefined;
    };
    const engine = remoteEngine();
    const record = startedRecord(
      await startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, commentMode: "review" },
        reviewSettings,
        engine,
      ),
    );
    expect(prompt).toContain("Helpers must do what their name says. (findings here are at least error)");
    // The record carries the rules to the settle step; instructions stay out of it (the prompt had them).
    expect(record.reviewRules).toMatchObject({
      postThreshold: "warning",
      rules: [{ severityFloor: "error" }, {}, {}],
    });
    expect(JSON.stringify(record.reviewRules)).not.toContain("Helpers must");
    await drain(record, engine, reviewSettings);
    // The notice became an error (a later rule wins: floor error after ceiling warning), so it blocks.
    expect(github.state.reviews.map((r) => r.state)).toEqual(["CHANGES_REQUESTED"]);
    expect(github.state.checkRuns[0]).toMatchObject({ conclusion: "failure" });
    expect(github.reviewCommentsOn("octo", "app", 7)).toHaveLength(1);
    const sticky = github.state.issueComments.find((c) => c.body.includes("Claude review"))!.body;
    expect(sticky).toContain("src/math.ts:14 notice → error");
  });

  it("a writer's reply to an earlier finding is read by a one-turn session on the same engine before the review begins", async () => {
    const pr = openPullRequest();
    const storeDir = mkdtempSync(join(tmpdir(), "remote-replies-"));
    const store = new FsTranscriptStore({ root: storeDir });
    github.addCollaborator("octo", "app", "lead", "write");
    const prompts: string[] = [];
    double.scenario = (input) => {
      if (input.kind === "message") prompts.push(input.text);
      if (input.kind === "message" && input.text.includes("You classify replies"))
        return [
          running(),
          ...modelRequest(),
          submit({ verdicts: [{ id: "r1", not_useful: true, rule: "Do not flag sub() in src/math.ts" }] }),
          requiresAction(),
        ];
      return input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            submit({ verdict: "request_changes", summary: "One bug.", findings: [finding] }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), message("Done."), usage(55, 30), idle("end_turn")]
          : undefined;
    };
    const engine = remoteEngine();
    const begin = () =>
      startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, commentMode: "review", transcripts: store },
        reviewSettings,
        engine,
      );
    try {
      await drain(startedRecord(await begin()), engine, reviewSettings);
      const [ours] = github.reviewCommentsOn("octo", "app", 7);
      github.addReviewReply("octo", "app", ours!.id, "Noise: we know sub() is odd here.", {
        login: "lead",
        type: "User",
      });
      queue.length = 0;
      const second = startedRecord(await begin());
      const classifier = prompts.filter((p) => p.includes("You classify replies"));
      expect(classifier).toHaveLength(1);
      expect(classifier[0]).toContain("Noise: we know sub() is odd here.");
      const learned = await readLearnings({ store, owner: "octo", repo: "app" });
      expect(learned.records.map((r) => [r.signal, r.by, r.rule])).toEqual([
        ["reply", "lead", "Do not flag sub() in src/math.ts"],
      ]);
      expect(prompts.at(-1)).toContain("Do not flag sub() in src/math.ts");
      expect(second.reviewRules?.learned).toHaveLength(1);
    } finally {
      rmSync(storeDir, { recursive: true, force: true });
    }
  });

  it("the noise memory holds from start to settle: the learned rule in the prompt, the marked finding dropped at the finish", async () => {
    const pr = openPullRequest();
    const storeDir = mkdtempSync(join(tmpdir(), "remote-learnings-"));
    const store = new FsTranscriptStore({ root: storeDir });
    const fingerprint = findingFingerprint({
      path: finding.path,
      startLine: 14,
      endLine: 14,
      severity: "error",
      title: finding.title,
      body: finding.body,
      category: finding.category,
    });
    await addSuppressions(
      { store, owner: "octo", repo: "app" },
      {
        records: [
          suppressionRecord("reaction:1", {
            id: "5eed5eed",
            fingerprint,
            path: finding.path,
            category: finding.category,
            title: finding.title,
            rule: "Do not report sub() arithmetic",
          }),
        ],
      },
    );
    let prompt = "";
    double.scenario = (input) => {
      if (input.kind === "message") prompt = input.text;
      return input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            submit({ verdict: "request_changes", summary: "One bug.", findings: [finding] }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), message("Done."), usage(55, 30), idle("end_turn")]
          : undefined;
    };
    const engine = remoteEngine();
    try {
      const record = startedRecord(
        await startRemoteReview(
          { octokit, owner: "octo", repo: "app", pr, commentMode: "review", transcripts: store },
          reviewSettings,
          engine,
        ),
      );
      expect(prompt).toContain("Do not report sub() arithmetic");
      // The record keeps what the finish needs (fingerprint, id, who), not the rule's words.
      expect(record.reviewRules?.learned).toEqual([
        expect.objectContaining({ id: "5eed5eed", fingerprint, rule: "" }),
      ]);
      await drain(record, engine, reviewSettings);
      expect(github.reviewCommentsOn("octo", "app", 7)).toEqual([]);
      expect(github.state.checkRuns[0]).toMatchObject({ conclusion: "success" });
      const sticky = github.state.issueComments.find((c) => c.body.includes("Claude review"))!.body;
      expect(sticky).toContain("1 finding(s) not reported, the team marked them not useful");
      expect(sticky).toContain("(learning 5eed5eed, from @");
    } finally {
      rmSync(storeDir, { recursive: true, force: true });
    }
  });

  it("an invalid .github/claude-pr-runner.yml at the base: no session, the check run lists each bad key", async () => {
    const pr = openPullRequest({ base: { ".github/claude-pr-runner.yml": "ignore_categories: style\n" } });
    const engine = remoteEngine();
    await expect(
      startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, commentMode: "review" },
        reviewSettings,
        engine,
      ),
    ).rejects.toThrow('`ignore_categories` must be a list; got "style"');
    expect(double.sessions.size).toBe(0);
    expect(github.state.checkRuns[0]!.output).toMatchObject({
      title: "Not reviewed: invalid repository config",
      summary: expect.stringContaining('- `ignore_categories` must be a list; got "style"'),
    });
  });

  it.each([
    ["from the checkout", true],
    ["from the GitHub API", false],
  ])(
    "only files the base's .github/claude-pr-runner.json excludes changed (%s): neutral check, no session",
    async (_how, withCheckout) => {
      const pr = openPullRequest({
        base: { ".github/claude-pr-runner.json": JSON.stringify({ exclude: ["docs/**"] }) },
        head: { "docs/guide.md": "# Guide\n\nHow to subtract.\n" },
        headOnly: true,
      });
      const engine = remoteEngine("");
      const started = await startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, ...(withCheckout ? { checkoutDir: repo.dir } : {}) },
        reviewSettings,
        engine,
      );
      expect(started).toMatchObject({ status: "skipped", excluded: ["docs/guide.md"] });
      expect(double.sessions.size).toBe(0);
      expect(github.state.checkRuns).toHaveLength(1);
      expect(github.state.checkRuns[0]).toMatchObject({
        status: "completed",
        conclusion: "neutral",
        output: expect.objectContaining({ title: "Not reviewed: only excluded files changed" }),
      });
    },
  );

  it("the API path leaves the excluded files out of the prompt's diff and keeps the rules for the settle step", async () => {
    const pr = openPullRequest({
      base: { ".github/claude-pr-runner.json": JSON.stringify({ exclude: ["docs/**"] }) },
      head: { "docs/guide.md": "# Guide\n\nA secret-looking DOCS_ONLY_MARKER line.\n" },
    });
    double.scenario = (input) => (input.kind === "message" ? [running()] : undefined);
    const engine = remoteEngine("");
    const started = await startRemoteReview(
      { octokit, owner: "octo", repo: "app", pr, pathFilter: { exclude: ["*.lock"] }, paths: ["src"] },
      reviewSettings,
      engine,
    );
    const record = startedRecord(started);
    expect(record.pathRules).toEqual({ include: [], exclude: ["docs/**", "*.lock"], paths: ["src"] });
    const prompt = JSON.stringify(double.session(record.sessionId).createParams.initial_events);
    expect(prompt).toContain("export function sub(a: number, b: number)");
    expect(prompt).not.toContain("DOCS_ONLY_MARKER");
    expect(prompt).not.toContain("docs/guide.md");
  });

  it("a redelivered idle webhook answers nothing twice", async () => {
    const pr = openPullRequest();
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), submit({ verdict: "pass", summary: "Fine.", findings: [] }), requiresAction()]
        : undefined; // the agent never resumes: only redeliveries arrive
    const engine = remoteEngine("");
    const record = startedRecord(
      await startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, checkoutDir: repo.dir },
        reviewSettings,
        engine,
      ),
    );
    await double.settled();
    const target = { octokit, commentMode: "review" as const, inlineCommentLimit: 30 };
    expect((await settleRemoteReview(record, target, engine, reviewSettings)).status).toBe("waiting");
    await double.settled();
    expect((await settleRemoteReview(record, target, engine, reviewSettings)).status).toBe("waiting");
    expect(double.session().customToolResults).toHaveLength(1);
    expect(github.state.reviews).toHaveLength(0);
  });

  // The settle step concludes by the door's fail_on and path filters, as a review on the CLI engine.
  async function settledWith(rules: Pick<RemoteReviewSettle, "failOn" | "pathFilter">) {
    const pr = openPullRequest();
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            submit({ verdict: "request_changes", summary: "One bug.", findings: [finding] }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), message("Done."), usage(5, 3), idle("end_turn")]
          : undefined;
    const engine = remoteEngine("");
    const record = startedRecord(
      await startRemoteReview(
        { octokit, owner: "octo", repo: "app", pr, checkoutDir: repo.dir },
        reviewSettings,
        engine,
      ),
    );
    expect((await drain(record, engine, reviewSettings, rules)).map((s) => s.status)).toEqual([
      "waiting",
      "published",
    ]);
  }

  it("fail_on never: the error finding is published as a comment and the check passes", async () => {
    await settledWith({ failOn: "never" });
    expect(github.state.reviews.map((r) => r.state)).toEqual(["COMMENTED"]);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
    expect(github.state.checkRuns[0]!.annotations).toHaveLength(1);
  });

  it("a finding on a file the exclude globs leave out is set aside, so nothing blocks", async () => {
    await settledWith({ pathFilter: { exclude: ["src/**"] } });
    expect(github.state.reviews.filter((r) => r.state === "CHANGES_REQUESTED")).toHaveLength(0);
    expect(github.state.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "success" });
    expect(github.state.checkRuns[0]!.annotations ?? []).toHaveLength(0);
  });
});

function startedRecord(started: RemoteReviewStarted): RemoteReviewRecord {
  if (started.status !== "started") throw new Error(`no session started: ${started.reason}`);
  return started.record;
}
