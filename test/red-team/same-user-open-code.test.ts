// Open code on the runner's own user. Where the Action cannot give the agent a user of its own (a
// self-hosted runner without root or passwordless sudo, or `agent_user: none`), a trusted job's agent
// shares the runner's user. An autofix's test command runs whatever the repository's scripts say,
// and the agent may have written them (a PR's text can steer it). On the runner's user that code can
// read every process of the job: the Action's own environment holds INPUT_GITHUB_TOKEN, the write
// token. The Bash sandbox (bubblewrap: a PID namespace, no network) would keep it away; without it,
// nothing does. So the session needs the sandbox there, or the job stops with a clear error before
// anything runs. (On GitHub-hosted runners the agent has its own user and nothing changes; a review's
// allowlisted commands are not open code, so it is not affected either.)
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { ActionRunFixture, OWNER, REPO } from "../action/action-run-fixture.js";
import { conversationText } from "../harness/scripted-messages-api.js";

// Every process this user may read: the Action's among them (`node dist/index.js`, INPUT_* in its environment).
const LEAK =
  "for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < $f 2>/dev/null; done | grep -a '^INPUT_GITHUB_TOKEN=' | sort -u";

describe("an autofix whose agent shares the runner's user (dist/index.js, agent_user: none)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  it("its test commands cannot read the Action's write token: the job stops before the agent runs, and says why", async () => {
    const steps = [
      { kind: "tool_use" as const, name: "Write", input: { file_path: "check.sh", content: `${LEAK}\n` } },
      {
        kind: "tool_use" as const,
        name: "Bash",
        input: { command: "sh check.sh", description: "run the tests" },
      },
    ];
    fx = await ActionRunFixture.start(
      (_request, index) =>
        steps[index] ?? {
          kind: "structured_output",
          value: { summary: "ok", files_changed: [], commands_run: [], commit_message: "fix: nothing" },
        },
    );
    fx.addOrigin();
    fx.github.addPullRequest({
      owner: OWNER,
      repo: REPO,
      number: 7,
      diff: `${fx.repo.git("diff", `${fx.baseSha}...${fx.headSha}`)}\n`,
      headSha: fx.headSha,
      baseSha: fx.baseSha,
      headRef: "feature",
      baseRef: "main",
      headRepoFullName: `${OWNER}/${REPO}`,
      labels: ["autofix"],
    });
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const payload = fx.pullRequestEvent("opened");
    payload.action = "labeled";
    payload.label = { name: "autofix" };
    (payload.sender as Record<string, unknown>).login = "maintainer";

    const run = await fx.run("pull_request", payload, { agent_user: "none", test_commands: "sh check.sh" });

    // The write token never reached the model (nor anything the model could publish).
    const modelTraffic = fx.api.requests.map((r) => JSON.stringify(r.body)).join("\n");
    expect(modelTraffic).not.toContain(fx.github.token);
    expect(fx.api.mainRequests.map((r) => conversationText(r)).join("\n")).not.toContain(
      "INPUT_GITHUB_TOKEN=",
    );
    // It stopped with the reason and the ways out, before any model request.
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(
      /would share this host's user, and rules test-commands let it run code/,
    );
    expect(run.stdout + run.stderr).toMatch(/Give the agent a user of its own/);
    expect(fx.api.mainRequests).toHaveLength(0);
    // Nothing was pushed.
    expect(fx.github.callsTo("git/update-ref")).toEqual([]);
    expect(execFileSync("git", ["-C", fx.repo.dir, "status", "--porcelain"], { encoding: "utf8" })).toBe("");
  });
});
