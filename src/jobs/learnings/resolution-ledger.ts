import type { FindingResolution } from "../../github/finding-resolution.js";
import {
  jsonDocumentCodec,
  type RepositoryDocumentPlace,
  readDocument,
  updateDocument,
} from "../../sessions/repository-document.js";

/** One PR's latest count of our earlier findings and how many were resolved. */
export interface PullRequestTally extends FindingResolution {
  at: string;
  /** Counted when the PR closed: its final numbers. */
  closed?: boolean;
}

export interface ResolutionDocument {
  version: 1;
  /** By PR number. */
  pullRequests: Record<string, PullRequestTally>;
}

/** The repository's rate: every PR's latest tally, summed. */
export interface RepositoryResolution {
  pullRequests: number;
  earlier: number;
  resolved: number;
  /** 0 to 1, three decimals. */
  rate: number;
}

/** PRs kept in the tally; the oldest drop out first, so the rate follows the recent work. */
export const MAX_TALLIED_PULL_REQUESTS = 500;

const DOCUMENT_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["version", "pullRequests"],
  properties: {
    version: { const: 1 },
    pullRequests: {
      type: "object",
      propertyNames: { pattern: "^[1-9][0-9]{0,9}$" },
      additionalProperties: {
        type: "object",
        additionalProperties: false,
        required: ["earlier", "resolved", "at"],
        properties: {
          earlier: { type: "integer", minimum: 0 },
          resolved: { type: "integer", minimum: 0 },
          at: { type: "string", format: "date-time" },
          closed: { type: "boolean" },
        },
      },
    },
  },
} as const;

const RESOLUTION = jsonDocumentCodec<ResolutionDocument>({
  name: "resolution",
  what: "resolution tally",
  empty: { version: 1, pullRequests: {} },
  schema: DOCUMENT_SCHEMA,
});

/**
 * Records a PR's tally, replacing its earlier one (each count covers all of the PR's findings so
 * far, so the latest is the truest; a PR's count at close is its last), and returns the repository's
 * rate.
 */
export async function recordPullRequestResolution(
  place: RepositoryDocumentPlace,
  pullNumber: number,
  tally: FindingResolution & { closed?: boolean },
  now: () => Date = () => new Date(),
): Promise<RepositoryResolution | undefined> {
  return updateDocument(place, RESOLUTION, (document) => {
    const key = String(pullNumber);
    const entry: PullRequestTally = {
      earlier: tally.earlier,
      resolved: Math.min(tally.resolved, tally.earlier),
      at: now().toISOString(),
      ...(tally.closed ? { closed: true } : {}),
    };
    const kept = Object.entries({ ...document.pullRequests, [key]: entry })
      .sort(([, a], [, b]) => a.at.localeCompare(b.at))
      .slice(-MAX_TALLIED_PULL_REQUESTS);
    const next: ResolutionDocument = { version: 1, pullRequests: Object.fromEntries(kept) };
    return { document: next, result: repositoryRate(next) };
  });
}

/** The repository's rate as stored, or undefined when no PR has earlier findings yet. */
export async function readRepositoryResolution(
  place: RepositoryDocumentPlace,
): Promise<RepositoryResolution | undefined> {
  return repositoryRate(await readDocument(place, RESOLUTION));
}

function repositoryRate(document: ResolutionDocument): RepositoryResolution | undefined {
  const tallies = Object.values(document.pullRequests).filter((t) => t.earlier > 0);
  const earlier = tallies.reduce((sum, t) => sum + t.earlier, 0);
  if (earlier === 0) return undefined;
  const resolved = tallies.reduce((sum, t) => sum + t.resolved, 0);
  return {
    pullRequests: tallies.length,
    earlier,
    resolved,
    rate: Math.round((1000 * resolved) / earlier) / 1000,
  };
}

/** "Across 4 PRs, 9 of 12 earlier review findings were resolved (75%)". */
export function repositoryResolutionLine(resolution: RepositoryResolution): string {
  const percent = Math.round(100 * resolution.rate);
  return `Across ${resolution.pullRequests} PR(s), ${resolution.resolved} of ${resolution.earlier} earlier review findings were resolved (${percent}%)`;
}
