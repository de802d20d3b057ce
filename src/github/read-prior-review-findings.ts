import type { FindingSeverity } from "../findings/finding.js";
import { type ParsedFindingComment, parseFindingComment } from "../findings/finding-markdown.js";
import { hasStickyMarker } from "./comment-markers.js";
import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";
import { listIssueComments, listReviewComments } from "./list-comments.js";
import { ownLoginsOf } from "./own-comments.js";
import { isGraphqlUnavailable, listReviewThreads, type ReviewThread } from "./review-threads.js";
import { FAILED_RUN_VERDICT, type ParsedRunReport, parseRunReport } from "./run-report-markdown.js";
import { REVIEW_STICKY_KEY } from "./sticky-comment.js";

/** One finding of an earlier review, as our publishers left it on the pull request. */
export interface PriorReviewFinding {
  path: string;
  /** First line of the finding: where its comment sits at the head, else where the review saw it. */
  line?: number;
  severity: FindingSeverity;
  category: string;
  title: string;
  /** The comment's explanation (with its suggestion block); absent when only the summary lists it. */
  body?: string;
  /** The hidden marker's fingerprint, when the finding has a comment. */
  fingerprint?: string;
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
  /** At most this many findings. Default 50. */
  limit?: number;
  /**
   * Categories that are not review findings. Default `["autofix"]`: a fork PR's autofix posts its
   * fix as fingerprinted suggestion comments through the same publisher.
   */
  excludeCategories?: readonly string[];
  /** Key of the review's sticky summary. Default `REVIEW_STICKY_KEY`. */
  stickyKey?: string;
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

type MarkedComment = ParsedFindingComment & { id: number; path: string; line?: number; live: boolean };

/**
 * Reads back the findings of the PR's latest review from what our publishers left on it.
 *
 * The sticky summary lists every finding of the latest review, so when it is there (and that review
 * did not fail) it decides which findings count; the fingerprinted review comments add each one's
 * explanation and its current line. A comment kept only because someone replied to it, for a finding
 * the latest review no longer reports, is left out. Without a usable summary, the live comments are
 * the findings: GitHub nulls the line of an outdated comment, and the publisher resolves the threads of
 * those whose finding went away (read through GraphQL; deleted instead where GraphQL is unavailable). A PR or repository that does not exist answers `[]`; other failures throw a
 * `PriorFindingsReadError` naming the status.
 */
export async function readPriorReviewFindings(
  octokit: GitHubClient,
  target: PriorReviewTarget,
  options: ReadPriorReviewFindingsOptions = {},
): Promise<PriorReviewFinding[]> {
  const limit = options.limit ?? 50;
  const authors = options.authors?.map((a) => a.toLowerCase()) ?? ownLoginsOf(octokit);
  const isOurs = (user: { login: string; type: string } | null) =>
    user !== null && (authors ? authors.includes(user.login.toLowerCase()) : user.type === "Bot");

  let reviewComments: Awaited<ReturnType<typeof listReviewComments>>;
  let issueComments: Awaited<ReturnType<typeof listIssueComments>>;
  try {
    [reviewComments, issueComments] = await Promise.all([
      listReviewComments(octokit, target),
      listIssueComments(octokit, { ...target, issueNumber: target.pullNumber }),
    ]);
  } catch (error) {
    const status = httpStatusOf(error);
    if (status === 404) return [];
    throw new PriorFindingsReadError(readFailure(target, status, error), status, { cause: error });
  }

  const excluded = new Set(options.excludeCategories ?? ["autofix"]);
  const marked: MarkedComment[] = [];
  for (const c of newestFirst(reviewComments)) {
    // Replies are conversation, not findings.
    if (c.in_reply_to_id != null || !isOurs(c.user)) continue;
    const parsed = parseFindingComment(c.body);
    if (!parsed || excluded.has(parsed.category)) continue;
    const fileLevel = c.subject_type === "file";
    const line = fileLevel ? undefined : (c.start_line ?? c.line ?? undefined);
    // GitHub nulls `line` and `position` once the commented line no longer exists at the head.
    const live = fileLevel || c.line != null || c.position != null;
    marked.push({ ...parsed, id: c.id, path: c.path, ...(line == null ? {} : { line }), live });
  }

  const sticky = newestFirst(issueComments).find(
    (c) => isOurs(c.user) && hasStickyMarker(c.body, options.stickyKey ?? REVIEW_STICKY_KEY),
  );
  const report = parseRunReport(sticky?.body);
  const usable = report?.complete && !report.verdict.startsWith(FAILED_RUN_VERDICT);
  const findings = usable
    ? fromReport(report, marked)
    : fromLiveComments(await withoutResolvedThreads(octokit, target, marked));
  return findings.slice(0, limit);
}

/**
 * The publisher resolves the threads of comments whose finding went away (and a person may resolve one
 * too): without a summary to go by, a resolved thread is not a live finding. Resolution is only visible
 * through GraphQL; where this token or server has none, the publisher deleted such comments instead.
 */
async function withoutResolvedThreads(
  octokit: GitHubClient,
  target: PriorReviewTarget,
  marked: MarkedComment[],
): Promise<MarkedComment[]> {
  if (!marked.some((c) => c.live)) return marked;
  let threads: ReviewThread[];
  try {
    threads = await listReviewThreads(octokit, target);
  } catch (error) {
    if (isGraphqlUnavailable(error)) return marked;
    const status = httpStatusOf(error);
    throw new PriorFindingsReadError(
      `${readFailure(target, status, error)} (review threads, GraphQL)`,
      status,
      { cause: error },
    );
  }
  const resolved = new Set(threads.filter((t) => t.isResolved).map((t) => t.firstCommentId));
  return marked.map((c) => (resolved.has(c.id) ? { ...c, live: false } : c));
}

/** The latest review's own list, each row enriched by its comment (a live one first). */
function fromReport(report: ParsedRunReport, marked: readonly MarkedComment[]): PriorReviewFinding[] {
  const byKey = new Map<string, MarkedComment[]>();
  for (const c of [...marked].sort((a, b) => Number(b.live) - Number(a.live))) {
    const key = keyOf(c.path, c.category, c.title);
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }
  return report.findings.map((row) => {
    // Repeated findings (same path, category and title) take their comments in turn.
    const c = byKey.get(keyOf(row.path, row.category, row.title))?.shift();
    const line = c?.live && c.line !== undefined ? c.line : row.startLine;
    return {
      path: row.path,
      line,
      severity: row.severity,
      category: c?.category ?? row.category,
      title: c?.title ?? row.title,
      ...(c ? { body: c.body, fingerprint: c.fingerprint } : {}),
    };
  });
}

function fromLiveComments(marked: readonly MarkedComment[]): PriorReviewFinding[] {
  const seen = new Set<string>();
  const findings: PriorReviewFinding[] = [];
  for (const { live, id: _id, ...c } of marked) {
    if (!live || seen.has(c.fingerprint)) continue;
    seen.add(c.fingerprint);
    findings.push(c);
  }
  return findings;
}

/** The summary table flattens newlines (see `tableCell`); compare on that footing. */
function keyOf(path: string, category: string, title: string): string {
  const flat = (s: string) => s.replace(/\r?\n/g, " ");
  return `${path}\n${flat(category)}\n${flat(title)}`;
}

function newestFirst<T extends { id: number | bigint; created_at: string }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || Number(b.id) - Number(a.id),
  );
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
