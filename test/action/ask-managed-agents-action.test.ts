import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { ManagedAgentsDouble, type UserInput } from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";
import { shippedWorkflow } from "./shipped-workflow.js";

// End to end with `engine: managed-agents`: the built dist/index.js answers a `/claude ask` question
// through the real @anthropic-ai/sdk against the Managed Agents double, publishing to the
// OpenAPI-validating GitHub double. No CLI runs.

vi.setConfig({ testTimeout: 120_000 });

const API_KEY = "sk-ant-test-key-0123456789";
const READ_TOKEN = "ghs_readonly_0123456789";
const workflow = shippedWorkflow("conversation.yml");
const rec = (v: unknown) => v as Record<string, unknown>;

describe("the Action answering a question on the managed-agents engine", () => {
  let fx: ActionRunFixture;
  let double: ManagedAgentsDouble;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await double.close();
    await fx.close();
  });

  it("an invalid first submit_result is corrected; the working comment is edited into the answer", async () => {
    fx = await ActionRunFixture.start([]);
    double = await ManagedAgentsDouble.start({ apiKey: API_KEY });
    double.scenario = (input: UserInput) => {
      if (input.kind === "message") {
        // The first submit breaks the ask schema (an empty answer): the engine must send it back.
        return [
          running(),
          ...modelRequest(),
          message("Reading src/math.ts."),
          submit({ answer: "" }),
          requiresAction(),
        ];
      }
      if (input.kind === "custom_tool_result" && input.isError) {
        return [...modelRequest(), submit({ answer: "`sub` adds: it returns `a + b`." }), requiresAction()];
      }
      if (input.kind === "custom_tool_result") return [...modelRequest(), usage(21, 9), idle("end_turn")];
      return undefined;
    };
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "maintain");
    const body = "/claude ask what does sub do?";
    const comment = fx.github.addIssueComment(OWNER, REPO, 7, body, { login: "maintainer", type: "User" });
    const payload = webhookExample("issue_comment", "created");
    Object.assign(rec(payload.issue), {
      number: 7,
      state: "open",
      pull_request: { url: `${fx.github.url}/repos/${OWNER}/${REPO}/pulls/7` },
    });
    Object.assign(rec(payload.comment), { id: comment.id, body });
    Object.assign(rec(rec(payload.comment).user), { login: "maintainer", type: "User" });
    rec(payload.sender).login = "maintainer";
    expect(workflow.accepts("issue_comment", payload)).toBe(true);

    const run = await fx.run(
      "issue_comment",
      payload,
      { ...workflow.inputs, engine: "managed-agents", repository_read_token: READ_TOKEN },
      { ANTHROPIC_BASE_URL: double.baseURL },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);

    // One working comment: a checklist while the session runs, then edited into the answer.
    const created = fx.github.callsTo("issues/create-comment");
    const edited = fx.github.callsTo("issues/update-comment");
    expect(created).toHaveLength(1);
    expect(JSON.stringify(created[0]!.body)).toContain("Working on it");
    expect((edited[0]!.body as { body: string }).body).toContain("## Claude: working…");
    expect((edited.at(-1)!.body as { body: string }).body).toContain("`sub` adds: it returns `a + b`.");
    const ours = fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer");
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain("`sub` adds: it returns `a + b`.");
    expect(ours[0]!.body).not.toContain("Working on it");
    expect(edited.every((call) => call.path.includes(`/comments/${ours[0]!.id}`))).toBe(true);

    // The session: the PR's head mounted with the read-only token; the bad submit refused, then accepted.
    const session = double.session();
    expect(session.createParams.resources).toEqual([
      {
        type: "github_repository",
        url: `https://github.example/${OWNER}/${REPO}`,
        authorization_token: READ_TOKEN,
        checkout: { type: "commit", sha: fx.headSha },
      },
    ]);
    expect(session.customToolResults.map((r) => r.isError)).toEqual([true, false]);
    expect(JSON.stringify(double.requests)).toContain("what does sub do?");
    // The workflow's token (which can write) never reaches Anthropic, and no CLI ran.
    expect(JSON.stringify(double.requests)).not.toContain(fx.github.token);
    expect(fx.api.requests).toHaveLength(0);
    expect(run.outputs).toMatchObject({ conclusion: "success", is_error: "false" });
    expect(run.outputs.session_id).toBe(session.id);
  });

  it("a question on a plain issue mounts the commit the workflow checked out", async () => {
    fx = await ActionRunFixture.start([]);
    double = await ManagedAgentsDouble.start({ apiKey: API_KEY });
    double.scenario = (input: UserInput) =>
      input.kind === "message"
        ? [running(), ...modelRequest(), submit({ answer: "Use `sub(a, b)`." }), requiresAction()]
        : input.kind === "custom_tool_result"
          ? [...modelRequest(), idle("end_turn")]
          : undefined;
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const issue = fx.github.addIssue(OWNER, REPO, {
      title: "How do I subtract?",
      body: "Only add() is documented.",
    });
    const body = "/claude ask is there a subtract helper?";
    const comment = fx.github.addIssueComment(OWNER, REPO, issue.number, body, {
      login: "maintainer",
      type: "User",
    });
    const payload = webhookExample("issue_comment", "created");
    Object.assign(rec(payload.issue), { number: issue.number, state: "open", title: issue.title });
    delete rec(payload.issue).pull_request;
    Object.assign(rec(payload.comment), { id: comment.id, body });
    Object.assign(rec(rec(payload.comment).user), { login: "maintainer", type: "User" });
    rec(payload.sender).login = "maintainer";

    const run = await fx.run(
      "issue_comment",
      payload,
      { ...workflow.inputs, engine: "managed-agents", repository_read_token: READ_TOKEN },
      { ANTHROPIC_BASE_URL: double.baseURL },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const ours = fx.github.state.issueComments.filter((c) => c.user.login !== "maintainer");
    expect(ours).toHaveLength(1);
    expect(ours[0]!.issueNumber).toBe(issue.number);
    expect(ours[0]!.body).toContain("Use `sub(a, b)`.");
    // The workspace's HEAD (no PR head exists), never a PR ref.
    expect(double.session().createParams.resources).toMatchObject([
      {
        type: "github_repository",
        checkout: { type: "commit", sha: fx.repo.git("rev-parse", "HEAD").trim() },
      },
    ]);
    expect(fx.github.calls.filter((c) => c.path.includes("/pulls"))).toEqual([]);
    expect(fx.api.requests).toHaveLength(0);
  });
});
