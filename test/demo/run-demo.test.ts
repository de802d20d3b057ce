import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { judgeDemoRun, renderDemoAccount } from "../../demo/demo-account.js";
import type { PostedRun } from "../../demo/github-like-report.js";
import { terminalLog } from "../../demo/terminal-log.js";
import { CLI_TIMEOUT_MS } from "../harness/scripted-claude-fixture.js";
import { makeTempDir } from "../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS });

const BLOCKING_RUN: PostedRun = {
  title: "demo",
  diff: "",
  reviewState: "CHANGES_REQUESTED",
  reviewBody: "",
  inlineComments: [{ path: "src/math.ts", line: 14, body: "<!-- marker -->\n**Error** sub() adds" }],
  checkRun: {
    name: "Claude review",
    conclusion: "failure",
    title: "Changes requested: 1 error",
    summary: "",
    annotations: [
      { path: "src/math.ts", start_line: 14, annotation_level: "failure", title: "sub() adds" },
      { path: "src/math.ts", start_line: 12, annotation_level: "warning", title: "untested" },
    ],
  },
  stickyComment: "<!-- claude-pr-runner:sticky -->\n## Claude review\n\n**Verdict:** Changes requested",
  jobSummary: "",
};

describe("npm run demo, as a newcomer runs it", () => {
  it("exits 0 on the blocking review, prints what would be posted without workflow commands, and writes the report", async () => {
    const out = await makeTempDir("cpr-demo-out");
    const demo = spawnSync(process.execPath, ["--import", "tsx", "demo/run-demo.ts", "--out", out], {
      encoding: "utf8",
      timeout: CLI_TIMEOUT_MS,
    });
    expect(demo.status, demo.stderr).toBe(0);
    const printed = `${demo.stdout}\n${demo.stderr}`;
    expect(printed.split("\n").filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(demo.stdout).toContain("Review event: REQUEST_CHANGES");
    expect(demo.stdout).toContain('Check run "Claude review": failure');
    expect(demo.stdout).toMatch(/- src\/math\.ts:14 .*sub\(\) adds instead of subtracting/);
    expect(demo.stdout).toContain(
      "This run would FAIL the check, as intended: 1 finding(s) at or above fail_on: error",
    );
    expect(demo.stdout).toContain(`Report: ${join(out, "index.html")}`);
    // A newcomer's machine (root, bubblewrap) shows every layer on, the CLI in the demo's private tool
    // cache under /tmp included: the sandbox's probe reaches it, and its own /tmp does not hide it.
    expect(demo.stdout).toContain(
      "own PID namespace · own /tmp, /var/tmp and /dev/shm, removed with the session",
    );
    expect(demo.stdout).toContain("Bash sandbox: on (bubblewrap; network: none");
    const report = readFileSync(join(out, "index.html"), "utf8");
    expect(report).toContain("sub() adds instead of subtracting");
    expect(report).toMatch(/class="conclusion">failure</);
  });
});

describe("judgeDemoRun", () => {
  it("calls a blocking review (exit 1, failed check, changes requested) a successful demo and names the blockers", () => {
    expect(judgeDemoRun(BLOCKING_RUN, { exitCode: 1, failOn: "error" })).toEqual({
      ok: true,
      blocking: true,
      why: "1 finding(s) at or above fail_on: error (src/math.ts:14 sub() adds)",
    });
    // Under fail_on: warning, the warning blocks too.
    expect(judgeDemoRun(BLOCKING_RUN, { exitCode: 1, failOn: "warning" }).why).toContain("2 finding(s)");
  });

  it("calls exit 1 without a failed check, or any other exit, a broken demo", () => {
    const noCheck: PostedRun = { ...BLOCKING_RUN, checkRun: undefined } as PostedRun;
    delete (noCheck as { checkRun?: unknown }).checkRun;
    expect(judgeDemoRun(noCheck, { exitCode: 1, failOn: "error" })).toMatchObject({
      ok: false,
      blocking: false,
    });
    expect(judgeDemoRun(BLOCKING_RUN, { exitCode: 2, failOn: "error" }).ok).toBe(false);
    expect(
      judgeDemoRun({ ...BLOCKING_RUN, reviewState: "COMMENTED" }, { exitCode: 1, failOn: "error" }).ok,
    ).toBe(false);
    expect(judgeDemoRun(BLOCKING_RUN, { exitCode: null, failOn: "error" }).why).toContain(
      "the Action exited with null and the check run is failure",
    );
  });

  it("calls a clean exit with a passing check a passing run", () => {
    const passing: PostedRun = {
      ...BLOCKING_RUN,
      reviewState: "COMMENTED",
      checkRun: { ...BLOCKING_RUN.checkRun!, conclusion: "success" },
    };
    expect(judgeDemoRun(passing, { exitCode: 0, failOn: "error" })).toEqual({
      ok: true,
      blocking: false,
      why: "",
    });
    expect(renderDemoAccount(passing, { exitCode: 0, failOn: "error" })).toContain(
      "This run would pass the check.",
    );
  });
});

describe("renderDemoAccount", () => {
  it("prints the event, each inline comment and annotation, and the sticky comment as plain text", () => {
    const text = renderDemoAccount(BLOCKING_RUN, { exitCode: 1, failOn: "error" });
    expect(text).toContain("Review event: REQUEST_CHANGES (CHANGES_REQUESTED)");
    expect(text).toContain("  - src/math.ts:14  **Error** sub() adds");
    expect(text).toContain("  - [failure] src/math.ts:14 sub() adds");
    expect(text).toContain("  ## Claude review");
    expect(text).not.toContain("<!--");
    expect(text).toContain("This run would FAIL the check, as intended");
  });
});

describe("terminalLog", () => {
  it("drops workflow commands a terminal cannot use and keeps the messages of errors, warnings and notices", () => {
    const log = [
      "::add-mask::sk-ant-secret",
      "::debug::checking cache",
      "Claude Code 2.1.235 at /x",
      "::error::Changes requested: 1 error",
      "::warning file=a.ts,line=1::careful",
      "::group::Install",
      "",
      "[claude] turn 1",
    ].join("\n");
    expect(terminalLog(log)).toEqual([
      "Claude Code 2.1.235 at /x",
      "error: Changes requested: 1 error",
      "warning: careful",
      "[claude] turn 1",
    ]);
  });
});
