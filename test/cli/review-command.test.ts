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
const reply = (findings: unknown[], summary = "Reviewed sub()."): ScriptedReply => ({
  kind: "structured_output",
  value: { verdict: findings.length ? "request_changes" : "pass", summary, findings },
});
/** A first review's answer of the length real ones have: resuming must write it to the prompt cache. */
const LONG_SUMMARY = `Reviewed sub(). ${"It returns the sum of its arguments where the name promises a difference. ".repeat(20)}`;

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

  it("leaves out files the path filters exclude, and reviews nothing when every changed file is", async () => {
    repo = createTempRepo();
    repo.write("README.md", "base\n");
    repo.write(".github/claude-pr-runner.json", JSON.stringify({ exclude: ["docs/**"] }));
    repo.commitAll("base");
    repo.git("checkout", "-q", "-b", "feature");
    repo.write("docs/guide.md", "new\n");
    repo.write("package-lock.json", "{}\n");
    repo.write("src/generated/api.ts", "export {};\n");
    repo.commitAll("docs, lock file, generated code");
    api = await ScriptedMessagesApi.start([]);
    const env = { PATH: process.env.PATH, ANTHROPIC_API_KEY: "sk-ant-local", ANTHROPIC_BASE_URL: api.url };

    // docs/** by the repository's config at the base, the rest by the built-in excludes.
    const byDefault = await runCli(["review", "--base", "main"], env, repo.dir);
    expect(byDefault.code, byDefault.stderr).toBe(0);
    expect(byDefault.stderr).toContain(
      "not reviewed: every changed file is left out by path filters (3: docs/guide.md, package-lock.json, src/generated/api.ts)",
    );
    expect(byDefault.stdout).toBe("");

    // --include narrows what is left to nothing as well (README.md did not change).
    const included = await runCli(["review", "--base", "main", "--include", "README.md"], env, repo.dir);
    expect(included.code, included.stderr).toBe(0);
    expect(included.stderr).toContain("left out by path filters (3:");
    expect(api.mainRequests).toHaveLength(0);
  });

  it("a bad .github/claude-pr-runner.yml at the base: exit 2 naming each bad key, no model request", async () => {
    repo = createTempRepo();
    repo.write("README.md", "base\n");
    repo.write(".github/claude-pr-runner.yml", "post_threshold: loud\nexlude: [docs/**]\n");
    repo.commitAll("base");
    repo.git("checkout", "-q", "-b", "feature");
    repo.write("src/a.ts", "export const a = 1;\n");
    repo.commitAll("a");
    api = await ScriptedMessagesApi.start([]);
    const env = { PATH: process.env.PATH, ANTHROPIC_API_KEY: "sk-ant-local", ANTHROPIC_BASE_URL: api.url };
    const run = await runCli(["review", "--base", "main"], env, repo.dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /\.github\/claude-pr-runner\.yml at [0-9a-f]{12} is not a valid claude-pr-runner config \(2 problem\(s\)/,
    );
    expect(run.stderr).toContain("`exlude` is not a known key");
    expect(run.stderr).toContain('`post_threshold` must be one of notice, warning, error; got "loud"');
    expect(api.mainRequests).toHaveLength(0);
  });

  it("reviews base..head as JSON, then a second run on new commits continues the lineage from the cheapest start, and says so", async () => {
    repo = sampleRepo();
    repo.write("docs/notes.md", "notes about sub\n");
    repo.commitAll("notes");
    api = await ScriptedMessagesApi.start([reply([finding], LONG_SUMMARY), reply([])]);
    const env = {
      PATH: process.env.PATH,
      HOME: join(repo.dir, ".home"),
      ANTHROPIC_API_KEY: "sk-ant-local",
      ANTHROPIC_BASE_URL: api.url,
    };
    const first = await runCli(
      ["review", "--base", "main", "--format", "json", "--exclude", "docs/**"],
      env,
      repo.dir,
    );
    // An error finding reaches the default --fail-on error: exit 1, as the Action's step fails.
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toContain("[claude] Changes requested: 1 error (fail-on: error)");
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({
      status: "reviewed",
      verdict: "request_changes",
      conclusion: { blocking: 1, failOn: "error" },
      findings: [{ path: "src/math.ts", startLine: 14 }],
      // docs/** is left out, so only src/math.ts counts; its whole diff was in the prompt.
      coverage: { filesTotal: 1, filesRead: 1, unread: [] },
    });
    expect(report.coverage.linesRead).toBe(report.coverage.linesTotal);
    expect(first.stderr).toMatch(
      /\[claude\] Read 1 of 1 changed files \(\d+ of \d+ changed lines; all in the prompt's diff\)/,
    );
    const prompt = conversationText(api.mainRequests[0]!);
    expect(prompt).toContain("src/math.ts");
    expect(prompt).not.toContain("notes about sub");
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
    // No PR description to spare (a delta sends the rest again), and the first answer is long: reading
    // that conversation back costs more than the earlier findings and the commits since.
    const started = second.stdout.match(
      /_Started a fresh session from a summary of session [0-9a-f-]{36} \(it saw [0-9a-f]{7}\): resuming its [\d,]+-token conversation \(prompt cache likely warm\) is estimated at \$(\d+\.\d{4}), a fresh review from its summary at \$(\d+\.\d{4}), a fresh review of the whole change at \$(\d+\.\d{4}), so the cheaper fresh start from its summary was taken\._/,
    );
    expect(started, second.stdout).not.toBeNull();
    const [resume, fromSummary, whole] = started!.slice(1).map(Number);
    expect(fromSummary!).toBeLessThan(resume!);
    expect(fromSummary!).toBeLessThan(whole!);
    const history = conversationText(api.mainRequests[1]!);
    expect(history).not.toContain("It returns the sum"); // the first answer is not sent again
    expect(history).toContain("that conversation was summarised");
    expect(history).toContain("[outdated] src/math.ts:14 (error) sub() adds"); // its finding is
    expect(history).toContain("diff-since-last-review");
    expect(history).toContain(secondHead);
  });
});
