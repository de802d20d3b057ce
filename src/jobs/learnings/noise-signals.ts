import { type ParsedFindingComment, parseFindingComment } from "../../findings/finding-markdown.js";
import { hasWriteAccess } from "../../github/actor-permission.js";
import type { GitHubClient } from "../../github/github-client.js";
import { listReviewComments } from "../../github/list-comments.js";
import { writtenByUs } from "../../github/own-comments.js";
import { isGraphqlUnavailable, listReviewThreads } from "../../github/review-threads.js";
import type { NoiseSignalKind } from "./suppression-record.js";

/** One of our inline findings on the PR, as we published it. */
export interface OurFinding {
  commentId: number;
  path: string;
  finding: ParsedFindingComment;
}

/** A writer's "not useful" on one of our findings (a reply still has to be classified). */
export interface NoiseSignal {
  kind: NoiseSignalKind;
  /** The GitHub object it came from; also what makes the record's id. */
  source: string;
  by: string;
  at: string;
  on: OurFinding;
  /** A reply's text, for the classifier. */
  reply?: string;
}

export interface CollectedSignals {
  signals: NoiseSignal[];
  /** Signals that did not count, and why (a reader who is not a writer, GraphQL closed to the token). */
  notes: string[];
}

/**
 * What the team said about our earlier findings on a PR, read from GitHub: a 👎 on one of our
 * inline comments, its thread resolved while the code at its lines stayed as it was (GitHub does not
 * call it outdated), or a reply in its thread. Only writers count (admin, maintain or write on the
 * repository, asked through the collaborators API): a PR's author without write access, or any
 * reader, cannot teach us to be quiet. A finding counts only when we wrote its comment (our login
 * and our marker), so a pasted marker on someone else's comment is nothing. `known` holds the
 * sources already recorded, which are not read again.
 */
export async function collectNoiseSignals(
  octokit: GitHubClient,
  pr: { owner: string; repo: string; pullNumber: number },
  known: ReadonlySet<string>,
  now: () => Date = () => new Date(),
): Promise<CollectedSignals> {
  const comments = await listReviewComments(octokit, pr);
  const ours = new Map<number, OurFinding>();
  for (const c of comments) {
    if (c.in_reply_to_id !== undefined || !writtenByUs(octokit, c.user)) continue;
    const finding = parseFindingComment(c.body);
    if (finding) ours.set(c.id, { commentId: c.id, path: c.path, finding });
  }
  if (ours.size === 0) return { signals: [], notes: [] };

  const writers = writerCheck(octokit, pr);
  const candidates: NoiseSignal[] = [];
  const notes: string[] = [];
  for (const c of comments) {
    const on = ours.get(c.id);
    if (on && (c.reactions?.["-1"] ?? 0) > 0) candidates.push(...(await thumbsDown(octokit, pr, on)));
    const parent = c.in_reply_to_id === undefined ? undefined : ours.get(c.in_reply_to_id);
    if (parent && !writtenByUs(octokit, c.user) && c.user)
      candidates.push({
        kind: "reply",
        source: `reply:${c.id}`,
        by: c.user.login,
        at: c.created_at,
        on: parent,
        reply: c.body,
      });
  }
  try {
    for (const thread of await listReviewThreads(octokit, pr)) {
      const on = thread.firstCommentId === undefined ? undefined : ours.get(thread.firstCommentId);
      // Resolved with its lines unchanged: a change at them makes GitHub call the thread outdated.
      if (!on || !thread.isResolved || thread.isOutdated || !thread.resolvedBy) continue;
      candidates.push({
        kind: "resolved_unchanged",
        source: `thread:${thread.id}`,
        by: thread.resolvedBy,
        at: now().toISOString(),
        on,
      });
    }
  } catch (error) {
    if (!isGraphqlUnavailable(error)) throw error;
    notes.push("resolved threads not read: GraphQL is closed to this token");
  }

  const signals: NoiseSignal[] = [];
  for (const signal of candidates) {
    if (known.has(signal.source)) continue;
    if (await writers(signal.by)) signals.push(signal);
    else
      notes.push(
        `${describeSignal(signal.kind, signal.on.path, signal.on.finding.title)} by @${signal.by} not counted: not a writer of the repository`,
      );
  }
  return { signals, notes };
}

/** 👎 reactions on one of our comments, each with who gave it. */
async function thumbsDown(
  octokit: GitHubClient,
  pr: { owner: string; repo: string },
  on: OurFinding,
): Promise<NoiseSignal[]> {
  const reactions = await octokit.paginate(octokit.rest.reactions.listForPullRequestReviewComment, {
    owner: pr.owner,
    repo: pr.repo,
    comment_id: on.commentId,
    content: "-1",
    per_page: 100,
  });
  return reactions.flatMap((r) =>
    r.user && r.content === "-1"
      ? [{ kind: "thumbs_down" as const, source: `reaction:${r.id}`, by: r.user.login, at: r.created_at, on }]
      : [],
  );
}

/** Whether a login may teach us, asked once per login per job. */
function writerCheck(octokit: GitHubClient, pr: { owner: string; repo: string }) {
  const answers = new Map<string, Promise<boolean>>();
  return (login: string): Promise<boolean> => {
    let answer = answers.get(login);
    if (!answer) {
      answer = hasWriteAccess(octokit, { owner: pr.owner, repo: pr.repo, username: login });
      answers.set(login, answer);
    }
    return answer;
  };
}

/** "👎 on src/a.ts “title”", for logs and notes. */
export function describeSignal(kind: NoiseSignalKind, path: string, title: string): string {
  const what = `${path} “${title}”`;
  if (kind === "thumbs_down") return `👎 on ${what}`;
  if (kind === "resolved_unchanged") return `thread resolved without a change on ${what}`;
  return `reply on ${what}`;
}
