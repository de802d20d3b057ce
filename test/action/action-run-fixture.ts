import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { GitHubDouble } from "../github-double/index.js";
import { type Script, ScriptedMessagesApi } from "../harness/scripted-messages-api.js";

export const ACTION_ENTRY = resolve("dist/index.js");
export const OWNER = "octo-org";
export const REPO = "app";

/** The sample change under review. Eight header lines keep line 2 outside the hunk's context. */
const HEADER = Array.from({ length: 8 }, (_, i) => `// math helpers, line ${i + 1}\n`).join("");
const ADD = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";
export const BASE_FILES = { "src/math.ts": HEADER + ADD };
/** Line 14 (`return a + b;` inside the new `sub`) is the bug. */
export const HEAD_FILES = {
  "src/math.ts": `${HEADER}${ADD}\nexport function sub(a: number, b: number): number {\n  return a + b;\n}\n`,
};

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/**
 * Everything a GitHub-hosted runner gives a JavaScript action, on loopback: a git checkout of the PR
 * head, the event payload file, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, a tool cache that already
 * holds the pinned CLI, the GitHub double as GITHUB_API_URL, and the scripted Messages API as
 * ANTHROPIC_BASE_URL. `run()` executes the built dist/index.js as the runner would: `node dist/index.js`.
 */
export class ActionRunFixture {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), "cpr-action-")));
  readonly repo: TempRepo;
  baseSha = "";
  headSha = "";
  api!: ScriptedMessagesApi;
  github!: GitHubDouble;

  private constructor() {
    const workspace = join(this.root, "workspace");
    mkdirSync(workspace);
    this.repo = createTempRepo("", { dir: workspace });
  }

  static async start(script: Script): Promise<ActionRunFixture> {
    if (!existsSync(ACTION_ENTRY)) throw new Error(`${ACTION_ENTRY} is missing: run \`npm run build\` first`);
    const fixture = new ActionRunFixture();
    for (const [path, content] of Object.entries(BASE_FILES)) fixture.repo.write(path, content);
    fixture.baseSha = fixture.repo.commitAll("base");
    fixture.repo.git("checkout", "-q", "-b", "feature");
    fixture.setHead(HEAD_FILES, "add sub");
    fixture.api = await ScriptedMessagesApi.start(script);
    fixture.github = await GitHubDouble.start();
    fixture.github.addRepo(OWNER, REPO);
    fixture.seedToolCache();
    return fixture;
  }

  /** Commits new head content in the checkout (a push to the PR branch). */
  setHead(files: Record<string, string>, message: string): string {
    for (const [path, content] of Object.entries(files)) this.repo.write(path, content);
    this.headSha = this.repo.commitAll(message);
    return this.headSha;
  }

  /** Gives the checkout an `origin` (a local bare repository) holding main and the PR branch. */
  addOrigin(): string {
    const remote = join(this.root, "origin.git");
    this.repo.git("init", "-q", "--bare", remote);
    this.repo.git("remote", "add", "origin", remote);
    this.repo.git("push", "-q", "origin", `${this.baseSha}:refs/heads/main`, "feature");
    this.repo.git("branch", "-q", "--set-upstream-to=origin/feature");
    // Autofix commits through the Git database API: the double keeps those objects in this remote.
    this.github.repository(OWNER, REPO).gitDir = remote;
    return remote;
  }

  /**
   * Backs the repository on the double with a bare repository served over git's smart HTTP (the
   * job fetches from `GITHUB_SERVER_URL`, which `defaultBranchRun` points at the double). It holds
   * `main` and `refs/pull/7/head`, the way GitHub keeps every PR head in the base repository; a
   * fork's head is reachable through that ref only, a same-repo PR's also as the `feature` branch.
   */
  serveOverGit(options: { fork?: boolean } = {}): string {
    const remote = join(this.root, "served.git");
    this.repo.git("init", "-q", "--bare", remote);
    const refs = [`${this.baseSha}:refs/heads/main`, `${this.headSha}:refs/pull/7/head`];
    if (!options.fork) refs.push(`${this.headSha}:refs/heads/feature`);
    this.repo.git("push", "-q", remote, ...refs);
    this.github.repository(OWNER, REPO).gitDir = remote;
    return remote;
  }

  /**
   * What `actions/checkout` gives an `issue_comment` or label workflow: a clone of the default
   * branch, which holds neither the PR head's files nor (for a fork) its commit. The returned env
   * runs the Action there, with the double as the git server and a known RUNNER_TEMP.
   */
  defaultBranchRun(): { workspace: string; runnerTemp: string; env: Record<string, string> } {
    const remote = this.github.repository(OWNER, REPO).gitDir;
    if (!remote) throw new Error("call serveOverGit() first");
    const workspace = join(this.root, "default-branch-checkout");
    execFileSync("git", ["clone", "-q", "--single-branch", "-b", "main", remote, workspace]);
    const runnerTemp = join(this.root, "runner-temp");
    mkdirSync(runnerTemp, { recursive: true });
    return {
      workspace,
      runnerTemp,
      env: { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: runnerTemp, GITHUB_SERVER_URL: this.github.url },
    };
  }

  /**
   * A `/claude review` comment by `login` on PR #7, added to the double and delivered as GitHub's
   * issue_comment payload (a real webhook example, retargeted).
   */
  reviewCommentEvent(login: string, body = "/claude review"): Record<string, unknown> {
    const comment = this.github.addIssueComment(OWNER, REPO, 7, body, { login, type: "User" });
    const payload = webhookExample("issue_comment", "created");
    Object.assign(payload.issue as Record<string, unknown>, { number: 7, state: "open" });
    (payload.issue as Record<string, unknown>).pull_request = {
      url: `${this.github.url}/repos/${OWNER}/${REPO}/pulls/7`,
    };
    Object.assign(payload.comment as Record<string, unknown>, { id: comment.id, body });
    Object.assign((payload.comment as { user: Record<string, unknown> }).user, { login, type: "User" });
    (payload.sender as Record<string, unknown>).login = login;
    (payload.repository as Record<string, unknown>).full_name = `${OWNER}/${REPO}`;
    (payload.repository as Record<string, unknown>).default_branch = "main";
    return payload;
  }

  /** Registers (or updates) the PR on the double with the checkout's real diff. */
  openPullRequest(options: { number?: number; body?: string; fork?: boolean; author?: string } = {}) {
    const diff = `${this.repo.git("diff", `${this.baseSha}...${this.headSha}`)}\n`;
    return this.github.addPullRequest({
      owner: OWNER,
      repo: REPO,
      number: options.number ?? 7,
      title: "Add sub()",
      body: options.body ?? "Adds a subtraction helper.",
      diff,
      headSha: this.headSha,
      baseSha: this.baseSha,
      headRef: "feature",
      baseRef: "main",
      headRepoFullName: options.fork ? "mallory/app" : `${OWNER}/${REPO}`,
      author: { login: options.author ?? "dev", type: "User" },
    });
  }

  /** A real pull_request webhook payload (from @octokit/webhooks-examples) pointed at our PR. */
  pullRequestEvent(action: string, options: { fork?: boolean; body?: string; number?: number } = {}) {
    const payload = webhookExample("pull_request", action);
    const pr = payload.pull_request as PullRequestPayload;
    pr.number = options.number ?? 7;
    pr.draft = false;
    pr.title = "Add sub()";
    pr.body = options.body ?? "Adds a subtraction helper.";
    pr.head.sha = this.headSha;
    pr.head.ref = "feature";
    pr.head.repo.full_name = options.fork ? "mallory/app" : `${OWNER}/${REPO}`;
    pr.base.sha = this.baseSha;
    pr.base.ref = "main";
    pr.base.repo.full_name = `${OWNER}/${REPO}`;
    (payload.repository as Record<string, unknown>).full_name = `${OWNER}/${REPO}`;
    (payload.repository as Record<string, unknown>).default_branch = "main";
    payload.number = pr.number;
    return payload;
  }

  async run(
    eventName: string,
    payload: Record<string, unknown>,
    inputs: Record<string, string>,
    env: Record<string, string> = {},
  ): Promise<ActionRun> {
    const dir = mkdtempSync(join(this.root, "run-"));
    const eventPath = join(dir, "event.json");
    const outputPath = join(dir, "output.txt");
    const summaryPath = join(dir, "summary.md");
    writeFileSync(eventPath, JSON.stringify(payload));
    writeFileSync(outputPath, "");
    writeFileSync(summaryPath, "");
    mkdirSync(join(dir, "temp"), { recursive: true });
    const childEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: join(dir, "home"),
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_API_URL: this.github.url,
      GITHUB_SERVER_URL: "https://github.example",
      GITHUB_RUN_ID: "4242",
      GITHUB_WORKSPACE: this.repo.dir,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      RUNNER_TEMP: join(dir, "temp"),
      RUNNER_TOOL_CACHE: join(this.root, "toolcache"),
      ANTHROPIC_BASE_URL: this.api.url,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      INPUT_GITHUB_TOKEN: this.github.token,
      INPUT_ANTHROPIC_API_KEY: "sk-ant-test-key-0123456789",
      INPUT_SESSION_STORE: "none",
      INPUT_TIMEOUT_MINUTES: "3",
      ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
      ...env,
    };
    const child = spawn(process.execPath, [ACTION_ENTRY], { cwd: this.repo.dir, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    return {
      code,
      stdout,
      stderr,
      outputs: parseOutputs(readFileSync(outputPath, "utf8")),
      summary: readFileSync(summaryPath, "utf8"),
    };
  }

  async close(): Promise<void> {
    await this.api?.close();
    await this.github?.close();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** The runner's tool cache already holds the pinned CLI (installed by npm for this repository). */
  private seedToolCache(): void {
    const versionDir = join(this.root, "toolcache", "claude-code", "2.1.235", process.arch);
    mkdirSync(join(versionDir, "node_modules", "@anthropic-ai"), { recursive: true });
    symlinkSync(
      resolve("node_modules/@anthropic-ai/claude-code"),
      join(versionDir, "node_modules", "@anthropic-ai", "claude-code"),
    );
    writeFileSync(`${versionDir}.complete`, "");
  }
}

interface PullRequestPayload {
  number: number;
  draft: boolean;
  title: string;
  body: string;
  head: { sha: string; ref: string; repo: { full_name: string } };
  base: { sha: string; ref: string; repo: { full_name: string } };
}

/** Parses the GITHUB_OUTPUT file format written by @actions/core (`name<<DELIM\nvalue\nDELIM`). */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^(.+?)<<(.+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1]!] = match[3]!;
  return outputs;
}
