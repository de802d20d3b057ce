import type { GitHubClient } from "../../src/github/github-client.js";
import { postCommentOnce } from "../../src/github/post-comment-once.js";
import type { JobMessage } from "../shared/job-message.js";
import type { SpendLedger } from "../shared/spend-ledger.js";
import { SessionBudgetError } from "./dispatch/session-settings.js";
import { type JobResult, PermanentJobError } from "./job-executor.js";

export interface PrSpendCap {
  ledger: SpendLedger;
  /** Most a PR may cost per UTC day, reservations included (`MAX_PR_SPEND_USD_PER_DAY`). */
  capUsdPerDay: number;
  /** What one job reserves: its own budget (`MAX_BUDGET_USD`). */
  jobBudgetUsd: number;
}

/**
 * Runs a PR job only while the PR's spend today leaves room for the job's whole budget. Without this a
 * close/reopen (or push) loop buys one review per event for as long as it goes on. Past the cap, the
 * PR gets one notice per day and every further job is dropped without a session.
 */
export async function withPrSpendCap(
  cap: PrSpendCap,
  target: { job: JobMessage; octokit: GitHubClient },
  run: () => Promise<JobResult>,
): Promise<JobResult> {
  const { job } = target;
  const key = cap.ledger.key(`pr#${job.owner}/${job.repo}#${job.pullNumber}`.toLowerCase());
  if (!(await cap.ledger.reserve(key, cap.jobBudgetUsd, cap.capUsdPerDay))) {
    if (await cap.ledger.claimNotice(key))
      await postCommentOnce(target.octokit, {
        owner: job.owner,
        repo: job.repo,
        issueNumber: job.pullNumber as number,
        body: `Claude's reviews of this pull request are paused until tomorrow (UTC): it reached today's spending cap of $${cap.capUsdPerDay.toFixed(2)}. Nothing else is needed; the next push or comment after that is reviewed as usual.`,
      });
    throw new PermanentJobError(`the PR reached its daily spend cap of $${cap.capUsdPerDay}`);
  }
  let result: JobResult;
  try {
    result = await run();
  } catch (error) {
    // These stop before any session starts: give the reservation back. Anything else may have spent it.
    if (error instanceof PermanentJobError || error instanceof SessionBudgetError)
      await cap.ledger.adjust(key, -cap.jobBudgetUsd);
    throw error;
  }
  await cap.ledger.adjust(key, (result.costUsd ?? 0) - cap.jobBudgetUsd);
  return result;
}
