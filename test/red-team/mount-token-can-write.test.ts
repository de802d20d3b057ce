import { afterEach, describe, expect, it, vi } from "vitest";
import { ActionRunFixture } from "../action/action-run-fixture.js";
import { ManagedAgentsDouble } from "../managed-agents-double/managed-agents-double.js";
import { running, sessionError } from "../managed-agents-double/scripted-events.js";

// The managed-agents engine mounts the repository in Anthropic's container with the token a door
// gives it, and the agent there reads every file of that container without asking. A token that can
// write is a write token in the hands of whatever the PR made of the agent. The most natural way to
// fill `repository_read_token` is `${{ github.token }}`, the workflow's own token, and a classic
// personal access token that can read a private repository (scope `repo`) can push to it as well.
// Either stops the job before any session exists, with the reason; the built Action, end to end.
vi.setConfig({ testTimeout: 120_000 });

const API_KEY = "sk-ant-test-key-0123456789";

describe("the managed-agents mount token must not be able to write", () => {
  let fx: ActionRunFixture;
  let double: ManagedAgentsDouble;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await double.close();
    await fx.close();
  });

  const review = async (readToken: (fx: ActionRunFixture) => string) => {
    fx = await ActionRunFixture.start([]);
    double = await ManagedAgentsDouble.start({ apiKey: API_KEY });
    // A session that does start ends at once, so a mounted token fails the test, not its timeout.
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), sessionError("unknown_error", "scripted end"), { type: "session.status_terminated" }]
        : undefined;
    fx.openPullRequest();
    const token = readToken(fx);
    const run = await fx.run(
      "pull_request",
      fx.pullRequestEvent("opened"),
      { engine: "managed-agents", repository_read_token: token },
      { ANTHROPIC_BASE_URL: double.baseURL },
    );
    return { run, token };
  };

  const expectRefused = (run: Awaited<ReturnType<typeof review>>["run"], token: string, reason: RegExp) => {
    // No session was created, and the token never reached the service in any request.
    expect(double.sessions.size).toBe(0);
    expect(JSON.stringify(double.requests)).not.toContain(token);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(reason);
    const [check] = fx.github.state.checkRuns;
    expect(check?.conclusion).toBe("failure");
    expect(check?.output.summary).toMatch(reason);
    expect(fx.github.state.reviews).toEqual([]);
    // The refusal names the input, never the value (the runner hides what `::add-mask::` names).
    const log = (run.stdout + run.stderr)
      .split("\n")
      .filter((line) => !line.startsWith("::add-mask::"))
      .join("\n");
    expect(log + JSON.stringify(fx.github.state)).not.toContain(token);
  };

  it("the workflow's own github_token given as repository_read_token", async () => {
    const { run, token } = await review((fx) => fx.github.token);
    expectRefused(run, token, /repository_read_token is the workflow's github_token, which can write/);
  });

  it("a classic personal access token (ghp_) or OAuth token (gho_)", async () => {
    const classic = "ghp_C1assicT0kenThatCanPush0123456789ab";
    const { run, token } = await review(() => classic);
    expectRefused(run, token, /a classic personal access token or OAuth token .*can write/);
  });

  it("a fine-grained token is mounted as given", async () => {
    const fineGrained = "github_pat_11ABCDEFG0123456789_readonlyContentsToken";
    const { run } = await review(() => fineGrained);
    const created = double.session();
    expect(created.createParams.resources).toMatchObject([{ authorization_token: fineGrained }]);
    expect(run.stdout).toContain("scripted end");
    expect(run.stdout).not.toMatch(/can write/);
  });
});
