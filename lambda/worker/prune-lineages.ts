import type { GitHubClient } from "../../src/github/github-client.js";
import { httpStatusOf } from "../../src/github/http-status.js";
import { type LineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { LineageIndexCorruptError } from "../../src/sessions/session-errors.js";
import type { TranscriptStore } from "../../src/sessions/transcript-store.js";

export interface PruneRequest {
  owner: string;
  repo: string;
  /** Only this PR; absent = every PR lineage of the repo. */
  pullNumber?: number;
}

export interface PruneResult {
  /** Lineage keys removed (e.g. "o/r/pr/7"). */
  deleted: string[];
  /** PR lineages whose PR is still open. */
  kept: string[];
  /** One bad lineage never stops the others; a failed lineage is never deleted. */
  failed: { key: string; reason: string }[];
}

export interface PruneDeps {
  store: TranscriptStore;
  github: GitHubClient;
  log?: (line: string) => void;
}

type PrLineageKey = Extract<LineageKey, { kind: "pr" }>;

/** What GitHub says about the PR of a lineage. */
type PullVerdict = { prune: true; why: string } | { prune: false };

// GitHub answers 404 for a deleted repository, a PR number that does not exist, and a repository the
// installation can no longer see; 410 for a deleted issue/PR. Either way no job can ever use the lineage.
const GONE = new Set([404, 410]);

/**
 * Deletes the session lineages of closed PRs of one repository (issue 8: `pull_request.closed` and the
 * scheduled prune). GitHub is asked for every lineage at the time of the prune, not trusted from the
 * delivery: a PR reopened after its `closed` delivery was queued keeps its history. Branch lineages
 * (scheduled audits) are never touched.
 */
export async function pruneClosedLineages(request: PruneRequest, deps: PruneDeps): Promise<PruneResult> {
  const log = deps.log ?? (() => {});
  const result: PruneResult = { deleted: [], kept: [], failed: [] };
  const keys = await candidateLineages(request, deps.store, result);
  for (const key of keys) {
    let verdict: PullVerdict;
    try {
      verdict = await askGitHub(deps.github, key);
    } catch (error) {
      const reason = `GitHub could not say whether the PR is closed: ${describe(error)}`;
      result.failed.push({ key: key.key, reason });
      log(`prune ${key.key}: kept for now, ${reason}`);
      continue;
    }
    if (!verdict.prune) {
      result.kept.push(key.key);
      log(`prune ${key.key}: kept, the PR is open`);
      continue;
    }
    try {
      await deps.store.deleteLineage(key);
      result.deleted.push(key.key);
      log(`prune ${key.key}: deleted, ${verdict.why}`);
    } catch (error) {
      const reason = `deleting from the ${deps.store.backend} store failed: ${describe(error)}`;
      result.failed.push({ key: key.key, reason });
      log(`prune ${key.key}: ${reason}`);
    }
  }
  return result;
}

/**
 * The PR lineages to look at. One PR: read its index directly rather than list the whole store (an S3
 * listing walks every object of every repository). A corrupt index still counts as stored: it belongs
 * to the PR and goes with it.
 */
async function candidateLineages(
  request: PruneRequest,
  store: TranscriptStore,
  result: PruneResult,
): Promise<PrLineageKey[]> {
  // Validates owner, repo and the number with the rules every stored key follows (LineageKeyError).
  const probe = prLineageKey(request.owner, request.repo, request.pullNumber ?? 1) as PrLineageKey;
  if (request.pullNumber !== undefined) {
    try {
      return (await store.readIndex(probe)) ? [probe] : [];
    } catch (error) {
      if (error instanceof LineageIndexCorruptError) return [probe];
      result.failed.push({ key: probe.key, reason: `reading the lineage index failed: ${describe(error)}` });
      return [];
    }
  }
  // GitHub owner and repository names are case-insensitive: "Acme/App" and "acme/app" are one repository.
  const owner = request.owner.toLowerCase();
  const repo = request.repo.toLowerCase();
  return (await store.listLineages()).filter(
    (key): key is PrLineageKey =>
      key.kind === "pr" && key.owner.toLowerCase() === owner && key.repo.toLowerCase() === repo,
  );
}

async function askGitHub(github: GitHubClient, key: PrLineageKey): Promise<PullVerdict> {
  try {
    const { data } = await github.rest.pulls.get({
      owner: key.owner,
      repo: key.repo,
      pull_number: key.number,
    });
    // "closed" covers merged and closed-unmerged alike.
    if (data.state === "closed")
      return { prune: true, why: data.merged ? "the PR was merged" : "the PR is closed" };
    return { prune: false };
  } catch (error) {
    const status = httpStatusOf(error);
    if (status !== undefined && GONE.has(status))
      return { prune: true, why: `GitHub answered ${status} (the PR or the repository is gone)` };
    throw error;
  }
}

function describe(error: unknown): string {
  const status = httpStatusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return status === undefined ? message : `HTTP ${status}: ${message}`;
}
