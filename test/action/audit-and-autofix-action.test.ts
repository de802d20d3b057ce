import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchPullRequestLineMap } from "../../src/github/fetch-pull-request-line-map.js";
import { createGitHubClient } from "../../src/github/github-client.js";
import { ReviewPublisher } from "../../src/github/review-publisher.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { conversationText } from "../harness/scripted-messages-api.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";

vi.setConfig({ testTimeout: 240_000 });

describe("the Action's audit and autofix routes (dist/index.js)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  it("a scheduled audit opens fingerprinted issues and writes SARIF", async () => {
    fx = await ActionRunFixture.start([
      {
        kind: "structured_output",
        value: {
          summary: "One problem.",
          findings: [
            {
              key: "bug:src/math.ts:sub",
              category: "bug",
              severity: "error",
              path: "src/math.ts",
              line: 14,
              title: "sub() adds",
              body: "It should subtract.",
            },
          ],
        },
      },
    ]);
    const sarif = join(fx.root, "audit.sarif");
    const payload = { repository: { full_name: `${OWNER}/${REPO}`, default_branch: "main" } };
    const run = await fx.run("schedule", payload, { sarif_file: sarif, audit_focus: "security" });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const issues = fx.github.issuesOf(OWNER, REPO);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ state: "open" });
    expect(issues[0]!.title).toContain("sub() adds");
    const log = JSON.parse(readFileSync(sarif, "utf8"));
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].results).toHaveLength(1);
    expect(run.outputs).toMatchObject({ conclusion: "success", findings_count: "1", sarif_file: sarif });
  });

  it("an autofix label added by a read-only user is refused with one comment and runs nothing", async () => {
    fx = await ActionRunFixture.start([]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "reader", "read");
    const payload = fx.pullRequestEvent("opened");
    payload.action = "labeled";
    payload.label = { name: "autofix" };
    (payload.sender as Record<string, unknown>).login = "reader";
    const run = await fx.run("pull_request", payload, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(0);
    const comments = fx.github.state.issueComments.map((c) => c.body);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toContain("reader does not have write access");
    expect(run.outputs.conclusion).toBe("skipped");
    expect(webhookExample("pull_request", "labeled").action).toBe("labeled");
  });
});

describe("the Action's autofix on a same-repository PR (dist/index.js)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  // Paths relative to the agent's cwd: it edits its own copy, and the edits come back to the checkout.
  const fixScript = (_workspace: () => string) => (_request: unknown, index: number) => {
    const file = "src/math.ts";
    const steps = [
      { kind: "tool_use" as const, name: "Read", input: { file_path: file } },
      {
        kind: "tool_use" as const,
        name: "Edit",
        input: {
          file_path: file,
          old_string: "export function sub(a: number, b: number): number {\n  return a + b;",
          new_string: "export function sub(a: number, b: number): number {\n  return a - b;",
        },
      },
    ];
    return (
      steps[index] ?? {
        kind: "structured_output",
        value: {
          summary: "Made sub() subtract.",
          files_changed: [{ path: "src/math.ts", reason: "sub() added" }],
          commands_run: [],
          commit_message: "fix: make sub() subtract",
        },
      }
    );
  };

  it("a writer's autofix label: the model edits through the policy, the fix is pushed and the label removed", async () => {
    let workspace = "";
    fx = await ActionRunFixture.start(fixScript(() => workspace));
    workspace = fx.repo.dir;
    const remote = fx.addOrigin();
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
      labels: ["autofix", "bug"],
    });
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    // The PR's earlier review, posted by the real publisher: with no session store (session_store:
    // none) the fix can only learn its findings by reading them back from the PR.
    const reviewer = createGitHubClient({
      token: fx.github.token,
      baseUrl: fx.github.url,
      writeSpacingMs: 0,
    });
    const target = { owner: OWNER, repo: REPO, pullNumber: 7 };
    await new ReviewPublisher(reviewer).publish({
      ...target,
      commitSha: fx.headSha,
      lineMap: (await fetchPullRequestLineMap(reviewer, target)).lineMap,
      findings: [
        {
          path: "src/math.ts",
          startLine: 14,
          endLine: 14,
          severity: "error",
          category: "bug",
          title: "sub() returns the sum of its arguments",
          body: "It should return `a - b`.",
        },
      ],
    });
    const payload = fx.pullRequestEvent("opened");
    payload.action = "labeled";
    payload.label = { name: "autofix" };
    (payload.sender as Record<string, unknown>).login = "maintainer";
    const headBefore = fx.headSha;

    const run = await fx.run("pull_request", payload, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("autofix: pushed");
    // The review's finding, read back from its inline comment, is in the model's first prompt.
    const prompt = conversationText(fx.api.mainRequests[0]!);
    expect(prompt).toContain("src/math.ts:14 (error): sub() returns the sum of its arguments");
    expect(prompt).toContain("It should return `a - b`.");

    const git = (...args: string[]) =>
      execFileSync("git", ["--git-dir", remote, ...args], { encoding: "utf8" }).trim();
    const pushed = git("rev-parse", "refs/heads/feature");
    expect(pushed).not.toBe(headBefore);
    expect(git("rev-parse", `${pushed}^`)).toBe(headBefore); // a fast-forward, never a force-push
    expect(git("show", `${pushed}:src/math.ts`)).toContain(
      "export function sub(a: number, b: number): number {\n  return a - b;",
    );
    expect(git("log", "-1", "--format=%s", pushed)).toBe("fix: make sub() subtract");
    // The Edit went through can_use_tool and the autofix policy allowed it.
    const log = readFileSync(run.outputs.execution_file!, "utf8");
    expect(log).toMatch(/"tool_name":"Edit"/);
    expect(fx.github.pull(OWNER, REPO, 7).labels).toEqual(["bug"]);
  });

  it("a labeled fork PR gets the fix as suggestions and nothing is pushed", async () => {
    let workspace = "";
    fx = await ActionRunFixture.start(fixScript(() => workspace));
    workspace = fx.repo.dir;
    const remote = fx.addOrigin();
    const headBefore = fx.headSha;
    fx.openPullRequest({ fork: true });
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const payload = fx.pullRequestEvent("opened", { fork: true });
    payload.action = "labeled";
    payload.label = { name: "autofix" };
    (payload.sender as Record<string, unknown>).login = "maintainer";
    const run = await fx.run("pull_request", payload, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("autofix: suggested");
    const remoteHead = execFileSync("git", ["--git-dir", remote, "rev-parse", "refs/heads/feature"], {
      encoding: "utf8",
    }).trim();
    expect(remoteHead).toBe(headBefore);
    const [comment] = fx.github.reviewCommentsOn(OWNER, REPO, 7);
    expect(comment!.body).toContain("```suggestion\n  return a - b;\n```");
  });

  it("a push after the label: autofix refuses before any model call, says so in a comment and pushes nothing", async () => {
    fx = await ActionRunFixture.start(fixScript(() => fx.repo.dir));
    const remote = fx.addOrigin();
    const headBefore = fx.headSha;
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "maintainer", "write");
    const payload = fx.pullRequestEvent("opened");
    payload.action = "labeled";
    payload.label = { name: "autofix" };
    (payload.sender as Record<string, unknown>).login = "maintainer";
    // The author pushed after the maintainer looked and labelled: GitHub's head is no longer the event's.
    const moved = "e".repeat(40);
    fx.github.pull(OWNER, REPO, 7).head.sha = moved;

    const run = await fx.run("pull_request", payload, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(0);
    const comments = fx.github.state.issueComments.map((c) => c.body).join("\n");
    expect(comments).toContain(`head moved from \`${headBefore.slice(0, 12)}\``);
    expect(comments).toContain(moved.slice(0, 12));
    const remoteHead = execFileSync("git", ["--git-dir", remote, "rev-parse", "refs/heads/feature"], {
      encoding: "utf8",
    }).trim();
    expect(remoteHead).toBe(headBefore);
  });
});
