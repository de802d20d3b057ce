import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BASE_FILES, HEAD_FILES } from "../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { ManagedAgentsDouble } from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  modelRequest,
  requiresAction,
  running,
  sessionError,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";

// `claude-pr-runner review --engine managed-agents`: dist/cli.js with the real SDK against the double.

vi.setConfig({ testTimeout: 120_000 });

const CLI = resolve("dist/cli.js");
const KEY = "sk-ant-cli-test-0123456789";

function runCli(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on("close", (code) => done({ code, stdout, stderr })),
  );
}

describe("claude-pr-runner review --engine managed-agents", () => {
  let repo: TempRepo;
  let double: ManagedAgentsDouble;
  afterEach(async () => {
    await double.close();
    repo.remove();
  });

  it("reviews the pushed head on a remote session and prints the findings", async () => {
    repo = createTempRepo();
    for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
    repo.commitAll("base");
    repo.git("checkout", "-q", "-b", "feature");
    for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
    const head = repo.commitAll("add sub");
    double = await ManagedAgentsDouble.start({ apiKey: KEY });
    const review = {
      verdict: "request_changes",
      summary: "sub() adds.",
      findings: [
        {
          path: "src/math.ts",
          start_line: 14,
          end_line: 14,
          severity: "error",
          title: "sub() adds",
          body: "Use -.",
          category: "bug",
        },
      ],
    };
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), ...modelRequest(), submit(review), requiresAction()]
        : input.kind === "custom_tool_result"
          ? [usage(12, 5), idle("end_turn")]
          : undefined;
    const env = {
      PATH: process.env.PATH,
      HOME: repo.dir,
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: double.baseURL,
      GITHUB_READ_TOKEN: "ghs_cli_read",
    };
    const run = await runCli(
      [
        "review",
        "--base",
        "main",
        "--format",
        "json",
        "--engine",
        "managed-agents",
        "--github-repo",
        "octo/app",
        // An error finding would fail the default --fail-on error (exit 1); never keeps exit 0.
        "--fail-on",
        "never",
      ],
      env,
      repo.dir,
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      verdict: string;
      findings: unknown[];
      session: { id: string; costUsd: number };
    };
    expect(report.verdict).toBe("request_changes");
    expect(run.stderr).toContain("Comments, nothing blocking: 1 error (fail-on: never)");
    expect(report.findings).toHaveLength(1);
    expect(report.session).toMatchObject({ id: double.session().id, costUsd: 0.12 });
    expect(double.session().createParams.resources).toEqual([
      {
        type: "github_repository",
        url: "https://github.com/octo/app",
        authorization_token: "ghs_cli_read",
        checkout: { type: "commit", sha: head },
      },
    ]);
  });

  it.each([
    ["GITHUB_TOKEN", "GITHUB_READ_TOKEN is GITHUB_TOKEN, which can write"],
    ["GH_TOKEN", "GITHUB_READ_TOKEN is GH_TOKEN, which can write"],
  ])(
    "refuses a GITHUB_READ_TOKEN that is the shell's %s: no session, the reason, never the value",
    async (name, reason) => {
      repo = createTempRepo();
      for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
      repo.commitAll("base");
      repo.git("checkout", "-q", "-b", "feature");
      for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
      repo.commitAll("add sub");
      double = await ManagedAgentsDouble.start({ apiKey: KEY });
      // A session that does start ends at once, so a mounted token fails the test, not its timeout.
      double.scenario = (input) =>
        input.kind === "message"
          ? [running(), sessionError("unknown_error", "scripted end"), { type: "session.status_terminated" }]
          : undefined;
      // A developer's gh or workflow token can push: the agent's container must not hold it.
      const writeToken = "ghs_theShellsWriteToken0123456789";
      const run = await runCli(
        ["review", "--base", "main", "--engine", "managed-agents", "--github-repo", "octo/app"],
        {
          PATH: process.env.PATH,
          HOME: repo.dir,
          ANTHROPIC_API_KEY: KEY,
          ANTHROPIC_BASE_URL: double.baseURL,
          GITHUB_READ_TOKEN: writeToken,
          [name]: writeToken,
        },
        repo.dir,
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(reason);
      expect(run.stdout + run.stderr).not.toContain(writeToken);
      expect(double.sessions.size).toBe(0);
      expect(JSON.stringify(double.requests)).not.toContain(writeToken);
    },
  );

  it("refuses --engine managed-agents without --github-repo", async () => {
    repo = createTempRepo();
    double = await ManagedAgentsDouble.start();
    const run = await runCli(["review", "--engine", "managed-agents"], { PATH: process.env.PATH }, repo.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--engine managed-agents needs --github-repo owner/name");
  });
});
