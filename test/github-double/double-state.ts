import { parsePatch } from "diff";

/** In-memory GitHub state held by the double. Field names follow GitHub's REST payloads. */
export interface UserRef {
  login: string;
  type: "User" | "Bot";
}

export interface RepoState {
  id: number;
  owner: string;
  name: string;
  fullName: string;
  defaultBranch: string;
  private: boolean;
  /** login -> permission as reported by `repos/get-collaborator-permission-level`. */
  collaborators: Map<string, "admin" | "maintain" | "write" | "triage" | "read">;
  labels: Map<string, { id: number; name: string; color: string; description: string | null }>;
  /** Bare repository that backs the Git database API (blobs, trees, commits, refs), when seeded. */
  gitDir?: string;
}

export interface PullFile {
  filename: string;
  previous_filename?: string;
  status: "added" | "removed" | "modified" | "renamed";
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
  /** New-side lines that may carry a review comment, grouped per hunk (index = hunk number). */
  commentableHunks: Array<Set<number>>;
  /** Each hunk's lines without its header: what a comment is anchored to (GitHub's `diff_hunk`). */
  hunkTexts: string[];
}

export interface PullRequestState {
  repo: string;
  number: number;
  title: string;
  body: string;
  user: UserRef;
  state: "open" | "closed";
  /** A closed PR that was merged (set `state` to "closed" too). */
  merged: boolean;
  draft: boolean;
  head: { sha: string; ref: string; repoFullName: string | null };
  base: { sha: string; ref: string };
  diff: string;
  files: PullFile[];
  /** When true, asking for the diff media type answers 406 like GitHub does for huge diffs. */
  diffTooLarge: boolean;
  /** Label names on the PR (PRs are issues for the labels endpoints). */
  labels: string[];
}

export interface IssueCommentState {
  id: number;
  repo: string;
  issueNumber: number;
  body: string;
  user: UserRef;
  createdAt: string;
  updatedAt: string;
}

export interface ReactionState {
  id: number;
  repo: string;
  subject: "issue_comment" | "review_comment";
  commentId: number;
  content: string;
  user: UserRef;
  createdAt: string;
}

export interface ReviewState {
  id: number;
  repo: string;
  pullNumber: number;
  body: string;
  state: "COMMENTED" | "CHANGES_REQUESTED" | "APPROVED" | "PENDING";
  commitId: string;
  user: UserRef;
  submittedAt: string;
}

export interface ReviewCommentState {
  id: number;
  repo: string;
  pullNumber: number;
  reviewId: number | null;
  path: string;
  line: number | null;
  startLine: number | null;
  side: "RIGHT" | "LEFT";
  subjectType: "line" | "file";
  body: string;
  inReplyToId: number | null;
  commitId: string;
  /**
   * The hunk the comment was anchored to when written: GitHub marks its thread outdated once the
   * PR's diff no longer has that hunk (the code at the line changed), and keeps it when only lines
   * above moved.
   */
  diffHunk?: string;
  user: UserRef;
  createdAt: string;
}

export interface CheckRunState {
  id: number;
  repo: string;
  name: string;
  headSha: string;
  status: string;
  conclusion: string | null;
  detailsUrl: string | null;
  externalId: string | null;
  startedAt: string;
  completedAt: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  annotations: Array<Record<string, unknown>>;
}

export interface IssueState {
  repo: string;
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  stateReason: string | null;
  labels: string[];
  user: UserRef;
  createdAt: string;
  updatedAt: string;
}

/** Where the App is installed (an account and the repositories it selected). */
export interface InstallationState {
  id: number;
  account: string;
  /** `owner/repo` names. */
  repos: string[];
  suspended: boolean;
}

export interface SarifUploadState {
  id: string;
  repo: string;
  commitSha: string;
  ref: string;
  toolName?: string;
  sarif: { version: string; runs: Array<{ tool: { driver: { name: string } }; results?: unknown[] }> };
}

export interface DoubleState {
  repos: Map<string, RepoState>;
  pulls: Map<string, PullRequestState>;
  issues: Map<string, IssueState>;
  issueComments: IssueCommentState[];
  /** Reactions on conversation and review comments (GitHub keeps one per user and content). */
  reactions: ReactionState[];
  reviews: ReviewState[];
  reviewComments: ReviewCommentState[];
  /** Review threads marked resolved (GraphQL `resolveReviewThread`), by the id of the thread's first comment. */
  resolvedThreads: Set<number>;
  /** Who resolved each resolved thread (GraphQL `resolvedBy`); a thread resolved without one names the viewer. */
  threadResolvers: Map<number, UserRef>;
  checkRuns: CheckRunState[];
  /** SARIF logs accepted by code scanning, decoded (gunzipped and parsed). */
  sarifUploads: SarifUploadState[];
  installations: Map<number, InstallationState>;
  /** Deliveries of the App's webhook (`GET /app/hook/deliveries`), newest first. */
  hookDeliveries: HookDeliveryState[];
  /** Issue and PR numbers share one sequence per repository, as on GitHub. */
  nextNumber: Map<string, number>;
}

export interface HookDeliveryState {
  id: number;
  guid: string;
  deliveredAt: string;
  redelivery: boolean;
  statusCode: number;
  event: string;
  action: string | null;
}

export function emptyState(): DoubleState {
  return {
    repos: new Map(),
    pulls: new Map(),
    issues: new Map(),
    issueComments: [],
    reactions: [],
    reviews: [],
    reviewComments: [],
    resolvedThreads: new Set(),
    threadResolvers: new Map(),
    checkRuns: [],
    sarifUploads: [],
    installations: new Map(),
    hookDeliveries: [],
    nextNumber: new Map(),
  };
}

export const itemKey = (repo: string, number: number): string => `${repo}#${number}`;

/** The hunk of the PR's diff a comment on `path` at new-side `line` is anchored to, if any. */
export function hunkAt(pr: PullRequestState, path: string, line: number | null): string | undefined {
  if (line === null) return undefined;
  const file = pr.files.find((f) => f.filename === path);
  const index = file?.commentableHunks.findIndex((lines) => lines.has(line)) ?? -1;
  return index >= 0 ? file?.hunkTexts[index] : undefined;
}

/** GitHub's "outdated": the hunk the comment was written on is gone from the PR's diff. */
export function isOutdatedComment(pr: PullRequestState, comment: ReviewCommentState): boolean {
  if (comment.diffHunk === undefined) return comment.commitId !== pr.head.sha;
  const file = pr.files.find((f) => f.filename === comment.path);
  return !file?.hunkTexts.includes(comment.diffHunk);
}

/**
 * Derives the PR's file list (with per-file `patch` as the files API returns it) and the commentable
 * lines from a unified diff. This is the double's own reading of the diff, deliberately independent of
 * the code under test, so a bug in `src/github`'s diff mapping shows up as a 422 here.
 */
export function filesFromDiff(diff: string): PullFile[] {
  return parsePatch(diff)
    .filter((p) => p.newFileName !== undefined || p.oldFileName !== undefined)
    .map((p) => {
      const strip = (name: string | undefined) => (name ?? "").replace(/^[ab]\//, "");
      const removed = p.newFileName === "/dev/null" || p.isDelete === true;
      const added = p.oldFileName === "/dev/null" || p.isCreate === true;
      const filename = removed ? strip(p.oldFileName) : strip(p.newFileName);
      const previous = strip(p.oldFileName);
      const renamed = !added && !removed && previous !== filename;
      let additions = 0;
      let deletions = 0;
      const commentableHunks: Array<Set<number>> = [];
      const hunkTexts: string[] = [];
      const patchLines: string[] = [];
      for (const h of p.hunks) {
        hunkTexts.push(h.lines.join("\n"));
        patchLines.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
        const lines = new Set<number>();
        let newLine = h.newStart;
        for (const l of h.lines) {
          patchLines.push(l);
          if (l.startsWith("+")) {
            additions++;
            lines.add(newLine++);
          } else if (l.startsWith("-")) {
            deletions++;
          } else if (l.startsWith(" ")) {
            lines.add(newLine++);
          }
        }
        commentableHunks.push(removed ? new Set() : lines);
      }
      const file: PullFile = {
        filename,
        status: removed ? "removed" : added ? "added" : renamed ? "renamed" : "modified",
        additions,
        deletions,
        changes: additions + deletions,
        commentableHunks,
        hunkTexts,
      };
      if (renamed) file.previous_filename = previous;
      if (patchLines.length > 0) file.patch = patchLines.join("\n");
      return file;
    });
}
