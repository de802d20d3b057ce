import { afterEach, describe, expect, it, vi } from "vitest";
import { ManagedAgentsDouble, type UserInput } from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  sessionError,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";

// End to end with `engine: managed-agents`: the built dist/index.js, the real @anthropic-ai/sdk
// against the Managed Agents double, publishing to the OpenAPI-validating GitHub double. No CLI runs.

vi.setConfig({ testTimeout: 120_000 });

const API_KEY = "sk-ant-test-key-0123456789";
const READ_TOKEN = "ghs_readonly_0123456789";
const finding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  suggestion: "  return a - b;",
  category: "bug",
};
const review = { verdict: "request_changes", summary: "One bug in sub().", findings: [finding] };

describe("the Action reviewing a pull request on the managed-agents engine", () => {
  let fx: ActionRunFixture;
  let double: ManagedAgentsDouble;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await double.close();
    await fx.close();
  });

  it("publishes one review, one sticky comment and a check run, like the CLI engine", async () => {
    fx = await ActionRunFixture.start([]);
    double = await ManagedAgentsDouble.start({ apiKey: API_KEY });
    double.scenario = (input: UserInput) => {
      if (input.kind === "message") {
        return [
          running(),
          ...modelRequest(),
          message("Reading src/math.ts."),
          submit(review),
          requiresAction(),
        ];
      }
      if (input.kind === "custom_tool_result") return [...modelRequest(), usage(37, 12), idle("end_turn")];
      return undefined;
    };
    fx.openPullRequest();
    const run = await fx.run(
      "pull_request",
      fx.pullRequestEvent("opened"),
      { engine: "managed-agents", repository_read_token: READ_TOKEN },
      { ANTHROPIC_BASE_URL: double.baseURL },
    );
    expect(run.code, run.stdout + run.stderr).toBe(1); // an error finding fails the step (fail_on: error)

    expect(fx.github.state.reviews).toHaveLength(1);
    expect(fx.github.state.reviews[0]!.state).toBe("CHANGES_REQUESTED");
    const comments = fx.github.reviewCommentsOn(OWNER, REPO, 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ path: "src/math.ts", line: 14 });
    const sticky = fx.github.state.issueComments.filter((c) => c.body.includes("Claude review"));
    expect(sticky).toHaveLength(1);
    expect(sticky[0]!.body).toContain("sub() adds instead of subtracting");
    const [check] = fx.github.state.checkRuns;
    expect(check).toMatchObject({
      name: "Claude review",
      headSha: fx.headSha,
      status: "completed",
      conclusion: "failure",
    });
    expect(check!.annotations).toHaveLength(1);

    // The session: the repository mounted at the head commit with the read-only token, the cap as budget.
    const session = double.session();
    expect(session.createParams.resources).toEqual([
      {
        type: "github_repository",
        url: `https://github.example/${OWNER}/${REPO}`,
        authorization_token: READ_TOKEN,
        checkout: { type: "commit", sha: fx.headSha },
      },
    ]);
    expect(session.createParams.budget).toEqual({
      type: "limit",
      max_list_cost: { amount: "500", currency: "USD" },
    });
    // The workflow's token (which can write) never reaches Anthropic.
    expect(JSON.stringify(double.requests)).not.toContain(fx.github.token);
    expect(run.outputs).toMatchObject({ conclusion: "failure", is_error: "false", findings_count: "1" });
    expect(run.outputs.session_id).toBe(session.id);
    expect(fx.api.requests).toHaveLength(0);
  });

  it("a session the service terminates after an error: its cause, not the model's, on the check run, the sticky, the ::error line and the summary", async () => {
    fx = await ActionRunFixture.start([]);
    double = await ManagedAgentsDouble.start({ apiKey: API_KEY });
    double.scenario = (input: UserInput) =>
      input.kind === "message"
        ? [
            running(),
            sessionError("unknown_error", "container failure while cloning"),
            { type: "session.status_terminated" },
          ]
        : undefined;
    fx.openPullRequest();
    const run = await fx.run(
      "pull_request",
      fx.pullRequestEvent("opened"),
      { engine: "managed-agents", repository_read_token: READ_TOKEN },
      { ANTHROPIC_BASE_URL: double.baseURL },
    );
    const cause =
      "the session terminated after a service error: unknown_error: container failure while cloning";
    const [check] = fx.github.state.checkRuns;
    expect(check?.conclusion).toBe("failure");
    expect(check?.output.summary).toContain(cause);
    const sticky = fx.github.state.issueComments.find((c) => c.body.includes("Claude review"));
    expect(sticky?.body).toContain(cause);
    expect(run.stdout).toMatch(/::error::.*unknown_error: container failure while cloning/);
    expect(run.summary).toContain("container failure while cloning");
    expect(fx.github.state.reviews).toEqual([]);
  });
});
