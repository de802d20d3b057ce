import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addSuppressions, readLearnings } from "../../src/jobs/learnings/learnings-ledger.js";
import { activeRecords } from "../../src/jobs/learnings/suppression-record.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { conversationText, toolResultsOf } from "../harness/scripted-messages-api.js";
import { suppressionRecord } from "../jobs/learnings/suppression-fixture.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";
import { shippedWorkflow } from "./shipped-workflow.js";

// End to end through dist/index.js with the events and inputs of workflows/conversation.yml: comment
// commands and questions, answered in the right place, once, and without a model request when no
// answer needs one.

vi.setConfig({ testTimeout: 240_000 });

const workflow = shippedWorkflow("conversation.yml");
const BOT = { login: "github-actions[bot]", type: "Bot" as const };
const answer = (text: string) => ({ kind: "structured_output" as const, value: { answer: text } });

type Payload = Record<string, unknown>;
const rec = (v: unknown) => v as Record<string, unknown>;

describe("the Action answering comments (dist/index.js, real CLI, GitHub double)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  /** A conversation comment that exists on the double, delivered as GitHub's issue_comment payload. */
  function issueCommentEvent(
    body: string,
    opts: { user?: string; state?: string; onIssue?: boolean; action?: string } = {},
  ): Payload {
    const login = opts.user ?? "maintainer";
    const comment = fx.github.addIssueComment(OWNER, REPO, 7, body, { login, type: "User" });
    const payload = webhookExample("issue_comment", "created");
    payload.action = opts.action ?? "created";
    Object.assign(rec(payload.issue), { number: 7, state: opts.state ?? "open" });
    if (opts.onIssue) delete rec(payload.issue).pull_request;
    else rec(payload.issue).pull_request = { url: `${fx.github.url}/repos/${OWNER}/${REPO}/pulls/7` };
    Object.assign(rec(payload.comment), { id: comment.id, body });
    Object.assign(rec(rec(payload.comment).user), { login, type: "User" });
    rec(payload.sender).login = login;
    return payload;
  }

  /** A payload for a review comment already on the double (GitHub's pull_request_review_comment). */
  function reviewCommentEvent(c: {
    id: number;
    body: string;
    inReplyTo?: number;
    user: { login: string; type: string };
  }) {
    const payload = webhookExample("pull_request_review_comment", "created");
    payload.pull_request = fx.pullRequestEvent("opened").pull_request;
    rec(payload.pull_request).state = "open";
    Object.assign(rec(payload.comment), {
      id: c.id,
      body: c.body,
      path: "src/math.ts",
      line: 14,
      diff_hunk: "@@ -9,3 +9,7 @@\n+export function sub(a: number, b: number): number {\n+  return a + b;",
      in_reply_to_id: c.inReplyTo,
      user: { ...rec(rec(payload.comment).user), ...c.user },
    });
    rec(payload.sender).login = c.user.login;
    return payload;
  }

  async function deliver(eventName: string, payload: Payload) {
    expect(workflow.accepts(eventName, payload), `conversation.yml runs for ${eventName}`).toBe(true);
    return fx.run(eventName, payload, workflow.inputs);
  }

  it("@claude in an inline review thread: eyes at once, exactly one reply in that thread, and the reply triggers nothing", async () => {
    fx = await ActionRunFixture.start([
      answer("`sub` adds: it should return `a - b`. Ask @claude again if unsure."),
    ]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const root = fx.github.addReviewComment(OWNER, REPO, 7, {
      path: "src/math.ts",
      line: 14,
      body: "Is this right?",
      user: { login: "dev", type: "User" },
    });
    const question = fx.github.addReviewReply(OWNER, REPO, root.id, "@claude is this line right?", {
      login: "maintainer",
      type: "User",
    });
    const run = await deliver(
      "pull_request_review_comment",
      reviewCommentEvent({ ...question, inReplyTo: root.id, user: { login: "maintainer", type: "User" } }),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);

    expect(fx.github.state.reactions).toMatchObject([
      { commentId: question.id, content: "eyes", subject: "review_comment" },
    ]);
    const replies = fx.github.reviewCommentsOn(OWNER, REPO, 7).filter((c) => c.id > question.id);
    expect(replies).toHaveLength(1);
    // In the thread: a reply to the thread's first comment (replies to replies do not exist on GitHub).
    expect(replies[0]).toMatchObject({ inReplyToId: root.id, path: "src/math.ts" });
    expect(replies[0]!.body).toContain("it should return `a - b`");
    expect(replies[0]!.body).not.toMatch(/@claude/); // neutralised: the answer cannot mention us back
    expect(fx.github.state.issueComments).toEqual([]);
    // The model saw the question and the thread's place, and had only read tools.
    const prompt = conversationText(fx.api.mainRequests[0]!);
    expect(prompt).toContain("is this line right?");
    expect(prompt).toContain("src/math.ts line 14");
    const tools = (fx.api.mainRequests[0]!.body as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    expect(tools).not.toContain("Edit");
    expect(tools).not.toContain("Write");
    expect(run.outputs.conclusion).toBe("success");

    // GitHub delivers our own reply back as a new review comment. Its mention is defused, so the
    // shipped workflow does not even start; the action, run anyway, ignores a bot's comment.
    const requestsBefore = fx.api.mainRequests.length;
    const echoPayload = reviewCommentEvent({
      id: replies[0]!.id,
      body: replies[0]!.body,
      inReplyTo: root.id,
      user: BOT,
    });
    expect(workflow.accepts("pull_request_review_comment", echoPayload)).toBe(false);
    const echo = await fx.run("pull_request_review_comment", echoPayload, workflow.inputs);
    expect(echo.code, echo.stdout + echo.stderr).toBe(0);
    expect(echo.stdout).toContain("bots do not trigger jobs");
    expect(fx.api.mainRequests).toHaveLength(requestsBefore);
    expect(fx.github.reviewCommentsOn(OWNER, REPO, 7)).toHaveLength(3);
  });

  it("`/claude ask` on the PR: a working comment first, edited into the answer; a second delivery of the comment runs nothing", async () => {
    fx = await ActionRunFixture.start([answer("It subtracts, or means to.")]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "maintain");
    const payload = issueCommentEvent("/claude ask what does sub do?");
    const run = await deliver("issue_comment", payload);
    expect(run.code, run.stdout + run.stderr).toBe(0);

    const created = fx.github.callsTo("issues/create-comment");
    const edited = fx.github.callsTo("issues/update-comment");
    expect(created).toHaveLength(1);
    expect(JSON.stringify(created[0]!.body)).toContain("Working on it");
    // The reply is a live checklist while the agent works (edits paced 3 s apart), then the answer.
    const bodies = edited.map((call) => (call.body as { body: string }).body);
    expect(bodies[0]).toContain("## Claude: working…");
    expect(bodies[0]).toContain("- [ ] Checkout of the code asked about ⏳");
    expect(bodies.at(-1)).toContain("It subtracts, or means to.");
    expect(bodies.slice(0, -1).every((body) => body.includes("## Claude: working…"))).toBe(true);
    const ours = fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer");
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain("It subtracts, or means to.");
    expect(ours[0]!.body).not.toContain("Working on it");
    expect(edited.every((call) => call.path.includes(`/comments/${ours[0]!.id}`))).toBe(true);
    expect(fx.api.mainRequests).toHaveLength(1);

    // Duplicate delivery (same comment id, same action): claimed already, so nothing runs again.
    const again = await fx.run("issue_comment", payload, workflow.inputs);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain("already handled");
    expect(fx.api.mainRequests).toHaveLength(1);
    expect(fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer")).toHaveLength(1);
  });

  it("a question on a plain issue whose session fails: the working reply becomes the error, never left working", async () => {
    // The CLI retries a 400 once, so every answer is a 400.
    fx = await ActionRunFixture.start(() => ({ kind: "http_error", status: 400, message: "bad tools" }));
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const issue = fx.github.addIssue(OWNER, REPO, { title: "Where is the parser?", body: "I looked." });
    const comment = fx.github.addIssueComment(OWNER, REPO, issue.number, "@claude where is it?", {
      login: "maintainer",
      type: "User",
    });
    const payload = webhookExample("issue_comment", "created");
    Object.assign(rec(payload.issue), { number: issue.number, state: "open" });
    delete rec(payload.issue).pull_request;
    Object.assign(rec(payload.comment), { id: comment.id, body: comment.body });
    Object.assign(rec(rec(payload.comment).user), { login: "maintainer", type: "User" });
    const run = await deliver("issue_comment", payload);
    expect(run.code).toBe(1); // fail_on_error defaults to true
    expect(run.stdout).toMatch(/::error::Claude could not answer: .*bad tools/);
    expect(conversationText(fx.api.mainRequests[0]!)).toContain("Where is the parser?");
    const ours = fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer");
    expect(ours).toHaveLength(1);
    expect(ours[0]!.issueNumber).toBe(issue.number);
    expect(ours[0]!.body).toMatch(/^Sorry, I could not answer this: .*bad tools/);
    expect(ours[0]!.body).not.toContain("Working on it");
  });

  /** A comment on a plain issue (no `pull_request` key), delivered as GitHub's issue_comment payload. */
  function plainIssueQuestion(
    body: string,
    login: string,
  ): { issueNumber: number; payload: Payload; commentId: number } {
    const issue = fx.github.addIssue(OWNER, REPO, {
      title: "How do I subtract?",
      body: "The README only shows add().",
    });
    const comment = fx.github.addIssueComment(OWNER, REPO, issue.number, body, { login, type: "User" });
    const payload = webhookExample("issue_comment", "created");
    Object.assign(rec(payload.issue), { number: issue.number, state: "open", title: issue.title });
    delete rec(payload.issue).pull_request;
    Object.assign(rec(payload.comment), { id: comment.id, body });
    Object.assign(rec(rec(payload.comment).user), { login, type: "User" });
    rec(payload.sender).login = login;
    return { issueNumber: issue.number, payload, commentId: comment.id };
  }

  it("`/claude ask` on a plain issue by a writer: eyes, a working comment on the issue edited into the answer, read from the workflow's checkout", async () => {
    let readPath = "";
    fx = await ActionRunFixture.start((_request, index) =>
      index === 0
        ? { kind: "tool_use", name: "Read", input: { file_path: readPath } }
        : answer("Call `sub(a, b)` from src/math.ts (it is on the feature branch)."),
    );
    readPath = "src/math.ts"; // relative to the agent's cwd: its own copy of the workflow's checkout
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const { issueNumber, payload, commentId } = plainIssueQuestion(
      "/claude ask is there a subtract helper?",
      "maintainer",
    );
    const run = await deliver("issue_comment", payload);
    expect(run.code, run.stdout + run.stderr).toBe(0);

    // Progress first: an eyes reaction on the asking comment, then the working comment on the issue.
    expect(fx.github.state.reactions).toMatchObject([
      { commentId, content: "eyes", subject: "issue_comment" },
    ]);
    const writes = fx.github.calls.filter((c) => c.method !== "GET").map((c) => c.operationId);
    // The working comment, then its checklist edits (paced), the last edit being the answer.
    expect(writes.slice(0, 3)).toEqual([
      "reactions/create-for-issue-comment",
      "issues/create-comment",
      "issues/update-comment",
    ]);
    expect(new Set(writes.slice(2))).toEqual(new Set(["issues/update-comment"]));
    const created = fx.github.callsTo("issues/create-comment");
    expect(created[0]!.path).toContain(`/issues/${issueNumber}/comments`);
    expect(JSON.stringify(created[0]!.body)).toContain("Working on it");
    const ours = fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer");
    expect(ours).toHaveLength(1);
    expect(ours[0]!.issueNumber).toBe(issueNumber);
    expect(ours[0]!.body).toContain("Call `sub(a, b)` from src/math.ts");
    expect(ours[0]!.body).not.toContain("Working on it");
    expect(
      fx.github.callsTo("issues/update-comment").every((c) => c.path.includes(`/comments/${ours[0]!.id}`)),
    ).toBe(true);
    // No PR exists: nothing asked GitHub for one, nothing was reviewed or checked.
    expect(fx.github.calls.filter((c) => c.path.includes("/pulls"))).toEqual([]);
    expect(fx.github.state.checkRuns).toEqual([]);

    // The model saw the issue and the question, answered with read tools only, and the file it read
    // was the workflow's own checkout (an issue has no PR head to fetch).
    expect(fx.api.mainRequests).toHaveLength(2);
    const prompt = conversationText(fx.api.mainRequests[0]!);
    expect(prompt).toContain("How do I subtract?");
    expect(prompt).toContain("is there a subtract helper?");
    const tools = (fx.api.mainRequests[0]!.body as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    expect(tools).toContain("Read");
    expect(tools).not.toContain("Edit");
    expect(tools).not.toContain("Write");
    const [read] = toolResultsOf(fx.api.mainRequests[1]!);
    expect(read?.is_error ?? false).toBe(false);
    expect(JSON.stringify(read?.content)).toContain("export function sub(a: number, b: number)");
    expect(run.outputs.conclusion).toBe("success");
  });

  it("a read-only commenter asking on a plain issue: exactly one refusal, zero model requests", async () => {
    fx = await ActionRunFixture.start([answer("never")]);
    fx.github.addCollaborator(OWNER, REPO, "visitor", "read");
    const { issueNumber, payload } = plainIssueQuestion("@claude how do I subtract?", "visitor");
    const run = await deliver("issue_comment", payload);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.requests).toHaveLength(0);
    const replies = fx.github.state.issueComments.filter((c) => c.user.login !== "visitor");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.issueNumber).toBe(issueNumber);
    expect(replies[0]!.body).toContain("visitor does not have write access");
    expect(replies[0]!.body).not.toContain("Working on it");
    expect(fx.github.callsTo("issues/update-comment")).toEqual([]);
  });

  it("a read-only commenter asking: one polite refusal, zero model requests", async () => {
    fx = await ActionRunFixture.start([answer("never")]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "visitor", "read");
    const run = await deliver(
      "issue_comment",
      issueCommentEvent("@claude why is sub wrong?", { user: "visitor" }),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.requests).toHaveLength(0);
    const replies = fx.github.state.issueComments.filter((c) => c.user.login !== "visitor");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("visitor does not have write access");
  });

  it("an unknown command: a usage reply, zero model requests", async () => {
    fx = await ActionRunFixture.start([answer("never")]);
    fx.openPullRequest();
    const run = await deliver(
      "issue_comment",
      issueCommentEvent("/claude deploy to prod", { user: "stranger" }),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.requests).toHaveLength(0);
    const replies = fx.github.state.issueComments.filter((c) => c.user.login !== "stranger");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("I do not know the command `deploy`");
    expect(replies[0]!.body).toContain("review PATH…");
  });

  it("a command on a closed PR: the closed notice, zero model requests", async () => {
    fx = await ActionRunFixture.start([answer("never")]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "admin");
    const run = await deliver("issue_comment", issueCommentEvent("/claude review", { state: "closed" }));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.requests).toHaveLength(0);
    expect(fx.github.state.checkRuns).toEqual([]);
    const replies = fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer");
    expect(replies.map((c) => c.body.split("\n")[0])).toEqual([
      "This pull request is closed, so nothing was run. Reopen it to use commands again.",
    ]);
  });

  it("`/claude forget <id>`: a writer's forgets the learning in the session store; a reader's is refused and changes nothing", async () => {
    fx = await ActionRunFixture.start([answer("never")]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    fx.github.addCollaborator(OWNER, REPO, "visitor", "read");
    const storeDir = mkdtempSync(join(tmpdir(), "forget-store-"));
    const place = { store: new FsTranscriptStore({ root: storeDir }), owner: OWNER, repo: REPO };
    const record = suppressionRecord("reaction:77");
    const id = record.id;
    await addSuppressions(place, { records: [record] });
    const inputs = { ...workflow.inputs, session_store: `file://${storeDir}` };
    try {
      const refused = await fx.run(
        "issue_comment",
        issueCommentEvent(`/claude forget ${id}`, { user: "visitor" }),
        inputs,
      );
      expect(refused.code, refused.stdout + refused.stderr).toBe(0);
      expect(activeRecords(await readLearnings(place)).map((r) => r.id)).toEqual([id]);

      const run = await fx.run("issue_comment", issueCommentEvent(`/claude forget ${id}`), inputs);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(fx.api.requests).toHaveLength(0);
      const stored = await readLearnings(place);
      expect(activeRecords(stored)).toEqual([]);
      expect(stored.records[0]?.forgotten?.by).toBe("maintainer");
      const replies = fx.github.state.issueComments
        .filter((c) => c.user.type === "Bot")
        .map((c) => c.body.split("\n")[0]);
      expect(replies).toEqual([
        expect.stringContaining("visitor does not have write access"),
        // The neutraliser keeps a login from notifying (a zero-width space after the @).
        `Forgot learning \`${id}\` (from @\u200bmaintainer's 👎 on “Prefer const” in \`src/math.ts\`). Later reviews report such findings again.`,
      ]);
    } finally {
      rmSync(storeDir, { recursive: true, force: true });
    }
  });

  it("an edited comment: nothing at all (a command must be a new comment)", async () => {
    fx = await ActionRunFixture.start([answer("never")]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const payload = issueCommentEvent("/claude ask why?", { action: "edited" });
    // The shipped workflow does not even start for edits; the action ignores them on its own too.
    expect(workflow.accepts("issue_comment", payload)).toBe(false);
    const run = await fx.run("issue_comment", payload, workflow.inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("only new comments are commands");
    expect(fx.api.requests).toHaveLength(0);
    expect(fx.github.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });
});
