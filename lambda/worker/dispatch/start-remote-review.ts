import type { GitHubClient } from "../../../src/github/github-client.js";
import type { PathFilterSettings } from "../../../src/jobs/review/path-filter.js";
import { type RemoteReviewStarted, startRemoteReview } from "../../../src/jobs/review/remote-review.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { PullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { readPullRequest } from "../../../src/jobs/shared/read-pull-request.js";
import type { ManagedAgentsEngine } from "../../../src/runner/managed-agents/managed-agents-engine.js";
import type { SessionRecordStore, SpendReservationRef } from "../../shared/session-record-store.js";

/**
 * The worker's review job on the managed-agents engine: read the PR, open the check run, create the
 * session (diff from the API: no clone, no CLI image) and record it for the webhook-driven settle.
 * Returns as soon as the session exists; a PR whose changed files the path filters all leave out gets
 * a neutral check and no session.
 */
export async function startManagedAgentsReview(run: {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
  /** The PR as the caller already read it; read here when absent. */
  pr?: PullRequestRef;
  engine: ManagedAgentsEngine;
  store: SessionRecordStore;
  settings: JobSettings;
  runUrl?: string;
  /** Stored with the session so the settle function can publish with this installation's token. */
  installationId?: number;
  /** The job's spend-cap reservation, booked to the session's real cost when it settles. */
  spendReservation?: SpendReservationRef;
  /** Mints the mount token: this repository only, contents read (default: the engine's own). */
  mountToken?: () => Promise<string>;
  /** The worker's INCLUDE and EXCLUDE, added to the repository's own globs (read at the base). */
  pathFilter?: PathFilterSettings;
  /** `review <path…>`: only these paths. */
  paths?: string[];
}): Promise<RemoteReviewStarted> {
  const pr = run.pr ?? (await openPullRequest(run));
  const previous = await run.store.latestForPullRequest({
    owner: run.owner,
    repo: run.repo,
    pullNumber: pr.number,
  });
  const started = await startRemoteReview(
    {
      octokit: run.octokit,
      owner: run.owner,
      repo: run.repo,
      pr,
      ...(run.runUrl ? { runUrl: run.runUrl } : {}),
      ...(run.mountToken ? { mountToken: run.mountToken } : {}),
      ...(run.pathFilter ? { pathFilter: run.pathFilter } : {}),
      ...(run.paths?.length ? { paths: run.paths } : {}),
    },
    run.settings,
    run.engine,
    previous,
  );
  if (started.status === "skipped") return started;
  await run.store.put(started.record, {
    ...(run.installationId === undefined ? {} : { installationId: run.installationId }),
    ...(run.spendReservation ? { spendReservation: run.spendReservation } : {}),
  });
  return started;
}

/** The PR read by the shared PR-setup reader: one that is gone, closed or merged is not reviewed. */
async function openPullRequest(run: {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
}): Promise<PullRequestRef> {
  const read = await readPullRequest(run.octokit, run);
  if (read.status === "refused") throw new Error(`not reviewed: ${read.message}`);
  return read.pr;
}
