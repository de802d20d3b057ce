import { concludeStaleCheckRuns, jobCheckRunExternalId } from "../../src/github/check-run-publisher.js";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { postCommentOnce } from "../../src/github/post-comment-once.js";
import { AUTOFIX_CHECK_NAME } from "../../src/jobs/autofix/autofix-plan.js";
import { REVIEW_CHECK_NAME } from "../../src/jobs/review/review-pull-request.js";
import type { InstallationTokenProvider } from "../shared/github-app-auth.js";
import type { JobMessage } from "../shared/job-message.js";

/** The check run each job kind opens on its PR's head; the others open none. */
const CHECK_NAME: Partial<Record<JobMessage["kind"], string>> = {
  review: REVIEW_CHECK_NAME,
  autofix: AUTOFIX_CHECK_NAME,
};

/**
 * What the worker does for a job that ends in the DLQ, as the App: the check run any attempt of the
 * job opened and never completed (its attempt was killed, and no retry follows) is concluded
 * `neutral` with the reason, so it blocks no merge; then one comment on the PR says so. The token
 * minted for this is revoked at the end. Each step is best effort: GitHub may be what failed.
 */
export function prNotifier(tokens: InstallationTokenProvider, githubApiUrl: string) {
  return async (job: JobMessage, text: string): Promise<void> => {
    if (job.pullNumber === undefined) return;
    const token = await tokens.installationToken(job.installationId);
    const octokit = createGitHubClient({ token, baseUrl: githubApiUrl });
    try {
      const concluded = await concludeJobCheckRuns(octokit, job, job.pullNumber).catch(() => []);
      await postCommentOnce(octokit, {
        owner: job.owner,
        repo: job.repo,
        issueNumber: job.pullNumber,
        body: concluded.length > 0 ? `${text} Its check run was concluded as neutral.` : text,
      });
    } finally {
      // Already expired, or revoked by GitHub: nothing left to do.
      await tokens.revokeToken?.(token).catch(() => undefined);
    }
  };
}

async function concludeJobCheckRuns(
  octokit: GitHubClient,
  job: JobMessage,
  pullNumber: number,
): Promise<number[]> {
  const name = CHECK_NAME[job.kind];
  if (!name) return [];
  // A push names its head; a comment's job ran on the head it read, which is the PR's head unless it
  // moved since (then the superseding push's job concludes the old one).
  const headSha =
    job.headSha ??
    (await octokit.rest.pulls.get({ owner: job.owner, repo: job.repo, pull_number: pullNumber })).data.head
      .sha;
  return concludeStaleCheckRuns(
    octokit,
    { owner: job.owner, repo: job.repo, headSha, name, externalId: jobCheckRunExternalId(job.jobId) },
    {
      title: "Stopped: no retry follows",
      summary:
        "Every attempt of this job was stopped or failed, so it is kept in the dead-letter queue for an operator to inspect and redrive. Nothing was published for this commit.",
    },
  );
}
