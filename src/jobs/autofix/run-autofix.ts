import {
  type CheckRunHandle,
  CheckRunPublisher,
  jobCheckRunExternalId,
} from "../../github/check-run-publisher.js";
import { readPriorReviewFindings } from "../../github/read-prior-review-findings.js";
import type { JobSettings } from "../shared/job-settings.js";
import { AUTOFIX_CHECK_NAME } from "./autofix-plan.js";
import type { AutofixDeps, AutofixRequest, AutofixResult } from "./autofix-request.js";
import { BestEffortSteps } from "./best-effort-steps.js";
import { proposeFix } from "./propose-fix.js";
import { publishAutofix } from "./publish-autofix.js";

/**
 * autofix-pr: one session (forked from the PR's latest review) edits the checkout under the autofix
 * policy; the job then commits and pushes (same repository) or posts suggestions (fork), removes the
 * trigger label, updates the sticky comment and completes the check run. The trigger check (write
 * permission of the sender) is the caller's. Every GitHub step runs even if an earlier one failed.
 */
export async function runAutofix(
  request: AutofixRequest,
  settings: JobSettings,
  deps: AutofixDeps,
): Promise<AutofixResult> {
  if (settings.engine?.editsComeBackAsPatch && request.isFork) {
    // The remote path commits the agent's patch as it came back; a fork's change never gets that far.
    throw new Error(
      "autofix on the managed-agents engine runs for same-repository pull requests only; a fork's autofix runs on the cli engine",
    );
  }
  const { owner, name: repo } = request.repository;
  const pr = request.pullRequest;
  const steps = new BestEffortSteps();

  const checks = new CheckRunPublisher(deps.github);
  const checkName = request.checkName ?? AUTOFIX_CHECK_NAME;
  const check: CheckRunHandle | undefined =
    checkName === false
      ? undefined
      : await steps.attempt("starting the check run", () =>
          checks.start({
            owner,
            repo,
            name: checkName,
            headSha: pr.headSha,
            title: "Claude is fixing this pull request",
            ...(request.runUrl ? { detailsUrl: request.runUrl } : {}),
            ...(request.checkRunJobId ? { jobExternalId: jobCheckRunExternalId(request.checkRunJobId) } : {}),
          }),
        );

  // The review being fixed, as published on the PR (unless the caller passed it): the prompt names each
  // finding even when the lineage is empty. Without them the fix still runs; the note says why.
  const priorFindings =
    request.priorFindings ??
    (await steps.attempt("reading the last review's findings", () =>
      readPriorReviewFindings(deps.github, { owner, repo, pullNumber: pr.number }),
    )) ??
    [];

  const proposed = await proposeFix(request, settings, priorFindings);
  return publishAutofix(deps.github, request, proposed, { steps, checks, ...(check ? { check } : {}) });
}
