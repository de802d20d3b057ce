import type { FindingSeverity } from "./finding.js";
import { parseFindingComment } from "./finding-markdown.js";
import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/** One finding of an earlier review, as our `ReviewPublisher` left it on the pull request. */
export interface PriorReviewFinding {
  path: string;
  /** First line the comment covers at the PR head; absent for a file-level comment. */
  line?: number;
  severity: FindingSeverity;
  category: string;
  title: string;
  body: string;
  fingerprint: string;
}

export interface PriorReviewTarget {
  owner: string;
  repo: string;
  pullNumber: number;
}

export interface ReadPriorReviewFindingsOptions {
  /**
   * Logins whose marked comments count as ours. Default: any Bot account (GITHUB_TOKEN posts as
   * `github-actions[bot]`, a GitHub App as `<slug>[bot]`). Set it when reviews are posted with a
   * personal token: a person can paste our hidden marker, and the model must not take orders from it.
   */
  authors?: readonly string[];
  /** At most this many findings, newest first. Default 50. */
  limit?: number;
  /**
   * Categories that are not review findings. Default `["autofix"]`: a fork PR's autofix posts its
   * fix as fingerprinted suggestion comments through the same publisher.
   */
  excludeCategories?: readonly string[];
}

export class PriorFindingsReadError extends Error {
  override readonly name = "PriorFindingsReadError";
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Reads back the findings our last review left on a pull request: the fingerprinted inline and
 * file-level comments of `ReviewPublisher` that are still live. A comment GitHub marked outdated (its
 * line is gone from the head) is skipped, and one the publisher deleted because the finding went away
 * is simply absent. A PR (or repository) that does not exist answers `[]`; other failures throw a
 * `PriorFindingsReadError` naming the status.
 */
export async function readPriorReviewFindings(
  octokit: GitHubClient,
  target: PriorReviewTarget,
  options: ReadPriorReviewFindingsOptions = {},
): Promise<PriorReviewFinding[]> {
  const limit = options.limit ?? 50;
  const excluded = new Set(options.excludeCategories ?? ["autofix"]);
  const authors = options.authors?.map((a) => a.toLowerCase());
  let comments: Awaited<ReturnType<typeof listComments>>;
  try {
    comments = await listComments(octokit, target);
  } catch (error) {
    const status = httpStatusOf(error);
    if (status === 404) return [];
    throw new PriorFindingsReadError(readFailure(target, status, error), status, { cause: error });
  }

  const newestFirst = [...comments].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || Number(b.id) - Number(a.id),
  );
  const seen = new Set<string>();
  const findings: PriorReviewFinding[] = [];
  for (const c of newestFirst) {
    if (findings.length >= limit) break;
    // Replies are conversation, not findings; a reply keeps its thread but says nothing new.
    if (c.in_reply_to_id !== undefined && c.in_reply_to_id !== null) continue;
    if (!c.user || !isOurs(c.user, authors)) continue;
    const fileLevel = c.subject_type === "file";
    // GitHub nulls `line` and `position` once the commented line no longer exists at the head.
    if (!fileLevel && c.line == null && c.position == null) continue;
    const parsed = parseFindingComment(c.body);
    if (!parsed || excluded.has(parsed.category) || seen.has(parsed.fingerprint)) continue;
    seen.add(parsed.fingerprint);
    const line = fileLevel ? undefined : (c.start_line ?? c.line ?? undefined);
    findings.push({ path: c.path, ...(line == null ? {} : { line }), ...parsed });
  }
  return findings;
}

function listComments(octokit: GitHubClient, target: PriorReviewTarget) {
  return octokit.paginate(octokit.rest.pulls.listReviewComments, {
    owner: target.owner,
    repo: target.repo,
    pull_number: target.pullNumber,
    per_page: 100,
  });
}

function isOurs(user: { login: string; type: string }, authors: string[] | undefined): boolean {
  if (authors) return authors.includes(user.login.toLowerCase());
  return user.type === "Bot";
}

function readFailure(target: PriorReviewTarget, status: number | undefined, error: unknown): string {
  const where = `${target.owner}/${target.repo}#${target.pullNumber}`;
  const base = `could not read the review comments of ${where}`;
  if (status === undefined) return `${base}: ${error instanceof Error ? error.message : String(error)}`;
  if (status === 401 || status === 403)
    return `${base}: GitHub answered ${status}; the token needs \`pull-requests: read\` on this repository`;
  if (status >= 500)
    return `${base}: GitHub answered ${status} (a server error, retries exhausted); try again later`;
  return `${base}: GitHub answered ${status}`;
}
