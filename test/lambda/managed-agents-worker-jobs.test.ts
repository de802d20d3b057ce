import { execFileSync } from "node:child_process";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAnthropicWebhookHandler } from "../../lambda/managed-agents/anthropic-webhook-handler.js";
import { publishingClientFor } from "../../lambda/managed-agents/publishing-client.js";
import { createSettleHandler } from "../../lambda/managed-agents/settle-handler.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { createJobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { SessionRecordStore } from "../../lambda/shared/session-record-store.js";
import type { RemoteEngineWiring } from "../../lambda/worker/dispatch/worker-job.js";
import { mountTokenMinter } from "../../lambda/worker/job-token-scope.js";
import {
  READ_BACK_COMMAND,
  WORKSPACE_PATCH_FIELD,
} from "../../src/engines/managed-agents/agent-definition.js";
import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import type { ScriptedReply } from "../harness/scripted-messages-api.js";
import {
  type ManagedAgentsDouble as Double,
  ManagedAgentsDouble,
  newWebhookSecret,
  type Scenario,
} from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";
import { INSTALLATION_ID, LambdaPipeline, OWNER, REPO } from "./support/lambda-pipeline.js";
import { type LoopbackFunctionUrl, startLoopbackFunctionUrl } from "./support/loopback-function-url.js";
import type { FifoQueuePair } from "./support/loopback-sqs.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// Scheduled audits and autofix on ENGINE=managed-agents, on loopback servers: the worker starts the
// session (the Managed Agents double, parsed by the real SDK) and returns without cloning; Anthropic's
// signed webhooks reach the webhook function, which queues settle steps (fauxqs); the settle function
// files the audit's issues and SARIF, or lands the autofix patch in a clone of the pinned head and
// commits it through the GitHub double's Git database API into the bare remote. No CLI runs.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const KEY = "sk-ant-worker-jobs-0123456789";
const SESSIONS_TABLE = "ma-job-sessions";
const HEADER = Array.from({ length: 8 }, (_, i) => `// math helpers, line ${i + 1}\n`).join("");
const ADD = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
const SUB_BUG = "\nexport function sub(a: number, b: number): number {\n  return a + b;\n}\n";
const SUB_FIXED = SUB_BUG.replace("a + b;\n}", "a - b;\n}");
const REPORT = {
  summary: "sub() subtracts now.",
  files_changed: [{ path: "src/math.ts", reason: "sub must return a - b" }],
  commands_run: [],
  commit_message: "fix: sub() subtracts",
};

let pipeline: LambdaPipeline;
let double: Double;
let settleQueue: FifoQueuePair;
let functionUrl: LoopbackFunctionUrl | undefined;
let store: SessionRecordStore;
let remote: RemoteEngineWiring;
let settle: ReturnType<typeof createSettleHandler>;
const secret = newWebhookSecret();
const invocationMs: number[] = [];
const cliReplies: ScriptedReply[] = [];
/** Set by the one test in which the CLI engine runs (a fork's autofix, the file's last). */
let cliExpected = false;

beforeAll(async () => {
  // Only a fork's autofix reaches the CLI (its queue is filled by that test); anything else answers this.
  pipeline = await LambdaPipeline.start(
    () => cliReplies.shift() ?? { kind: "text", text: "the CLI must not be asked" },
  );
  pipeline.seedRepository({ "src/math.ts": HEADER + ADD });
  pipeline.github.addCollaborator(OWNER, REPO, "maintainer", "write");
  await pipeline.dynamo.createIdempotencyTable(SESSIONS_TABLE);
  settleQueue = await pipeline.sqs.createFifoQueueWithDlq("settle-jobs", {
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 30,
  });
  store = new SessionRecordStore(pipeline.dynamo.client, SESSIONS_TABLE);
  const webhook = createAnthropicWebhookHandler({
    anthropic: new Anthropic({ apiKey: "unused", baseURL: "http://127.0.0.1:9" }),
    signingKey: secret,
    sqs: pipeline.sqs.client,
    queueUrl: settleQueue.queueUrl,
  });
  functionUrl = await startLoopbackFunctionUrl(async (event) => {
    const started = Date.now();
    const result = await webhook(event);
    invocationMs.push(Date.now() - started);
    return result;
  });
  double = await ManagedAgentsDouble.start({ apiKey: KEY });
  double.webhook = { url: functionUrl.url, secret };
});

afterAll(async () => {
  await double?.close();
  await functionUrl?.close();
  await pipeline?.close();
});

beforeEach(() => {
  invocationMs.length = 0;
  const engine = new ManagedAgentsEngine({
    apiKey: KEY,
    baseURL: double.baseURL,
    serverUrl: "https://github.com",
    repositoryToken: async () => {
      throw new Error("the worker mints a mount token per job");
    },
  });
  remote = { engine: async () => engine, store, mountToken: mountTokenMinter(pipeline.appTokens()) };
  const publishing = publishingClientFor({
    tokens: pipeline.appTokens(),
    allowedInstallations: parseInstallationAllowList(String(INSTALLATION_ID)),
    githubApiUrl: pipeline.github.url,
    gitServerUrl: pipeline.config.gitServerUrl,
    hostEnv: process.env,
    pacing: { retryAfterBaseMs: 1, writeSpacingMs: 0, notificationSpacingMs: 0 },
  });
  settle = createSettleHandler({
    store,
    engine,
    octokitFor: publishing.octokitFor,
    releaseOctokit: publishing.release,
    cloneAt: publishing.cloneAt,
    workRoot: pipeline.workRoot,
    hostEnv: process.env,
    settings: {},
    publish: { commentMode: "review", inlineCommentLimit: 30 },
  });
});

afterEach(async () => {
  await double.settled();
  expect(pipeline.github.violations).toEqual([]);
  // No CLI ran anywhere (but for a fork's autofix), and every clone the settle step made is gone.
  if (!cliExpected) expect(pipeline.api.mainRequests).toHaveLength(0);
  expect(pipeline.leftoverWorkDirs()).toEqual([]);
  // The point of the engine on Lambda: no invocation waits for the agent.
  expect(Math.max(0, ...invocationMs)).toBeLessThan(30_000);
});

async function runWorker() {
  const started = Date.now();
  const { invocation } = await pipeline.runWorker({
    config: { ...pipeline.config, engine: "managed-agents" },
    remote,
  });
  invocationMs.push(Date.now() - started);
  expect(invocation?.response.batchItemFailures).toEqual([]);
  expect(pipeline.sqs.messagesIn(pipeline.queues.queueUrl)).toEqual([]);
}

/** Lambda's event source on the settle queue, polled until the session is published (or rounds run out). */
async function settleUntilPublished(sessionId: string) {
  const source = new SqsEventSource(pipeline.sqs.client, settleQueue.queueUrl, settleQueue.queueArn);
  for (let round = 0; round < 8 && (await store.get(sessionId))?.status !== "published"; round++) {
    await double.settled();
    const started = Date.now();
    await source.pollOnce(settle, () => lambdaContext("settle"));
    invocationMs.push(Date.now() - started);
  }
  await double.settled();
  // Whatever the session still sends after publication is consumed and publishes nothing.
  await source.pollOnce(settle, () => lambdaContext("settle"));
  expect(pipeline.sqs.messagesIn(settleQueue.dlqUrl)).toEqual([]);
}

/** A writer's `/claude fix` comment on PR `number`, delivered to the webhook function. */
async function askForFix(number: number, commentId: number) {
  const payload = webhookExample("issue_comment", "created");
  Object.assign(payload, {
    installation: { id: INSTALLATION_ID },
    repository: {
      ...(payload.repository as object),
      name: REPO,
      full_name: `${OWNER}/${REPO}`,
      owner: { login: OWNER },
    },
    sender: { login: "maintainer" },
  });
  Object.assign(payload.issue as object, { number, pull_request: { url: "x" } });
  Object.assign(payload.comment as object, {
    id: commentId,
    body: "/claude fix please",
    author_association: "MEMBER",
    user: { login: "maintainer", type: "User" },
  });
  const delivered = await pipeline.deliver("issue_comment", payload);
  expect(delivered.json).toMatchObject({ status: "queued", kind: "autofix" });
}

/** The remote agent's read-back after its edit, computed on the developer's clone of the head. */
function patchOf(files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) pipeline.dev.write(path, content);
  const patch = `${pipeline.dev.git("diff", "--binary", "HEAD")}\n`;
  pipeline.dev.git("checkout", "-q", "--", ".");
  return patch;
}

/** The agent edits, runs the read-back (confirmed by the settle step), submits report + patch. */
function fixer(patch: string): Scenario {
  return (input) => {
    if (input.kind === "message")
      return [
        running(),
        ...modelRequest(),
        {
          type: "agent.tool_use",
          name: "edit",
          input: { file_path: "src/math.ts" },
          evaluated_permission: "allow",
        },
        {
          type: "agent.tool_use",
          name: "bash",
          input: { command: READ_BACK_COMMAND },
          evaluated_permission: "ask",
        },
        requiresAction(),
      ];
    if (input.kind === "tool_confirmation" && input.result === "allow")
      return [
        running(),
        ...modelRequest(),
        submit({ ...REPORT, [WORKSPACE_PATCH_FIELD]: patch }),
        requiresAction(),
      ];
    if (input.kind === "custom_tool_result")
      return [running(), message("Done."), usage(42, 20), idle("end_turn")];
    return undefined;
  };
}

/** A writer's `/claude ask` on PR or issue `number`, delivered to the webhook function. */
async function askQuestion(number: number, commentId: number, question: string, onPullRequest: boolean) {
  const payload = webhookExample("issue_comment", "created");
  Object.assign(payload, {
    installation: { id: INSTALLATION_ID },
    repository: {
      ...(payload.repository as object),
      name: REPO,
      full_name: `${OWNER}/${REPO}`,
      owner: { login: OWNER },
    },
    sender: { login: "maintainer" },
  });
  const issue = payload.issue as Record<string, unknown>;
  issue.number = number;
  if (onPullRequest) issue.pull_request = { url: "x" };
  else delete issue.pull_request;
  Object.assign(payload.comment as object, {
    id: commentId,
    body: `/claude ask ${question}`,
    author_association: "MEMBER",
    user: { login: "maintainer", type: "User" },
  });
  const delivered = await pipeline.deliver("issue_comment", payload);
  expect(delivered.json).toMatchObject({ status: "queued", kind: "ask" });
}

/** The agent reads, then submits its answer through submit_result. */
function answerer(answer: string): Scenario {
  return (input) =>
    input.kind === "message"
      ? [running(), ...modelRequest(), submit({ answer }), requiresAction()]
      : input.kind === "custom_tool_result"
        ? [running(), message("Done."), usage(21, 9), idle("end_turn")]
        : undefined;
}

/** The bot's comments on PR or issue `number`. */
function botCommentsOn(number: number) {
  return pipeline.github.state.issueComments.filter(
    (c) => c.issueNumber === number && c.body.includes("claude-pr-runner:reply"),
  );
}

function remoteGit(...args: string[]): string {
  return execFileSync("git", args, { cwd: pipeline.remoteDir, encoding: "utf8" }).trim();
}

describe("audits, autofix and questions on ENGINE=managed-agents (dynalite, fauxqs, Managed Agents double, GitHub double)", () => {
  it("a scheduled audit: session at the default branch's tip, the worker returns, the settle step files issues and SARIF", async () => {
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(),
            submit({
              summary: "One risky helper.",
              findings: [
                {
                  key: "precision:src/math.ts:add",
                  category: "bug",
                  severity: "warning",
                  path: "src/math.ts",
                  line: 10,
                  title: "add() has no overflow guard",
                  body: "Large inputs lose precision.",
                },
                {
                  key: "ghost:src/math.ts:99",
                  category: "bug",
                  severity: "warning",
                  path: "src/math.ts",
                  line: 99,
                  title: "a line the file does not have",
                  body: "Past the end of the file.",
                },
              ],
            }),
            requiresAction(),
          ]
        : input.kind === "custom_tool_result"
          ? [running(), message("Done."), usage(30, 12), idle("end_turn")]
          : undefined;
    pipeline.github.resetCalls();
    const job = createJobMessage({
      kind: "audit",
      owner: OWNER,
      repo: REPO,
      installationId: INSTALLATION_ID,
      trigger: { source: "schedule", scheduleEventId: "evt-ma-1" },
    });
    await new JobQueue(pipeline.sqs.client, pipeline.queues.queueUrl).enqueue(job, job.jobId);
    await runWorker();

    // The worker started one session on main's tip, read only, and filed nothing yet.
    const session = double.session();
    expect(session.createParams.resources).toEqual([
      expect.objectContaining({
        type: "github_repository",
        checkout: { type: "commit", sha: pipeline.baseSha },
      }),
    ]);
    expect(JSON.stringify(session.createParams.initial_events)).toContain(pipeline.baseSha);
    expect(await store.get(session.id)).toMatchObject({ status: "running", record: { kind: "audit" } });
    expect(pipeline.github.issuesOf(OWNER, REPO)).toHaveLength(0);

    await settleUntilPublished(session.id);
    expect((await store.get(session.id))?.status).toBe("published");
    // Issues as the CLI audit files them; the finding past the end of the file is set aside.
    const titles = pipeline.github.issuesOf(OWNER, REPO).map((i) => i.title);
    expect(titles).toEqual([expect.stringContaining("add() has no overflow guard")]);
    const uploads = pipeline.github.sarifUploadsOf(OWNER, REPO);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ ref: "refs/heads/main", commitSha: pipeline.baseSha });
    expect(JSON.stringify(uploads[0]!.sarif.runs[0]!.results)).toContain("add() has no overflow guard");
    expect(JSON.stringify(uploads[0]!.sarif.runs[0]!.results)).not.toContain("does not have");
    // The settle step's token could file issues and upload SARIF, nothing more.
    const scopes = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .map((c) => (c.body as { permissions: Record<string, string> }).permissions);
    expect(scopes).toContainEqual({
      contents: "read",
      issues: "write",
      checks: "write",
      security_events: "write",
    });
    expect(scopes.filter((p) => p.contents === "write")).toEqual([]);
  });

  it("a writer's /claude fix: session at the pinned head with edit tools, then the settle step pushes the patch on top of it", async () => {
    const head = pipeline.push({ "src/math.ts": HEADER + ADD + SUB_BUG }, "add sub", 9, "fix-me");
    double.scenario = fixer(patchOf({ "src/math.ts": HEADER + ADD + SUB_FIXED }));
    pipeline.github.resetCalls();
    await askForFix(9, 9101);
    await runWorker();

    const session = double.session();
    expect(session.createParams.resources).toEqual([
      expect.objectContaining({
        checkout: { type: "commit", sha: head },
        authorization_token: expect.stringMatching(/^ghs_/),
      }),
    ]);
    // The mount token reads only: the agent can never push.
    const minted = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .map((c) => c.body as { permissions: Record<string, string> });
    expect(minted).toContainEqual({ repositories: [REPO], permissions: { contents: "read" } });
    expect(await store.get(session.id)).toMatchObject({ record: { kind: "autofix", headSha: head } });
    expect(remoteGit("rev-parse", "refs/heads/fix-me")).toBe(head);

    await settleUntilPublished(session.id);
    // The read-back was confirmed by the settle step; the patch landed as one commit on the pinned head.
    const confirmations = session.events.filter((e) => e.type === "user.tool_confirmation");
    expect(confirmations).toEqual([expect.objectContaining({ result: "allow" })]);
    const pushed = remoteGit("rev-parse", "refs/heads/fix-me");
    expect(pushed).not.toBe(head);
    expect(remoteGit("rev-parse", `${pushed}^`)).toBe(head);
    expect(remoteGit("show", `${pushed}:src/math.ts`)).toContain("return a - b;");
    expect(remoteGit("diff", "--name-only", head, pushed)).toBe("src/math.ts");
    expect(remoteGit("log", "-1", "--format=%B", pushed)).toContain("fix: sub() subtracts");
    expect(remoteGit("log", "-1", "--format=%B", pushed)).toContain("[skip ci]");
    expect(remoteGit("log", "-1", "--format=%(trailers:key=Co-authored-by,valueonly)", pushed)).toContain(
      "maintainer <maintainer@users.noreply.github.com>",
    );
    const completed = pipeline.github
      .callsTo("checks/update")
      .map((c) => c.body as { status?: string; conclusion?: string })
      .filter((b) => b.status === "completed");
    expect(completed).toEqual([expect.objectContaining({ conclusion: "success" })]);
    // Several settle steps ran (the confirmation, submit_result, the end), but besides the worker's job
    // token only the publishing step minted one that could write contents; it and the clone's were revoked.
    const writers = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .map((c) => (c.body as { permissions: Record<string, string> }).permissions)
      .filter((p) => p.contents === "write");
    expect(writers).toEqual([
      { contents: "write", pull_requests: "write", checks: "write" },
      { contents: "write", pull_requests: "write", checks: "write" },
    ]);
    expect(pipeline.github.callsTo("apps/revoke-installation-access-token").length).toBeGreaterThanOrEqual(2);
  });

  it("bad input: the head moved while the remote session ran; the settle step comments once and pushes nothing", async () => {
    const head = pipeline.push({ "src/math.ts": HEADER + ADD + SUB_BUG }, "add sub", 10, "moving");
    double.scenario = fixer(patchOf({ "src/math.ts": HEADER + ADD + SUB_FIXED }));
    pipeline.github.resetCalls();
    await askForFix(10, 10101);
    await runWorker();
    const session = double.session();
    expect(await store.get(session.id)).toMatchObject({ record: { kind: "autofix", headSha: head } });

    // The PR's author pushes while the agent works.
    const moved = pipeline.push({ "src/other.ts": "export const x = 1;\n" }, "unrelated", 10, "moving");
    await settleUntilPublished(session.id);

    expect(remoteGit("rev-parse", "refs/heads/moving")).toBe(moved);
    expect(pipeline.github.callsTo("git/create-commit")).toHaveLength(0);
    expect(pipeline.github.callsTo("git/update-ref")).toHaveLength(0);
    const comments = pipeline.github.state.issueComments.filter(
      (c) => c.issueNumber === 10 && c.body.includes("autofix was not pushed"),
    );
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(head.slice(0, 12));
    expect(comments[0]!.body).toContain(moved.slice(0, 12));
    const completed = pipeline.github
      .callsTo("checks/update")
      .map((c) => c.body as { status?: string; conclusion?: string })
      .filter((b) => b.status === "completed");
    expect(completed).toEqual([expect.objectContaining({ conclusion: "neutral" })]);
    // No settle step cloned anything: the pin was checked first.
    expect(
      pipeline.github
        .callsTo("apps/create-installation-access-token")
        .filter(
          (c) => JSON.stringify((c.body as { permissions: unknown }).permissions) === '{"contents":"read"}',
        ),
    ).toHaveLength(1); // the mount token only
  });

  it("a writer's /claude ask on a PR: session on the head read-only, the worker returns, the settle step edits the working reply into the answer", async () => {
    const head = pipeline.push({ "src/math.ts": HEADER + ADD + SUB_BUG }, "add sub", 21, "ask-me");
    const answer = "sub() returns `a + b` at src/math.ts:13, so it adds.";
    double.scenario = answerer(answer);
    pipeline.github.resetCalls();
    await askQuestion(21, 21101, "what does sub do?", true);
    await runWorker();

    const session = double.session();
    expect(session.createParams.resources).toEqual([
      expect.objectContaining({
        checkout: { type: "commit", sha: head },
        authorization_token: expect.stringMatching(/^ghs_/),
      }),
    ]);
    expect(JSON.stringify(session.createParams.initial_events)).toContain("what does sub do?");
    // The worker posted the working reply and recorded where it is; no answer yet.
    const working = botCommentsOn(21);
    expect(working).toHaveLength(1);
    expect(working[0]!.body).toContain("Working on it");
    expect(await store.get(session.id)).toMatchObject({
      status: "running",
      record: { kind: "ask", headSha: head, reply: { kind: "issue", id: working[0]!.id } },
    });

    await settleUntilPublished(session.id);
    expect((await store.get(session.id))?.status).toBe("published");
    const replies = botCommentsOn(21);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.id).toBe(working[0]!.id);
    expect(replies[0]!.body).toContain(answer);
    expect(replies[0]!.body).not.toContain("Working on it");
    // Edited once, by the one step that claimed the session.
    expect(
      pipeline.github
        .callsTo("issues/update-comment")
        .filter((c) => c.path.endsWith(`/comments/${working[0]!.id}`)),
    ).toHaveLength(1);
    // The settle step's token could edit comments, and read or write no code.
    const scopes = pipeline.github
      .callsTo("apps/create-installation-access-token")
      .map((c) => (c.body as { permissions: Record<string, string> }).permissions);
    expect(scopes).toContainEqual({ pull_requests: "write", issues: "write" });
    expect(scopes.filter((p) => p.contents === "write")).toEqual([]);
  });

  it("a /claude ask on a plain issue mounts the default branch's tip; a session that gives no answer edits the reply into an error", async () => {
    const issue = pipeline.github.addIssue(OWNER, REPO, { title: "How do I add?", body: "Asking." });
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), message("I gave up."), usage(5, 3), idle("end_turn")]
        : undefined;
    pipeline.github.resetCalls();
    await askQuestion(issue.number, 12101, "where is add defined?", false);
    await runWorker();

    const session = double.session();
    expect(session.createParams.resources).toEqual([
      expect.objectContaining({ checkout: { type: "commit", sha: pipeline.baseSha } }),
    ]);
    expect(await store.get(session.id)).toMatchObject({ record: { kind: "ask", headSha: pipeline.baseSha } });

    await settleUntilPublished(session.id);
    const replies = botCommentsOn(issue.number);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("Sorry, I could not answer this");
    expect(replies[0]!.body).not.toContain("Working on it");
  });

  it("bad input: a question whose session cannot start gets its working reply edited into why, and nothing is recorded", async () => {
    const issue = pipeline.github.addIssue(OWNER, REPO, { title: "Where is sub?", body: "Asking." });
    const sessionsBefore = double.sessions.size;
    remote = {
      ...remote,
      mountToken: async () => {
        throw new Error("the mount token could not be minted");
      },
    };
    await askQuestion(issue.number, 13101, "where is sub defined?", false);
    await runWorker();

    expect(double.sessions.size).toBe(sessionsBefore);
    const replies = botCommentsOn(issue.number);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("Sorry, I could not answer this: the mount token could not be minted");
    expect(replies[0]!.body).not.toContain("Working on it");
  });

  it("a fork's /claude fix stays on the CLI engine: no remote session, nothing pushed to the fork's branch", async () => {
    const dev = pipeline.dev;
    dev.git("checkout", "-q", "-B", "fork-11", pipeline.baseSha);
    dev.write("src/math.ts", HEADER + ADD + SUB_BUG);
    const head = dev.commitAll("add sub (from a fork)");
    dev.git("push", "-q", "origin", "HEAD:refs/pull/11/head");
    pipeline.github.addPullRequest({
      owner: OWNER,
      repo: REPO,
      number: 11,
      title: "Add sub()",
      body: "From a fork.",
      diff: `${dev.git("diff", `${pipeline.baseSha}...${head}`)}\n`,
      headSha: head,
      baseSha: pipeline.baseSha,
      headRef: "patch-1",
      baseRef: "main",
      headRepoFullName: "mallory/app",
      author: { login: "mallory", type: "User" },
    });
    cliExpected = true;
    cliReplies.push({
      kind: "structured_output",
      value: {
        summary: "Nothing to change.",
        files_changed: [],
        commands_run: [],
        commit_message: "fix: none",
      },
    });
    const sessionsBefore = double.sessions.size;
    pipeline.github.resetCalls();
    await askForFix(11, 11101);
    await runWorker();

    expect(double.sessions.size).toBe(sessionsBefore);
    expect(pipeline.api.mainRequests.length).toBeGreaterThan(0);
    expect(pipeline.github.callsTo("git/create-commit")).toHaveLength(0);
    expect(pipeline.github.callsTo("git/update-ref")).toHaveLength(0);
  });
});
