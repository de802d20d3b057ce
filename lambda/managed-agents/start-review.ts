import type { GitHubClient } from "../../src/github/github-client.js";
import { pullRequestRef } from "../../src/github/pull-request-ref.js";
import type { JobSettings } from "../../src/jobs/job-settings.js";
import { type RemoteReviewRecord, startRemoteReview } from "../../src/jobs/review/remote-review.js";
import type { ManagedAgentsEngine } from "../../src/runner/managed-agents/managed-agents-engine.js";
import type { SessionRecordStore } from "./session-record-store.js";

/**
 * The worker's review job on the managed-agents engine: read the PR, open the check run, create the
 * session (diff from the API: no clone, no CLI image) and record it for the webhook-driven settle.
 * Returns as soon as the session exists.
 */
export async function startManagedAgentsReview(run: {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
  engine: ManagedAgentsEngine;
  store: SessionRecordStore;
  settings: JobSettings;
  runUrl?: string;
}): Promise<RemoteReviewRecord> {
  const { data } = await run.octokit.rest.pulls.get({
    owner: run.owner,
    repo: run.repo,
    pull_number: run.pullNumber,
  });
  const pr = pullRequestRef(data);
  if (!pr) throw new Error(`${run.owner}/${run.repo}#${run.pullNumber} is not a readable pull request`);
  const previous = await run.store.latestForPullRequest({
    owner: run.owner,
    repo: run.repo,
    pullNumber: pr.number,
  });
  const record = await startRemoteReview(
    {
      octokit: run.octokit,
      owner: run.owner,
      repo: run.repo,
      pr,
      ...(run.runUrl ? { runUrl: run.runUrl } : {}),
    },
    run.settings,
    run.engine,
    previous,
  );
  await run.store.put(record);
  return record;
}
