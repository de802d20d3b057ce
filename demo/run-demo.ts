// `npm run demo`: the review job end to end without credentials. The built Action (dist/index.js)
// runs exactly as on a GitHub runner, with the real Claude Code CLI, but the model is a SCRIPTED
// Messages API on 127.0.0.1 and GitHub is the local OpenAPI-validating double. Nothing leaves the
// machine. It prints a short account of what would have been posted and writes it, rendered like
// GitHub, as demo-output/index.html (or `--out <dir>`).
//
// The sample PR has a real bug, so the review blocks: the Action exits 1, as it would fail the step on
// GitHub. That is the demo working, so the demo exits 0 and says so; it exits 1 only when the Action
// itself broke (no check run, no review, or any other exit), and then shows the Action's own log.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ActionRunFixture, OWNER, REPO } from "../test/action/action-run-fixture.js";
import { judgeDemoRun, renderDemoAccount } from "./demo-account.js";
import { renderGitHubLikeReport } from "./github-like-report.js";
import { postedRun } from "./posted-run.js";
import { terminalLog } from "./terminal-log.js";

const { values: args } = parseArgs({ options: { out: { type: "string", default: "demo-output" } } });
const FAIL_ON = "error";

const script = [
  // The scripted model first reads the changed file (the read goes through the review policy)...
  { kind: "tool_use" as const, name: "Read", input: { file_path: "src/math.ts" } },
  // ...then answers with a structured review.
  {
    kind: "structured_output" as const,
    value: {
      verdict: "request_changes",
      summary: "`sub()` adds its arguments instead of subtracting them; everything else looks fine.",
      findings: [
        {
          path: "src/math.ts",
          start_line: 14,
          end_line: 14,
          severity: "error",
          title: "sub() adds instead of subtracting",
          body: "`sub(5, 3)` returns 8. The body should subtract.",
          suggestion: "  return a - b;",
          category: "bug",
        },
        {
          path: "src/math.ts",
          start_line: 12,
          end_line: 12,
          severity: "notice",
          title: "No test covers sub()",
          body: "Add a unit test next to the one for `add()`.",
          category: "tests",
        },
      ],
    },
  },
];

const fx = await ActionRunFixture.start(script);
try {
  fx.openPullRequest();
  console.log(
    "claude-pr-runner demo: a SCRIPTED model, a local GitHub double, the real Claude Code CLI 2.1.235.",
  );
  console.log(`Reviewing ${OWNER}/${REPO}#7 "Add sub()" with the built Action (dist/index.js)...\n`);
  const run = await fx.run("pull_request", fx.pullRequestEvent("opened"), { fail_on: FAIL_ON });
  const posted = postedRun(fx.github, { owner: OWNER, name: REPO, number: 7 }, run.summary);
  const outcome = {
    exitCode: run.code,
    failOn: FAIL_ON,
    ...(run.outputs.conclusion ? { conclusion: run.outputs.conclusion } : {}),
  };

  // The agent's own trace, as the Action logged it, without the runner's workflow commands.
  const trace = terminalLog(run.stdout).filter((line) => line.startsWith("[claude]"));
  console.log(`What the agent did (${trace.length} log lines):`);
  for (const line of trace) console.log(`  ${line}`);
  console.log(`\nWhat would have been posted on GitHub:\n${renderDemoAccount(posted, outcome)}`);
  console.log(
    `\nGitHub API calls: ${Object.values(fx.github.callCounts()).reduce((a, b) => a + b, 0)}, each validated against GitHub's OpenAPI description; spec violations: ${fx.github.violations.length}`,
  );

  const outDir = resolve(args.out);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, "index.html"), renderGitHubLikeReport(posted));
  console.log(
    `Report: ${resolve(outDir, "index.html")} (open it in a browser: the diff with its inline comments, the check run, the sticky comment, the job summary)`,
  );

  const verdict = judgeDemoRun(posted, outcome);
  if (!verdict.ok || fx.github.violations.length > 0) {
    console.error(
      `\nThe demo failed: ${verdict.ok ? "the GitHub double saw requests outside the OpenAPI description" : verdict.why}. The Action's log:`,
    );
    for (const line of terminalLog(`${run.stdout}\n${run.stderr}`)) console.error(`  ${line}`);
    process.exitCode = 1;
  }
} finally {
  await fx.close();
}
