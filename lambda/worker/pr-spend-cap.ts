import type { GitHubClient } from "../../src/github/github-client.js";
import { postCommentOnce } from "../../src/github/post-comment-once.js";
import type { JobMessage } from "../shared/job-message.js";
import type { SpendLedger } from "../shared/spend-ledger.js";
import { SessionBudgetError } from "./dispatch/session-settings.js";
import { type JobResult, PermanentJobError } from "./job-executor.js";

/** What a job reserved under the cap: a job that settles later (managed-agents) books its real cost then. */
export interface SpendReservation {
  key: string;
  amountUsd: number;
}

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
  run: (reservation?: SpendReservation) => Promise<JobResult>,
): Promise<JobResult> {
  const { job } = target;
  return withDailySpendCap(cap, `pr#${job.owner}/${job.repo}#${job.pullNumber}`.toLowerCase(), run, {
    what: "the PR",
    // One comment per PR and day, whoever claims the notice first.
    onFirstRefusal: async () => {
      await postCommentOnce(target.octokit, {
        owner: job.owner,
        repo: job.repo,
        issueNumber: job.pullNumber as number,
        body: `Claude's reviews of this pull request are paused until tomorrow (UTC): it reached today's spending cap of $${cap.capUsdPerDay.toFixed(2)}. Nothing else is needed; the next push or comment after that is reviewed as usual.`,
      });
    },
  });
}

/**
 * The scheduled audits of one installation share a daily cap: a fan-out to hundreds of repositories
 * runs audits until the installation's day is spent, and drops the rest with the reason logged.
 */
export function withAuditSpendCap(
  cap: PrSpendCap,
  job: JobMessage,
  run: (reservation?: SpendReservation) => Promise<JobResult>,
) {
  return withDailySpendCap(cap, `audit#installation#${job.installationId}`, run, {
    what: "the installation's audits",
  });
}

/** Reserve the job's whole budget under `scope` for today, run, then book what it really cost. */
export async function withDailySpendCap(
  cap: PrSpendCap,
  scope: string,
  run: (reservation?: SpendReservation) => Promise<JobResult>,
  options: { what: string; onFirstRefusal?: () => Promise<void> },
): Promise<JobResult> {
  const key = cap.ledger.key(scope);
  if (!(await cap.ledger.reserve(key, cap.jobBudgetUsd, cap.capUsdPerDay))) {
    if (options.onFirstRefusal && (await cap.ledger.claimNotice(key))) await options.onFirstRefusal();
    throw new PermanentJobError(`${options.what} reached the daily spend cap of $${cap.capUsdPerDay}`);
  }
  let result: JobResult;
  try {
    result = await run({ key, amountUsd: cap.jobBudgetUsd });
  } catch (error) {
    // These stop before any session starts: give the reservation back. Anything else may have spent it.
    if (error instanceof PermanentJobError || error instanceof SessionBudgetError)
      await cap.ledger.adjust(key, -cap.jobBudgetUsd);
    throw error;
  }
  // A remote session still running may spend up to its budget (the service enforces it as list price);
  // its settle step books the real cost against this reservation.
  if (!result.costPending) await cap.ledger.adjust(key, (result.costUsd ?? 0) - cap.jobBudgetUsd);
  return result;
}
