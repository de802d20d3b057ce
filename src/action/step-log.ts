import * as core from "@actions/core";
import { DEFAULT_NEUTRALISER, type OutputNeutraliser } from "../github/neutralise-output.js";

/**
 * The Action's only way to write a plain line to the step log. The runner reads a workflow command
 * (`::set-output`, `::add-mask::`, `::stop-commands::`) from any line that starts with `::`, so
 * every line goes through `logLine`, whatever it carries: progress, file names a PR chose (a planted
 * symlink may be called `x\n::set-output name=conclusion::success`), reasons, URLs. Annotations
 * (`core.notice`, `core.warning`, `core.error`, `core.setFailed`) escape their own text.
 */
export function logInfo(text: string, neutraliser: OutputNeutraliser = DEFAULT_NEUTRALISER): void {
  core.info(neutraliser.logLine(text));
}
