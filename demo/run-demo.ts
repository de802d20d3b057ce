// `npm run demo`: the review job end to end without credentials. The built Action (dist/index.js)
// runs exactly as on a GitHub runner, with the real Claude Code CLI, but the model is a SCRIPTED
// Messages API on 127.0.0.1 and GitHub is the local OpenAPI-validating double. Nothing leaves the
// machine. It prints what would have been posted and writes it as demo-output/index.html.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ActionRunFixture, OWNER, REPO } from "../test/action/action-run-fixture.js";
import { renderGitHubLikeReport } from "./github-like-report.js";
import { postedRun } from "./posted-run.js";

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
  console.log("claude-pr-runner demo: SCRIPTED model, local GitHub double, real Claude Code CLI 2.1.235\n");
  const run = await fx.run("pull_request", fx.pullRequestEvent("opened"), {});
  if (run.code !== 0) {
    console.error(run.stdout, run.stderr);
    throw new Error(`the action exited with ${run.code}`);
  }
  const sticky = fx.github.state.issueComments.map((c) => c.body).join("\n\n");
  const comments = fx.github.reviewCommentsOn(OWNER, REPO, 7);
  const [check] = fx.github.state.checkRuns;
  const review = fx.github.state.reviews[0];

  const sections: [string, string][] = [
    ["Sticky summary comment", sticky],
    [
      `Review (${review?.state ?? "none"}) with ${comments.length} inline comment(s)`,
      comments.map((c) => `${c.path}:${c.line ?? "file"}\n${c.body}`).join("\n\n---\n\n"),
    ],
    [
      `Check run "${check?.name}": ${check?.conclusion}`,
      `${check?.output.title}\n\n${check?.output.summary}\n\nAnnotations:\n${(check?.annotations ?? [])
        .map((a) => `- ${a.path}:${a.start_line} [${a.annotation_level}] ${a.title}`)
        .join("\n")}`,
    ],
    ["Action outputs", JSON.stringify(run.outputs, null, 2)],
  ];
  for (const [title, body] of sections) console.log(`=== ${title} ===\n${body}\n`);
  console.log(
    `GitHub API calls: ${JSON.stringify(fx.github.callCounts())}; spec violations: ${fx.github.violations.length}`,
  );

  const outDir = resolve("demo-output");
  mkdirSync(outDir, { recursive: true });
  const report = renderGitHubLikeReport(
    postedRun(fx.github, { owner: OWNER, name: REPO, number: 7 }, run.summary),
  );
  writeFileSync(resolve(outDir, "index.html"), report);
  console.log(
    `\nWrote ${resolve(outDir, "index.html")} (rendered like GitHub: the diff with its inline comments, the check run, the sticky comment, the job summary)`,
  );
} finally {
  await fx.close();
}
