import { summary as coreSummary } from "@actions/core";
import { DEFAULT_NEUTRALISER, type OutputNeutraliser } from "./neutralise-output.js";
import { type RunReport, renderRunReport } from "./run-report-markdown.js";

/** The Actions job summary accepts up to 1 MiB per step; keep far below so other steps have room. */
const MAX_JOB_SUMMARY_CHARS = 200_000;

/** Markdown for the Actions job summary of a run. Pure. */
export function renderJobSummary(
  report: RunReport,
  neutraliser: OutputNeutraliser = DEFAULT_NEUTRALISER,
): string {
  return `${neutraliser.markup(renderRunReport(report, MAX_JOB_SUMMARY_CHARS))}\n`;
}

/** Appends the run's summary through `@actions/core`'s summary (needs `GITHUB_STEP_SUMMARY`). */
export async function writeJobSummary(
  report: RunReport,
  summary: typeof coreSummary = coreSummary,
  neutraliser: OutputNeutraliser = DEFAULT_NEUTRALISER,
): Promise<void> {
  await summary.addRaw(renderJobSummary(report, neutraliser), true).write();
}
