import { inlineCode } from "../../findings/finding-markdown.js";
import type { DiffLineMap } from "../../github/diff-line-map.js";
import type { ToolUseRecord } from "../../protocol/tool-use-record.js";
import { splitShellWords } from "../../runner/policy/shell-words.js";
import type { PolicyDecision } from "../../runner/policy/tool-policy.js";
import type { SummarisedReview } from "./review-prompt.js";

/**
 * What a review actually looked at, from its own session: the diff inlined in its prompt, and the
 * tool calls it made (Read ranges, `git diff`/`git show` of paths, `cat`/`sed -n`/`head` of files,
 * Grep hits). A changed line counts as read when one of those showed it; a changed file counts as
 * read when at least one of its changed lines was (or, for a file with no added lines, such as a
 * deletion or a rename, when anything looked at it).
 */
export interface ReviewCoverage {
  filesTotal: number;
  filesRead: number;
  linesTotal: number;
  linesRead: number;
  /** Changed lines the prompt's own diff showed (the rest were read with tools, or not at all). */
  linesInPrompt: number;
  /**
   * A summary start's changed lines that were already there at the summarised review: reviewed by
   * the lineage at `at`, not shown again (counted as read, and said apart in the coverage line).
   */
  reviewedEarlier?: { at: string; lines: number };
  /** Changed files nothing showed, in diff order. */
  unread: string[];
  /** Tool calls that showed a changed line or file. */
  toolCallsCounted: number;
}

export interface CoverageInput {
  /** The reviewed change: each file's new-side added lines (files outside the review are left out). */
  change: DiffLineMap;
  /** Only these paths of `change` were reviewed (the path filter and the budget fit's choice). */
  reviewedPaths: ReadonlySet<string>;
  /** Changed files whose diff the prompt did not inline (cut to fit). */
  promptOmitted: ReadonlySet<string>;
  /** A summary start: its prompt showed only the lines added since the summarised review. */
  summarised?: SummarisedReview;
  toolUses: readonly ToolUseRecord[];
  /** Calls the policy refused never ran: they showed nothing. */
  policyDecisions?: readonly PolicyDecision[];
}

/** Read's own default: from the first line, 2000 lines. */
const READ_DEFAULT_LINES = 2_000;
const HEAD_DEFAULT_LINES = 10;

type Range = { from: number; to: number };
/** Where one call looked: a path as the agent wrote it, and which lines (`all`, some, or just the file). */
type Look = { path: string; lines: "all" | "none" | Range[] };

export function reviewCoverage(input: CoverageInput): ReviewCoverage {
  const files = [...input.change.files.values()].filter((f) => input.reviewedPaths.has(f.path));
  const refused = new Set(
    (input.policyDecisions ?? []).filter((d) => d.behavior === "deny" && d.toolUseId).map((d) => d.toolUseId),
  );
  const added = new Map(
    files.map((f) => [
      f.path,
      f.hunks.flatMap((h) => [...h.lines].filter(([, kind]) => kind === "added").map(([line]) => line)),
    ]),
  );
  const seen = new Map(files.map((f) => [f.path, new Set<number>()]));
  const touched = new Set<string>();
  let linesInPrompt = 0;
  let linesEarlier = 0;
  const summarised = input.summarised;
  for (const file of files) {
    const inPrompt = !input.promptOmitted.has(file.path);
    const since = summarised ? new Set(summarised.addedSince[file.path] ?? []) : undefined;
    for (const line of added.get(file.path) ?? []) {
      if (since && !since.has(line)) linesEarlier++;
      else if (inPrompt) linesInPrompt++;
      else continue;
      seen.get(file.path)?.add(line);
      touched.add(file.path);
    }
    // A file without added lines (a deletion, a rename) is looked at when the prompt shows it.
    if (inPrompt && (added.get(file.path)?.length ?? 0) === 0) touched.add(file.path);
  }
  let toolCallsCounted = 0;
  const paths = files.map((f) => f.path);
  for (const use of input.toolUses) {
    if (use.isError || refused.has(use.id)) continue;
    let counted = false;
    for (const look of looksOf(use, paths)) {
      const path = changedPathOf(look.path, paths);
      if (!path) continue;
      counted = true;
      touched.add(path);
      const lines = added.get(path) ?? [];
      const into = seen.get(path);
      if (look.lines === "none") continue;
      for (const line of lines)
        if (look.lines === "all" || look.lines.some((r) => line >= r.from && line <= r.to)) into?.add(line);
    }
    if (counted) toolCallsCounted++;
  }
  const isRead = (path: string) =>
    (added.get(path)?.length ?? 0) === 0 ? touched.has(path) : (seen.get(path)?.size ?? 0) > 0;
  return {
    filesTotal: files.length,
    filesRead: paths.filter(isRead).length,
    linesTotal: [...added.values()].reduce((sum, lines) => sum + lines.length, 0),
    linesRead: [...seen.values()].reduce((sum, lines) => sum + lines.size, 0),
    linesInPrompt,
    ...(summarised ? { reviewedEarlier: { at: summarised.reviewedSha, lines: linesEarlier } } : {}),
    unread: paths.filter((path) => !isRead(path)),
    toolCallsCounted,
  };
}

/** The share of changed lines read (1 for a change without added lines, when every file was looked at). */
export function coverageRatio(coverage: ReviewCoverage): number {
  if (coverage.linesTotal > 0) return coverage.linesRead / coverage.linesTotal;
  return coverage.filesTotal === 0 ? 1 : coverage.filesRead / coverage.filesTotal;
}

/** A review must have read this share of the changed lines to say "No issues found" (`min_coverage`). */
export const DEFAULT_MIN_COVERAGE = 0.8;

/**
 * "read 40 of 600 changed lines" when the review read less than `minCoverage` of the change;
 * undefined when it read enough, or when nothing measured it.
 */
export function partlyRead(
  coverage: ReviewCoverage | undefined,
  minCoverage = DEFAULT_MIN_COVERAGE,
): string | undefined {
  if (!coverage || coverageRatio(coverage) >= minCoverage) return undefined;
  return coverage.linesTotal > 0
    ? `read ${coverage.linesRead} of ${coverage.linesTotal} changed lines`
    : `read ${coverage.filesRead} of ${coverage.filesTotal} changed files`;
}

/** The coverage line with the files nothing showed (the first 20), for the summary and the check run. */
export function coverageNote(coverage: ReviewCoverage): string {
  if (coverage.unread.length === 0) return coverageLine(coverage);
  const shown = coverage.unread.slice(0, 20).map(inlineCode);
  const more =
    coverage.unread.length > shown.length ? ` and ${coverage.unread.length - shown.length} more` : "";
  return `${coverageLine(coverage)}. Not read: ${shown.join(", ")}${more}`;
}

/** "read 3 of 4 changed files (120 of 180 changed lines; 100 in the prompt's diff)". */
export function coverageLine(coverage: ReviewCoverage): string {
  const lines = `${coverage.linesRead} of ${coverage.linesTotal} changed lines`;
  const earlier = coverage.reviewedEarlier;
  const shown = coverage.linesInPrompt + (earlier?.lines ?? 0);
  const rest = shown === coverage.linesRead ? "" : ", the rest read with tools";
  const prompt = earlier
    ? `${coverage.linesInPrompt} in the prompt's diff of the commits since ${earlier.at.slice(0, 7)}, ${earlier.lines} reviewed at ${earlier.at.slice(0, 7)} and summarised${rest}`
    : rest === ""
      ? "all in the prompt's diff"
      : `${coverage.linesInPrompt} in the prompt's diff${rest}`;
  return `Read ${coverage.filesRead} of ${coverage.filesTotal} changed files (${lines}; ${prompt})`;
}

/** The changed path a tool's path names: the same path, or one ending in it (an absolute workspace path). */
function changedPathOf(given: string, changed: readonly string[]): string | undefined {
  const path = given.replace(/^\.\//, "").replace(/^[ab]\//, "");
  return changed.find((c) => path === c || path.endsWith(`/${c}`));
}

function looksOf(use: ToolUseRecord, changed: readonly string[]): Look[] {
  switch (use.name.toLowerCase()) {
    case "read":
      return readLooks(use.input);
    case "grep":
      return grepLooks(use);
    case "bash":
      return typeof use.input.command === "string" ? bashLooks(use.input.command, changed) : [];
    default:
      return [];
  }
}

function readLooks(input: Record<string, unknown>): Look[] {
  const path = stringField(input, "file_path") ?? stringField(input, "path");
  if (!path) return [];
  const range = input.view_range;
  if (Array.isArray(range) && typeof range[0] === "number") {
    const to = typeof range[1] === "number" && range[1] > 0 ? range[1] : Number.MAX_SAFE_INTEGER;
    return [{ path, lines: [{ from: range[0], to }] }];
  }
  const offset = numberField(input, "offset") ?? 1;
  const limit = numberField(input, "limit") ?? READ_DEFAULT_LINES;
  const from = Math.max(1, offset);
  return [{ path, lines: [{ from, to: from + limit - 1 }] }];
}

/** Grep's hits (`path:line:` and context `path-line-`) are lines seen; without line numbers, files. */
function grepLooks(use: ToolUseRecord): Look[] {
  const looks: Look[] = [];
  for (const text of (use.result ?? "").split("\n")) {
    const hit = /^(.+?):(\d+):/.exec(text) ?? /^(.+?)-(\d+)-/.exec(text);
    if (hit?.[1] && hit[2]) {
      const line = Number(hit[2]);
      looks.push({ path: hit[1], lines: [{ from: line, to: line }] });
    } else {
      const path = text.trim();
      if (path && !path.includes(" ")) looks.push({ path, lines: "none" });
    }
  }
  const path = stringField(use.input, "path");
  if (looks.length === 0 && path) looks.push({ path, lines: "none" });
  return looks;
}

/** The read-only commands a review runs that show file contents or the diff. */
function bashLooks(command: string, changed: readonly string[]): Look[] {
  const split = splitShellWords(command);
  if (!split.ok) return [];
  const [program, ...args] = split.words;
  const operands = args.filter((a) => !a.startsWith("-"));
  switch (program) {
    case "cat":
    case "nl":
      return operands.map((path) => ({ path, lines: "all" }));
    case "head": {
      const count = countOption(args) ?? HEAD_DEFAULT_LINES;
      return operands
        .filter((a) => !/^\d+$/.test(a))
        .map((path) => ({ path, lines: [{ from: 1, to: count }] }));
    }
    case "tail":
      return operands.filter((a) => !/^\d+$/.test(a)).map((path) => ({ path, lines: "none" }));
    case "sed":
      return sedLooks(args);
    case "git":
      return gitLooks(args, changed);
    default:
      return [];
  }
}

/** `sed -n 'A,Bp' path` (or `Ap`): lines A..B of path. */
function sedLooks(args: readonly string[]): Look[] {
  const script = args.find((a) => /^\d+(,\d+)?p$/.test(a));
  if (!args.includes("-n") || !script) return [];
  const [from = 0, to = from] = script.slice(0, -1).split(",").map(Number);
  return args
    .filter((a) => a !== "-n" && a !== script && !a.startsWith("-"))
    .map((path) => ({ path, lines: [{ from, to }] }));
}

/**
 * `git diff [revs] [-- paths]` shows the changed lines of the paths (every changed file without
 * paths); `git show rev:path` shows the whole file; `git show rev -- paths` the paths' changes.
 */
function gitLooks(args: readonly string[], changed: readonly string[]): Look[] {
  const [sub, ...rest] = args.filter((a, i) => !(i === 0 && a.startsWith("-")));
  if (sub !== "diff" && sub !== "show" && sub !== "log") return [];
  const dashDash = rest.indexOf("--");
  const named = dashDash >= 0 ? rest.slice(dashDash + 1) : [];
  const blobs = rest
    .filter((a) => !a.startsWith("-") && /^[^:]+:.+/.test(a))
    .map((a) => ({ path: a.slice(a.indexOf(":") + 1), lines: "all" as const }));
  if (sub === "log" && !rest.includes("-p") && !rest.includes("--patch")) return [];
  if (named.length > 0) return named.map((path) => ({ path, lines: "all" as const }));
  if (blobs.length > 0) return blobs;
  // A bare `git diff <base>...<head>` (or `git diff <base> <head>`) shows every changed line.
  if (sub === "diff" && !rest.some((a) => a === "--stat" || a === "--name-only" || a === "--name-status"))
    return changed.map((path) => ({ path, lines: "all" as const }));
  return [];
}

function countOption(args: readonly string[]): number | undefined {
  const index = args.indexOf("-n");
  const value = index >= 0 ? args[index + 1] : args.find((a) => /^-\d+$/.test(a))?.slice(1);
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? count : undefined;
}

function stringField(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === "string" && value ? value : undefined;
}

function numberField(input: Record<string, unknown>, key: string): number | undefined {
  const value = input[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
