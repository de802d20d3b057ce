import { createGitHubClient } from "../../src/github/github-client.js";
import { postCommentOnce } from "../../src/github/post-comment-once.js";
import type { InstallationTokenProvider } from "../shared/github-app-auth.js";
import type { JobMessage } from "../shared/job-message.js";

/** Posts a one-off comment on the job's PR as the App (used when a job ends in the DLQ). */
export function prNotifier(tokens: InstallationTokenProvider, githubApiUrl: string) {
  return async (job: JobMessage, text: string): Promise<void> => {
    if (job.pullNumber === undefined) return;
    const octokit = createGitHubClient({
      token: await tokens.installationToken(job.installationId),
      baseUrl: githubApiUrl,
    });
    await postCommentOnce(octokit, {
      owner: job.owner,
      repo: job.repo,
      issueNumber: job.pullNumber,
      body: text,
    });
  };
}
