import type { Finding } from "../findings/finding.js";
import type { DiffLineMap } from "./diff-line-map.js";

/**
 * reviewdog's filter modes: which findings a PR review reports at all.
 * - `added`: only findings touching an added line;
 * - `diff_context`: findings touching any line shown in the diff (added or context);
 * - `file`: findings anywhere in a file the PR changes;
 * - `nofilter`: everything, including files the PR does not touch.
 */
export type FilterMode = "added" | "diff_context" | "file" | "nofilter";

export const FILTER_MODES: readonly FilterMode[] = ["added", "diff_context", "file", "nofilter"];

export type Placement =
  /** A review comment on RIGHT-side lines of one hunk; `startLine` is set for a range. */
  | { kind: "inline"; path: string; line: number; startLine?: number; withSuggestion: boolean }
  /** In a changed file but on no diff line: a file-level comment (`subject_type: file`). */
  | { kind: "file"; path: string }
  /** Reported, but only in the review body (file not in the PR, `nofilter`). */
  | { kind: "body" }
  /** Outside the filter mode's scope: not part of the review (still in checks, SARIF, summary). */
  | { kind: "filtered"; reason: string };

/** Decides where one finding may go on a PR, given the PR's diff. Pure. */
export function placeFinding(map: DiffLineMap, finding: Finding, mode: FilterMode): Placement {
  const start = Math.max(1, Math.min(finding.startLine, finding.endLine));
  const end = Math.max(1, finding.startLine, finding.endLine);
  const file = map.file(finding.path);
  if (!file) {
    return mode === "nofilter"
      ? { kind: "body" }
      : { kind: "filtered", reason: "file is not changed by the pull request" };
  }

  // Walk the diff's lines (bounded by the diff), not the range (a finding may span a whole file).
  const inRange = file.hunks.flatMap((hunk) =>
    [...hunk.lines]
      .filter(([line]) => line >= start && line <= end)
      .map(([line, kind]) => ({ line, kind, hunk })),
  );
  const inScope =
    mode === "added"
      ? inRange.some((l) => l.kind === "added")
      : mode === "diff_context"
        ? inRange.length > 0
        : true;
  if (!inScope) {
    return {
      kind: "filtered",
      reason: mode === "added" ? "no added line in range" : "range is outside the diff",
    };
  }

  const startHunk = map.hunkOf(finding.path, start);
  const endHunk = map.hunkOf(finding.path, end);
  if (startHunk && startHunk === endHunk) {
    // The whole range sits in one hunk: the comment covers exactly the finding's lines, so a suggestion
    // (which replaces exactly the commented lines) is safe to attach.
    return {
      kind: "inline",
      path: finding.path,
      line: end,
      ...(start < end ? { startLine: start } : {}),
      withSuggestion: finding.suggestion !== undefined,
    };
  }

  // The range leaves its hunk: anchor on the last stretch of the range that is inside one hunk. The
  // comment no longer equals the finding's range, so no suggestion (it would replace the wrong lines).
  const last = inRange.reduce<(typeof inRange)[number] | undefined>(
    (m, l) => (!m || l.line > m.line ? l : m),
    undefined,
  );
  if (!last) return { kind: "file", path: finding.path };
  const anchorEnd = last.line;
  let anchorStart = anchorEnd;
  while (anchorStart - 1 >= start && last.hunk.lines.has(anchorStart - 1)) anchorStart--;
  return {
    kind: "inline",
    path: finding.path,
    line: anchorEnd,
    ...(anchorStart < anchorEnd ? { startLine: anchorStart } : {}),
    withSuggestion: false,
  };
}
