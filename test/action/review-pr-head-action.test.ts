import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ScriptedReply, toolResultsOf } from "../harness/scripted-messages-api.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";
import { shippedWorkflow } from "./shipped-workflow.js";

// End to end through dist/index.js with the real CLI: `/claude review` from a workflow whose checkout
// is the default branch (what issue_comment gives) reviews exactly the PR's head SHA, which the job
// fetches itself over git's smart HTTP from the GitHub double (refs/pull/7/head, forks included).

vi.setConfig({ testTimeout: 240_000 });

const subFinding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds instead of subtracting",
  body: "`sub` returns `a + b`.",
  category: "bug",
};
const review = (findings: unknown[], verdict: string): ScriptedReply => ({
  kind: "structured_output",
  value: { verdict, summary: findings.length ? "One bug in sub()." : "Looks good.", findings },
});

describe("`/claude review` from a default-branch checkout reviews the PR head", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  for (const fork of [false, true]) {
    it(`${fork ? "a fork PR" : "a same-repository PR"}: the agent reads the head's files and comments land on head lines`, async () => {
      // The script reads the file where the job's own checkout will be (RUNNER_TEMP is fixed below).
      let readPath = "";
      fx = await ActionRunFixture.start((_request, index) =>
        index === 0
          ? { kind: "tool_use", name: "Read", input: { file_path: readPath } }
          : review([subFinding], "request_changes"),
      );
      // A fork plants a link to the runner's environment in its head.
      if (fork) {
        symlinkSync("/proc/self/environ", join(fx.repo.dir, "notes"));
        fx.headSha = fx.repo.commitAll("plant a link");
      }
      fx.serveOverGit({ fork });
      fx.openPullRequest({ fork });
      fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
      const checkout = fx.defaultBranchRun();
      // Relative to the agent's cwd: its own copy of the job's checkout of the head.
      readPath = "src/math.ts";
      // The workflow's checkout really is the default branch: no sub() there.
      expect(readFileSync(join(checkout.workspace, "src/math.ts"), "utf8")).not.toContain("sub(");

      // Delivered to the shipped workflows/conversation.yml, with its inputs.
      const workflow = shippedWorkflow("conversation.yml");
      const event = fx.reviewCommentEvent("maintainer");
      expect(workflow.accepts("issue_comment", event)).toBe(true);
      const run = await fx.run("issue_comment", event, workflow.inputs, checkout.env);
      expect(run.code, run.stdout + run.stderr).toBe(1); // an error finding fails the step (fail_on: error)
      expect(run.stdout).toContain(`Fetched the PR head ${fx.headSha.slice(0, 12)} (refs/pull/7/head)`);

      // The file the agent read is the head's version.
      const [result] = toolResultsOf(fx.api.mainRequests[1]!);
      expect(JSON.stringify(result?.content)).toContain("export function sub(a: number, b: number)");
      // The prompt's diff is base...head.
      expect(JSON.stringify(fx.api.mainRequests[0]!.body)).toContain("+export function sub");

      // The inline comment sits on the head's line 14, in a review of the head commit.
      const comments = fx.github.reviewCommentsOn(OWNER, REPO, 7);
      expect(comments).toHaveLength(1);
      expect(comments[0]).toMatchObject({ path: "src/math.ts", line: 14, commitId: fx.headSha });
      expect(fx.github.state.reviews[0]).toMatchObject({ state: "CHANGES_REQUESTED", commitId: fx.headSha });
      expect(fx.github.state.checkRuns[0]).toMatchObject({ headSha: fx.headSha, conclusion: "failure" });

      // The fetch authenticated with the workflow token, which the job's checkout never kept.
      const fetches = fx.github.calls.filter((c) => c.operationId === "git/upload-pack");
      expect(fetches.length).toBeGreaterThan(0);
      expect(fetches.every((c) => (c.body as { auth: string }).auth === "token")).toBe(true);
      const config = readFileSync(join(checkout.runnerTemp, "claude-pr-head-7", ".git", "config"), "utf8");
      expect(config).not.toContain(fx.github.token);
      expect(config).not.toMatch(/extraheader|authorization/i);
      if (fork) {
        expect(run.stdout).toContain("Removed symlinks that leave the fetched checkout: notes");
        expect(existsSync(join(checkout.runnerTemp, "claude-pr-head-7", "notes"))).toBe(false);
      }
    });
  }

  it("`/claude fix` on a same-repository PR: the fix is made in the job's own checkout of the head and lands on the branch", async () => {
    let file = "";
    fx = await ActionRunFixture.start((_request, index) => {
      if (index === 0) return { kind: "tool_use", name: "Read", input: { file_path: file } };
      if (index === 1)
        return {
          kind: "tool_use",
          name: "Edit",
          input: {
            file_path: file,
            old_string: "export function sub(a: number, b: number): number {\n  return a + b;",
            new_string: "export function sub(a: number, b: number): number {\n  return a - b;",
          },
        };
      return {
        kind: "structured_output",
        value: {
          summary: "Made sub() subtract.",
          files_changed: [{ path: "src/math.ts", reason: "sub() added" }],
          commands_run: [],
          commit_message: "fix: make sub() subtract",
        },
      };
    });
    const served = fx.serveOverGit();
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const checkout = fx.defaultBranchRun();
    // Relative to the agent's cwd: its own copy of the job's checkout of the head.
    file = "src/math.ts";
    const workflow = shippedWorkflow("conversation.yml");
    const event = fx.reviewCommentEvent("maintainer", "/claude fix");
    expect(workflow.accepts("issue_comment", event)).toBe(true);

    const run = await fx.run("issue_comment", event, workflow.inputs, checkout.env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Fetched the PR head ${fx.headSha.slice(0, 12)}`);
    expect(run.stdout).toContain("autofix: pushed");
    // The file the agent read was the head's; the fix sits on top of exactly that commit.
    expect(JSON.stringify(toolResultsOf(fx.api.mainRequests[1]!)[0]?.content)).toContain(
      "export function sub(",
    );
    const git = (...args: string[]) =>
      execFileSync("git", ["--git-dir", served, ...args], { encoding: "utf8" }).trim();
    const pushed = git("rev-parse", "refs/heads/feature");
    expect(git("rev-parse", `${pushed}^`)).toBe(fx.headSha);
    expect(git("show", `${pushed}:src/math.ts`)).toContain("return a - b;");
    // The workflow's default-branch checkout was not touched.
    expect(readFileSync(join(checkout.workspace, "src/math.ts"), "utf8")).not.toContain("sub(");
  });

  it("a push during the review: no line comments for the old head; the summary and a neutral check say so", async () => {
    fx = await ActionRunFixture.start([review([subFinding], "request_changes")]);
    fx.openPullRequest();
    const reviewed = fx.headSha;
    const pushed = "f".repeat(40);
    // Someone pushes right after the review's check run opened.
    fx.github.onceAfter("checks/create", () => fx.github.movePullRequestHead(OWNER, REPO, 7, pushed));
    const run = await fx.run("pull_request", fx.pullRequestEvent("synchronize"), {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.github.state.reviews).toEqual([]);
    expect(fx.github.reviewCommentsOn(OWNER, REPO, 7)).toEqual([]);
    const sticky = fx.github.state.issueComments.find((c) => c.body.includes("Claude review"));
    expect(sticky?.body).toContain("Not published: the PR head moved to `ffffffffffff`");
    expect(sticky?.body).toContain(`moved from \`${reviewed.slice(0, 12)}\``);
    expect(fx.github.state.checkRuns[0]).toMatchObject({ headSha: reviewed, conclusion: "neutral" });
    expect(run.outputs.conclusion).toBe("neutral");
  });
});

describe("one conclusion rule and path filters, end to end", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  it("a 'pass' verdict with an error finding requests changes and fails; fail_on never only comments", async () => {
    fx = await ActionRunFixture.start([review([subFinding], "pass"), review([subFinding], "pass")]);
    // The head also touches a lock file (excluded by default) and tries to turn every review off with
    // a repository config of its own, which is read from the base branch only.
    fx.setHead(
      {
        "package-lock.json": '{ "lockfileVersion": 3, "name": "lock-file-marker" }\n',
        ".github/claude-pr-runner.json": '{ "exclude": ["**"] }\n',
      },
      "lock file and config",
    );
    fx.openPullRequest();
    const run = await fx.run("pull_request", fx.pullRequestEvent("opened"), {});
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(fx.github.state.reviews[0]).toMatchObject({ state: "CHANGES_REQUESTED" });
    expect(fx.github.state.checkRuns[0]).toMatchObject({
      conclusion: "failure",
      output: { title: "Changes requested: 1 error" },
    });
    const sticky = fx.github.state.issueComments.find((c) => c.body.includes("Claude review"))!;
    expect(sticky.body).toContain("Changes requested: 1 error");
    expect(sticky.body).not.toContain("No issues found");
    expect(sticky.body).toContain("1 changed file(s) left out by path filters: `package-lock.json`");
    // The lock file is neither in the diff nor in the file list the model saw.
    const prompt = JSON.stringify(fx.api.mainRequests[0]!.body);
    expect(prompt).toContain("+export function sub");
    expect(prompt).not.toContain("lock-file-marker");
    expect(prompt).not.toContain("package-lock.json");

    const relaxed = await fx.run("pull_request", fx.pullRequestEvent("synchronize"), { fail_on: "never" });
    expect(relaxed.code, relaxed.stdout + relaxed.stderr).toBe(0);
    expect(fx.github.state.checkRuns[1]).toMatchObject({
      conclusion: "success",
      output: { title: "Comments, nothing blocking: 1 error" },
    });
    expect(relaxed.outputs.conclusion).toBe("success");
  });

  it("a PR whose changed files are all excluded is skipped: neutral check, no model request", async () => {
    fx = await ActionRunFixture.start([]);
    fx.openPullRequest();
    const run = await fx.run("pull_request", fx.pullRequestEvent("opened"), { exclude: "src/**" });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(0);
    expect(fx.github.state.checkRuns[0]).toMatchObject({
      status: "completed",
      conclusion: "neutral",
      output: { title: "Not reviewed: only excluded files changed" },
    });
    expect(fx.github.state.reviews).toEqual([]);
    expect(run.outputs.conclusion).toBe("neutral");
    expect(run.summary).toContain("every changed file is left out by path filters (1: src/math.ts)");
  });

  it("`/claude review <path…>` narrows the review: paths the PR does not touch leave nothing, with no model request", async () => {
    fx = await ActionRunFixture.start([]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const workflow = shippedWorkflow("conversation.yml");
    const event = fx.reviewCommentEvent("maintainer", "/claude review docs");
    expect(workflow.accepts("issue_comment", event)).toBe(true);
    const run = await fx.run("issue_comment", event, workflow.inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(0);
    expect(fx.github.state.checkRuns[0]).toMatchObject({ headSha: fx.headSha, conclusion: "neutral" });
    expect(run.stdout).toContain("every changed file is left out by path filters (1: src/math.ts)");
  });
});
