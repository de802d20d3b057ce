import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BASE_FILES, HEAD_FILES } from "../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import {
  conversationText,
  ScriptedMessagesApi,
  type ScriptedReply,
} from "../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: 240_000 });

const CLI = resolve("dist/cli.js");
const finding = {
  path: "src/math.ts",
  start_line: 14,
  end_line: 14,
  severity: "error",
  title: "sub() adds",
  body: "Use -.",
  category: "bug",
};
const reply = (findings: unknown[]): ScriptedReply => ({
  kind: "structured_output",
  value: { verdict: findings.length ? "request_changes" : "pass", summary: "Reviewed sub().", findings },
});

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

describe("claude-pr-runner review (dist/cli.js, real CLI)", () => {
  let repo: TempRepo;
  let api: ScriptedMessagesApi | undefined;
  afterEach(async () => {
    await api?.close();
    repo.remove();
  });

  function sampleRepo(): TempRepo {
    const r = createTempRepo();
    for (const [path, content] of Object.entries(BASE_FILES)) r.write(path, content);
    r.commitAll("base");
    r.git("checkout", "-q", "-b", "feature");
    for (const [path, content] of Object.entries(HEAD_FILES)) r.write(path, content);
    r.commitAll("add sub");
    return r;
  }

  it("without credentials says so in one line and points to the demo", async () => {
    repo = sampleRepo();
    const run = await runCli(["review", "--base", "main"], { PATH: process.env.PATH }, repo.dir);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("npm run demo");
  });

  it("reviews base..head as JSON, then a second run on new commits forks from the first", async () => {
    repo = sampleRepo();
    api = await ScriptedMessagesApi.start([reply([finding]), reply([])]);
    const env = {
      PATH: process.env.PATH,
      HOME: join(repo.dir, ".home"),
      ANTHROPIC_API_KEY: "sk-ant-local",
      ANTHROPIC_BASE_URL: api.url,
    };
    const first = await runCli(["review", "--base", "main", "--format", "json"], env, repo.dir);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({
      status: "reviewed",
      verdict: "request_changes",
      findings: [{ path: "src/math.ts", startLine: 14 }],
    });
    expect(first.stderr).toContain("[claude]");
    expect(existsSync(join(repo.dir, ".git/claude-pr-runner/sessions"))).toBe(true);

    repo.write(
      "src/math.ts",
      HEAD_FILES["src/math.ts"].replace(/return a \+ b;\n}\n$/, "return a - b;\n}\n"),
    );
    const secondHead = repo.commitAll("fix sub");
    const second = await runCli(["review", "--base", "main", "--format", "markdown"], env, repo.dir);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("## Claude review");
    expect(second.stdout).toContain("Continued from session");
    const history = conversationText(api.mainRequests[1]!);
    expect(history).toContain("Reviewed sub()."); // the first review is in the forked history
    expect(history).toContain(`..${secondHead}`);
  });
});
