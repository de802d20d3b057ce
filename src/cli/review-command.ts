import { writeFile } from "node:fs/promises";
import path from "node:path";
import { concludeReview } from "../jobs/review/conclude-review.js";
import { ReviewOverBudgetError } from "../jobs/review/review-budget.js";
import { coverageNote } from "../jobs/review/review-coverage.js";
import { type ReviewResult, runReview } from "../jobs/review/run-review.js";
import { RunnerConfigError } from "../runner/runner-config-error.js";
import type { Subcommand } from "./cli-io.js";
import { type PreparedReview, prepareLocalReview } from "./prepare-local-review.js";
import { renderReviewOutput } from "./render-review-output.js";
import { parseReviewOptions, REVIEW_HELP, type ReviewOptions } from "./review-options.js";
import { ReviewStop } from "./review-stop.js";

/** `claude-pr-runner review`: the Action's review job on a local diff, printed instead of posted. */
export const reviewCommand: Subcommand = {
  name: "review",
  summary: "Review a local diff (base..head) and print findings as markdown, JSON or SARIF",
  async run(args, io) {
    let options: ReviewOptions;
    try {
      options = parseReviewOptions(args);
    } catch (error) {
      io.stderr.write(`claude-pr-runner review: ${(error as Error).message}\n\nRun with --help for usage.\n`);
      return 2;
    }
    if (options.help) {
      io.stdout.write(REVIEW_HELP);
      return 0;
    }
    let prepared: PreparedReview;
    let result: ReviewResult;
    try {
      prepared = await prepareLocalReview(options, io);
      result = await runPrepared(prepared);
    } catch (error) {
      if (!(error instanceof ReviewStop)) throw error;
      io.stderr.write(`claude-pr-runner review: ${error.message}\n`);
      return error.exitCode;
    }

    const findings = result.status === "reviewed" ? result.checked.review.findings : [];
    const conclusion = concludeReview(findings, options.failOn, {
      coverage: result.status === "reviewed" ? result.coverage : undefined,
      minCoverage: prepared.request.rules?.minCoverage,
    });
    if (result.status === "reviewed") {
      if (result.coverage) io.stderr.write(`[claude] ${coverageNote(result.coverage)}\n`);
      io.stderr.write(`[claude] ${conclusion.headline} (fail-on: ${options.failOn})\n`);
    }
    const text = renderReviewOutput(result, {
      format: options.format,
      failOn: options.failOn,
      conclusion,
      baseSha: prepared.baseSha,
      headSha: prepared.headSha,
    });
    if (options.out) await writeFile(path.resolve(io.cwd, options.out), text);
    else io.stdout.write(text);
    return result.status === "reviewed" && !conclusion.failed ? 0 : 1;
  },
};

async function runPrepared({ request, settings }: PreparedReview): Promise<ReviewResult> {
  try {
    return await runReview(request, settings);
  } catch (error) {
    // Tool grants and MCP servers are checked against the job's policy before the spawn.
    if (error instanceof RunnerConfigError) throw new ReviewStop(2, error.message);
    // Nothing fits the budget: no session starts, and the exit code says the review did not happen.
    if (error instanceof ReviewOverBudgetError) throw new ReviewStop(1, error.message);
    throw error;
  }
}
