import type { CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";
import { type AutofixStatus, type AutofixSummaryInput, renderAutofixSummary } from "./autofix-markdown.js";

/** Completes the autofix check run: a moved branch is neutral, not a failure of the fix itself. */
export async function completeAutofixCheck(
  checks: CheckRunPublisher,
  check: CheckRunHandle,
  summary: AutofixSummaryInput,
  isError: boolean,
): Promise<void> {
  await checks.complete(check, {
    outcome: {
      status:
        summary.status === "head_moved"
          ? "neutral"
          : CHECK_FAILED.has(summary.status)
            ? "failure"
            : "success",
      isError,
    },
    title: CHECK_TITLE[summary.status],
    summary: renderAutofixSummary(summary),
    findings: [],
  });
}

const CHECK_FAILED = new Set<AutofixStatus>(["session_failed", "publish_failed"]);

const CHECK_TITLE: Record<AutofixStatus, string> = {
  pushed: "Fix pushed",
  suggested: "Fix posted as suggestions",
  nothing_to_change: "Nothing to change",
  head_moved: "Not pushed: the branch moved",
  session_failed: "The autofix session failed",
  publish_failed: "The fix could not be delivered",
};
