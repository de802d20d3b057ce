import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import type { AutofixRequest } from "../../../src/jobs/autofix/autofix-request.js";
import { runAutofix } from "../../../src/jobs/autofix/run-autofix.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";
import { prLineageKey } from "../../../src/sessions/lineage-key.js";
import { createRemoteWithClone, createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import {
  conversationText,
  type RecordedRequest,
  ScriptedMessagesApi,
  type ScriptedReply,
  toolResultsOf,
} from "../../harness/scripted-messages-api.js";
import { makeTempDir } from "../../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

const FIXED_APP =
  "export function add(a: number, b: number) {\n  return a + b;\n}\nexport const two = add(1, 1);\n";
const REPORT = {
  summary: "add() subtracted; it adds now.",
  files_changed: [{ path: "src/app.ts", reason: "add() must return a + b" }],
  commands_run: [{ command: "npm test", result: "not_run", detail: "no test script" }],
  commit_message: "fix: add numbers instead of subtracting\n\nadd(1, 1) returned 0.",
};

type Step = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

/**
 * autofix-pr through the real CLI with a scripted model: the model's Edit goes through can_use_tool
 * and the autofix policy; the job commits and pushes to a local bare remote and talks to the GitHub
 * double (label, sticky comment, check run, review).
 */
describe("runAutofix (real CLI, scripted model, GitHub double, local git remote)", () => {
  let api: ScriptedMessagesApi;
  let github: GitHubDouble;
  let octokit: GitHubClient;
  let settings: JobSettings;
  let storeDir: string;
  let store: FsTranscriptStore;
  let queue: Step[] = [];
  const repos: TempRepo[] = [];

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start((request) => {
      const step = queue.shift() ?? { kind: "text", text: "done" };
      return typeof step === "function" ? step(request) : step;
    });
    github = await GitHubDouble.start();
    octokit = createGitHubClient({
      token: github.token,
      baseUrl: github.url,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
      retryAfterBaseMs: 1,
    });
    storeDir = await makeTempDir("cpr-autofix-store");
    store = new FsTranscriptStore({ root: storeDir });
    settings = {
      claudePath: CLAUDE_BIN,
      maxTurns: 8,
      maxBudgetUsd: 1,
      timeoutMs: 120_000,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      hostEnv: process.env,
      secretValues: [github.token],
    };
  });
  afterAll(async () => {
    await api?.close();
    await github?.close();
    for (const r of repos) r.remove();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  /** A repository with a PR `feature` -> `main` on the remote, the double and a runner checkout. */
  function pullRequest(repoName: string, options: { fork?: boolean } = {}) {
    const { remote, clone, headSha } = createRemoteWithClone("feature");
    repos.push(remote, clone);
    const baseSha = remote.git("rev-parse", "refs/heads/main");
    github.addRepo("octo", repoName, { gitDir: remote.dir });
    github.addPullRequest({
      owner: "octo",
      repo: repoName,
      number: 7,
      diff: clone.git("diff", `${baseSha}...${headSha}`),
      headSha,
      baseSha,
      headRef: "feature",
      baseRef: "main",
      headRepoFullName: options.fork ? `someone/${repoName}` : `octo/${repoName}`,
      labels: ["autofix", "bug"],
    });
    const request: AutofixRequest = {
      repository: { owner: "octo", name: repoName },
      checkoutDir: clone.dir,
      pullRequest: {
        number: 7,
        title: "Add two",
        body: "",
        author: "dev",
        headRef: "feature",
        headSha,
        baseSha,
      },
      isFork: options.fork ?? false,
      testCommands: ["npm test"],
      lineage: { store },
    };
    return { remote, clone, headSha, request };
  }

  // Paths relative to the agent's cwd: it works in its own copy of the checkout, never in clone.dir.
  const readThenEdit = (_dir: string): Step[] => [
    { kind: "tool_use", name: "Read", input: { file_path: "src/app.ts" } },
    {
      kind: "tool_use",
      name: "Edit",
      input: { file_path: "src/app.ts", old_string: "return a - b;", new_string: "return a + b;" },
    },
  ];

  it("pushes the model's Edit as a bot commit, refuses workflow and outside edits, removes the label", async () => {
    const { remote, clone, headSha, request } = pullRequest("app");
    const outside = join(tmpdir(), `cpr-outside-${process.pid}.txt`);
    queue = [
      ...readThenEdit(clone.dir),
      // The CLI refuses an Edit of a file it has not read before asking for permission.
      { kind: "tool_use", name: "Read", input: { file_path: ".github/workflows/ci.yml" } },
      {
        kind: "tool_use",
        name: "Edit",
        input: {
          file_path: ".github/workflows/ci.yml",
          old_string: "on: push",
          new_string: "on: pull_request_target",
        },
      },
      { kind: "tool_use", name: "Write", input: { file_path: outside, content: "escaped\n" } },
      { kind: "structured_output", value: REPORT },
    ];
    const result = await runAutofix(request, settings, { github: octokit });

    expect(result.status).toBe("pushed");
    expect(result.notes).toEqual([]);
    const remoteHead = remote.git("rev-parse", "refs/heads/feature");
    expect(remoteHead).toBe(result.commitSha);
    expect(remote.git("rev-parse", `${remoteHead}^`)).toBe(headSha);
    expect(remote.git("show", `${remoteHead}:src/app.ts`)).toBe(FIXED_APP.trimEnd());
    expect(remote.git("log", "-1", "--format=%an%n%B", remoteHead)).toBe(
      "github-actions[bot]\nfix: add numbers instead of subtracting\n\nadd(1, 1) returned 0.\n\n[skip ci] An agent wrote this commit: the repository's workflows run on it once a person pushes.\n\nCo-authored-by: Claude <noreply@anthropic.com>",
    );
    // Only src/app.ts changed: the workflow edit was refused by the policy before it ran.
    expect(remote.git("diff", "--name-only", headSha, remoteHead)).toBe("src/app.ts");

    const toolCalls = result.session.outcome.policyDecisions.filter((d) => d.toolName !== "StructuredOutput");
    expect(toolCalls.map((d) => [d.toolName, d.behavior, d.ruleId])).toEqual([
      ["Read", "allow", "read-workspace"],
      ["Edit", "allow", "edit-workspace"],
      ["Read", "allow", "read-workspace"],
      ["Edit", "deny", "protect-workflows"],
      ["Write", "deny", "default-deny"],
    ]);
    expect(result.denials).toHaveLength(2);
    const denied = toolResultsOf(api.mainRequests.at(-1)!).filter((r) => r.is_error);
    expect(denied).toHaveLength(2);

    expect(github.pull("octo", "app", 7).labels).toEqual(["bug"]);
    expect(result.labelRemoved).toBe(true);
    const comments = await octokit.rest.issues.listComments({ owner: "octo", repo: "app", issue_number: 7 });
    expect(comments.data).toHaveLength(1);
    const sticky = comments.data[0]!.body ?? "";
    expect(sticky).toContain(`Pushed \`${result.commitSha!.slice(0, 12)}\``);
    expect(sticky).toContain("- `src/app.ts`: add() must return a + b");
    expect(sticky).toContain("protect-workflows");
    const check = await octokit.rest.checks.get({
      owner: "octo",
      repo: "app",
      check_run_id: result.checkRunId!,
    });
    expect(check.data).toMatchObject({ status: "completed", conclusion: "success", name: "Claude autofix" });

    const lineage = await store.readIndex(prLineageKey("octo", "app", 7));
    expect(lineage?.index.entries.map((e) => e.jobKind)).toEqual(["autofix"]);
    expect(github.violations).toEqual([]);
  });

  // An earlier step of the job leaves files in the checkout (google-github-actions/auth's
  // gha-creds-<id>.json, a formatter's rewrite, a build's output): they are not the agent's work, and
  // a credentials file pushed to the PR's branch is published.
  it("pushes only what the session changed: files an earlier step left or changed stay out of the commit, as they were", async () => {
    const { remote, clone, headSha, request } = pullRequest("app-leftovers");
    const credentials = JSON.stringify({ type: "service_account", private_key: "LEFTOVER-KEY-CANARY" });
    writeFileSync(join(clone.dir, "gha-creds-5e6f.json"), credentials);
    writeFileSync(join(clone.dir, "build-output.txt"), "built by an earlier step\n");
    writeFileSync(join(clone.dir, "README.md"), "reformatted by an earlier step\n");
    queue = [...readThenEdit(clone.dir), { kind: "structured_output", value: REPORT }];
    const result = await runAutofix(request, settings, { github: octokit });
    expect(result.status).toBe("pushed");
    const remoteHead = remote.git("rev-parse", "refs/heads/feature");
    expect(remote.git("diff", "--name-only", headSha, remoteHead)).toBe("src/app.ts");
    expect(JSON.stringify(github.calls.map((c) => c.body))).not.toContain("LEFTOVER-KEY-CANARY");
    expect([...result.leftAsFound].sort()).toEqual(["README.md", "build-output.txt", "gha-creds-5e6f.json"]);
    const comments = await octokit.rest.issues.listComments({
      owner: "octo",
      repo: "app-leftovers",
      issue_number: 7,
    });
    expect(comments.data.at(-1)?.body).toContain(
      "**Left out of the fix** (an earlier step of the job left or changed them, and the session did not touch them):",
    );
    // The checkout keeps them as the step left them.
    expect(readFileSync(join(clone.dir, "gha-creds-5e6f.json"), "utf8")).toBe(credentials);
    expect(readFileSync(join(clone.dir, "README.md"), "utf8")).toBe("reformatted by an earlier step\n");
  });

  // A commit is published as is: no redaction reaches into a pushed file. An agent that read hostile
  // text can write a secret it saw (an env_secrets value a test printed) into the fix.
  it("pushes nothing when the fix carries a secret the job holds, raw, as a basic-auth value, in hex or reversed", async () => {
    for (const [name, form] of [
      ["app-secret-raw", github.token],
      ["app-secret-b64", Buffer.from(`x-access-token:${github.token}`).toString("base64")],
      // Spellings only a normalising check catches (issue #29): hex, and reversed.
      ["app-secret-hex", Buffer.from(github.token).toString("hex")],
      ["app-secret-reversed", [...github.token].reverse().join("")],
    ] as const) {
      const { remote, clone, headSha, request } = pullRequest(name);
      queue = [
        ...readThenEdit(clone.dir),
        {
          kind: "tool_use",
          name: "Write",
          input: { file_path: "leak.txt", content: `${form}\n` },
        },
        { kind: "structured_output", value: REPORT },
      ];
      const result = await runAutofix(request, settings, { github: octokit });
      expect(result.status, name).toBe("session_failed");
      expect(result.detail).toContain("contains the value of a secret");
      expect(remote.git("rev-parse", "refs/heads/feature")).toBe(headSha);
      const published = JSON.stringify(github.calls.map((c) => c.body));
      expect(published.includes(github.token)).toBe(false);
    }
  });

  it("env reaches a same-repository autofix's commands, allowed_tools adds one; a fork's autofix with env stops before spawn", async () => {
    const { request } = pullRequest("app-env");
    let cliPid = 0;
    let cliEnviron = "";
    queue = [
      () => {
        // Read while the CLI waits on this answer: its Bash commands inherit this environment.
        cliEnviron = readFileSync(`/proc/${cliPid}/environ`, "utf8");
        return { kind: "tool_use", name: "Bash", input: { command: "printenv AUTOFIX_PROBE" } };
      },
      { kind: "tool_use", name: "Bash", input: { command: "npm test" } },
      { kind: "structured_output", value: { ...REPORT, files_changed: [] } },
    ];
    const result = await runAutofix(
      request,
      {
        ...settings,
        allowedTools: ["Read", "Edit", "Bash(printenv AUTOFIX_PROBE)"],
        autofixEnv: { variables: { AUTOFIX_PROBE: "probe-value-42" }, secretNames: [] },
        onProgress: (event) => {
          if (event.kind === "spawned") cliPid = event.pid;
        },
      },
      { github: octokit },
    );
    expect(cliEnviron.split("\0")).toContain("AUTOFIX_PROBE=probe-value-42");
    const calls = result.session.outcome.policyDecisions.filter((d) => d.toolName === "Bash");
    // The granted command ran; npm test is not in the list, so the job's test-command rule is gone.
    expect(calls.map((d) => [d.behavior, d.ruleId])).toEqual([
      ["allow", "allowed-tools:Bash(printenv AUTOFIX_PROBE)"],
      ["deny", "default-deny"],
    ]);

    const fork = pullRequest("app-env-fork", { fork: true }).request;
    const before = api.mainRequests.length;
    await expect(
      runAutofix(
        fork,
        { ...settings, autofixEnv: { variables: { AUTOFIX_PROBE: "x" }, secretNames: [] } },
        { github: octokit },
      ),
    ).rejects.toThrow(/env is refused for a fork's autofix/);
    expect(api.mainRequests.length).toBe(before);
  });

  it("a second run on the same PR forks from the first, and with nothing to change makes no commit", async () => {
    const { clone, request } = pullRequest("app2");
    queue = [...readThenEdit(clone.dir), { kind: "structured_output", value: REPORT }];
    const first = await runAutofix(request, settings, { github: octokit });
    expect(first.status).toBe("pushed");

    // The next run checks out the new head, as a fresh workflow run or worker would.
    clone.git("fetch", "-q", "origin");
    clone.git("checkout", "-q", "--force", first.commitSha!);
    const before = api.mainRequests.length;
    queue = [
      {
        kind: "structured_output",
        value: { summary: "Already fixed.", files_changed: [], commands_run: [], commit_message: "none" },
      },
    ];
    const second = await runAutofix(
      { ...request, pullRequest: { ...request.pullRequest, headSha: first.commitSha! } },
      settings,
      { github: octokit },
    );
    expect(second.session.restore.status).toBe("restored");
    expect(conversationText(api.mainRequests[before]!)).toContain(
      "You worked on pull request #7 of octo/app2 before (autofix",
    );
    expect(second.status).toBe("nothing_to_change");
    expect(second.commitSha).toBeUndefined();
    expect(clone.git("rev-parse", "HEAD")).toBe(first.commitSha);
    const comments = await octokit.rest.issues.listComments({ owner: "octo", repo: "app2", issue_number: 7 });
    expect(comments.data).toHaveLength(1); // the sticky comment, edited in place
    expect(comments.data[0]!.body).toContain("Nothing to change");
  });

  it("on a fork PR runs no test command (even a listed one), posts the fix as suggestions and pushes nothing", async () => {
    const { remote, clone, headSha, request } = pullRequest("forked", { fork: true });
    // The fork's head also carries a link to the environment of whatever reads it.
    symlinkSync("/proc/self/environ", join(clone.dir, "notes"));
    clone.commitAll("notes");
    let linkDuringSession = true;
    queue = [
      () => {
        linkDuringSession = existsSync(join(clone.dir, "notes")) || isSymlink(join(clone.dir, "notes"));
        // The fork's own code would run: `npm test` is in testCommands, but not for a fork.
        return { kind: "tool_use", name: "Bash", input: { command: "npm test" } };
      },
      ...readThenEdit(clone.dir),
      { kind: "structured_output", value: REPORT },
    ];
    const result = await runAutofix(request, settings, { github: octokit });
    expect(result.plan.testCommands).toEqual([]);
    expect(result.denials.map((d) => d.toolName)).toContain("Bash");

    expect(result.status).toBe("suggested");
    // The link was gone before the model's first turn, and its removal is no part of the fix.
    expect(linkDuringSession).toBe(false);
    expect(result.droppedSymlinks).toEqual(["notes"]);
    expect(result.changedPaths).toEqual(["src/app.ts"]);
    const forkCalls = github.calls.filter((c) => c.path.includes("/octo/forked/"));
    expect(forkCalls.length).toBeGreaterThan(0);
    expect(JSON.stringify(forkCalls.map((c) => c.body))).not.toContain("notes");
    expect(remote.git("rev-parse", "refs/heads/feature")).toBe(headSha);
    const comments = github.reviewCommentsOn("octo", "forked", 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ path: "src/app.ts", line: 2 });
    expect(comments[0]!.body).toContain("```suggestion\n  return a + b;\n```");
    expect(github.pull("octo", "forked", 7).labels).toEqual(["bug"]);
    expect(github.violations).toEqual([]);
  });

  it("does not push when the head moves during the run, and comments the patch", async () => {
    const { remote, clone, headSha, request } = pullRequest("moving");
    let movedSha = "";
    const [read, edit] = readThenEdit(clone.dir);
    queue = [
      read!,
      () => {
        // Someone pushes to the PR branch while the model is working.
        const otherDir = mkdtempSync(join(tmpdir(), "cpr-other-"));
        execFileSync("git", ["clone", "-q", "-b", "feature", remote.dir, otherDir]);
        const other = createTempRepo("", { dir: otherDir, existing: true });
        repos.push(other);
        other.write("README.md", "concurrent\n");
        movedSha = other.commitAll("concurrent push");
        other.git("push", "-q", "origin", "feature");
        return edit as ScriptedReply;
      },
      { kind: "structured_output", value: REPORT },
    ];
    const result = await runAutofix(request, settings, { github: octokit });

    expect(movedSha).not.toBe("");
    expect(result.status).toBe("head_moved");
    expect(remote.git("rev-parse", "refs/heads/feature")).toBe(movedSha);
    expect(remote.git("log", "--format=%H", "feature")).not.toContain(result.commitSha ?? "none");
    const comments = await octokit.rest.issues.listComments({
      owner: "octo",
      repo: "moving",
      issue_number: 7,
    });
    const patch = comments.data.find((c) => c.id === result.patchCommentId);
    expect(patch?.body).toContain("-  return a - b;\n+  return a + b;");
    // The summary links the patch by GitHub's own html_url, not a github.com guess (GHES has its own host).
    const summary = comments.data.find((c) => c.body?.includes("Not pushed"));
    expect(summary?.body).toContain(`[this comment](${patch?.html_url})`);
    const check = await octokit.rest.checks.get({
      owner: "octo",
      repo: "moving",
      check_run_id: result.checkRunId!,
    });
    expect(check.data.conclusion).toBe("neutral");
    expect(headSha).not.toBe(movedSha);
  });

  it("a failed session pushes nothing even though it edited the tree", async () => {
    const { remote, clone, headSha, request } = pullRequest("failing");
    queue = [...readThenEdit(clone.dir), { kind: "http_error", status: 400, message: "bad request" }];
    const result = await runAutofix(request, settings, { github: octokit });
    expect(result.status).toBe("session_failed");
    expect(result.changedPaths).toEqual(["src/app.ts"]);
    expect(remote.git("rev-parse", "refs/heads/feature")).toBe(headSha);
    expect(github.pull("octo", "failing", 7).labels).toEqual(["bug"]);
    const check = await octokit.rest.checks.get({
      owner: "octo",
      repo: "failing",
      check_run_id: result.checkRunId!,
    });
    expect(check.data.conclusion).toBe("failure");
  });
});

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
