import type { FindingResolution } from "../../github/finding-resolution.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import {
  type RepositoryResolution,
  readRepositoryResolution,
  recordPullRequestResolution,
  repositoryResolutionLine,
} from "./resolution-ledger.js";

/**
 * After a review (or at a PR's close): the PR's count goes into the repository's tally beside the
 * sessions, and the repository's rate comes back for the door's output, metric and log. Only a
 * trusted run writes; an untrusted one reads. The rate is a report, never a gate: a store failure
 * is logged and the job goes on without it.
 */
export async function tallyResolution(input: {
  store: TranscriptStore | undefined;
  owner: string;
  repo: string;
  pullNumber: number;
  resolution: (FindingResolution & { closed?: boolean }) | undefined;
  untrusted: boolean;
  log?: (line: string) => void;
}): Promise<RepositoryResolution | undefined> {
  if (!input.store) return undefined;
  const place = { store: input.store, owner: input.owner, repo: input.repo };
  try {
    const repository =
      input.resolution && !input.untrusted
        ? await recordPullRequestResolution(place, input.pullNumber, input.resolution)
        : await readRepositoryResolution(place);
    if (repository) input.log?.(`Resolution rate: ${repositoryResolutionLine(repository)}`);
    return repository;
  } catch (error) {
    input.log?.(`Resolution rate not recorded: ${(error as Error).message}`);
    return undefined;
  }
}
