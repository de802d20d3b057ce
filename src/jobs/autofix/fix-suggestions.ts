import { createHash } from "node:crypto";
import { formatPatch, parsePatch, type StructuredPatch, type StructuredPatchHunk } from "diff";
import type { Finding } from "../../findings/finding.js";

/** The part of the PR's line map the builder needs: which hunk of the PR diff holds a new-side line. */
export interface CommentableLines {
  hunkOf(path: string, line: number): unknown;
}

export interface UnexpressedChange {
  path: string;
  reason: string;
}

export interface FixSuggestions {
  /** One finding per change block, each with the exact replacement for its lines. */
  suggestions: Finding[];
  /** The hunks that could not be suggestions, as a patch to apply with `git apply`. */
  leftoverPatch: string;
  unexpressed: UnexpressedChange[];
}

interface ChangeBlock {
  /** First head line replaced (for pure insertions: the anchoring context line). */
  startLine: number;
  endLine: number;
  replacement: string[];
}

/**
 * Turns the fix's patch (against the PR head) into GitHub suggestions for a fork PR, where we may
 * not push. A suggestion replaces exactly the commented lines, and a comment must sit on lines of one
 * hunk of the PR's own diff; so each change block becomes one suggestion when its lines qualify, and a
 * hunk with any block that does not (new or deleted files, lines the PR did not touch, missing final
 * newlines) goes whole into a leftover patch, so no fix is half applied.
 */
export function buildFixSuggestions(
  patch: string,
  pullRequestLines: CommentableLines,
  reasons: ReadonlyMap<string, string> = new Map(),
): FixSuggestions {
  const suggestions: Finding[] = [];
  const unexpressed: UnexpressedChange[] = [];
  const leftovers: StructuredPatch[] = [];

  for (const file of parsePatch(patch)) {
    const path = stripPrefix(file.newFileName);
    const oldPath = stripPrefix(file.oldFileName);
    if (file.hunks.length === 0) continue;
    const wholeFile =
      file.oldFileName === "/dev/null" || file.isCreate
        ? "a new file cannot be suggested on the pull request"
        : file.newFileName === "/dev/null" || file.isDelete
          ? "deleting a file cannot be suggested"
          : file.isRename || oldPath !== path
            ? "a rename cannot be suggested"
            : undefined;
    if (wholeFile) {
      unexpressed.push({ path: path === "/dev/null" ? oldPath : path, reason: wholeFile });
      leftovers.push(file);
      continue;
    }
    const keptHunks: StructuredPatchHunk[] = [];
    for (const hunk of file.hunks) {
      const blocks = changeBlocks(hunk);
      const problem =
        blocks === undefined
          ? "the change touches the end of the file without a final newline"
          : blocks.find((b) => !inOneHunk(pullRequestLines, path, b))
            ? `lines ${hunk.oldStart}-${hunk.oldStart + Math.max(hunk.oldLines, 1) - 1} are not all in one hunk of the pull request's diff`
            : undefined;
      if (problem || blocks === undefined) {
        unexpressed.push({ path, reason: problem ?? "unexpressible" });
        keptHunks.push(hunk);
        continue;
      }
      for (const block of blocks) suggestions.push(toFinding(path, block, reasons.get(path)));
    }
    if (keptHunks.length > 0) leftovers.push({ ...file, hunks: keptHunks });
  }
  return {
    suggestions,
    leftoverPatch: leftovers.length > 0 ? formatPatch(leftovers) : "",
    unexpressed,
  };
}

/** Splits a hunk into runs of removed/added lines; undefined when a run involves a missing newline. */
function changeBlocks(hunk: StructuredPatchHunk): ChangeBlock[] | undefined {
  const blocks: ChangeBlock[] = [];
  let oldLine = hunk.oldStart;
  let before: { line: number; text: string } | undefined;
  let current:
    | { start: number; removed: string[]; added: string[]; before?: { line: number; text: string } }
    | undefined;
  const close = (after?: { line: number; text: string }): boolean => {
    if (!current) return true;
    const { start, removed, added } = current;
    const end = start + removed.length - 1;
    if (removed.length > 0 && added.length > 0) {
      blocks.push({ startLine: start, endLine: end, replacement: added });
    } else if (current.before) {
      // A pure insertion has no line of its own, and an empty suggestion is ambiguous: anchor the
      // block on the line above and repeat that line.
      blocks.push({
        startLine: current.before.line,
        endLine: removed.length > 0 ? end : current.before.line,
        replacement: [current.before.text, ...added],
      });
    } else if (after) {
      blocks.push({ startLine: start, endLine: after.line, replacement: [...added, after.text] });
    } else {
      return false;
    }
    current = undefined;
    return true;
  };
  for (const raw of hunk.lines) {
    const marker = raw[0];
    const text = raw.slice(1);
    if (marker === "\\") {
      // "\ No newline at end of file": a suggestion always ends its lines with a newline.
      if (current) return undefined;
      continue;
    }
    if (marker === " ") {
      if (!close({ line: oldLine, text })) return undefined;
      before = { line: oldLine, text };
      oldLine++;
      continue;
    }
    current ??= { start: oldLine, removed: [], added: [], ...(before ? { before } : {}) };
    if (marker === "-") {
      current.removed.push(text);
      oldLine++;
    } else if (marker === "+") {
      current.added.push(text);
    }
  }
  return close() ? blocks : undefined;
}

function inOneHunk(lines: CommentableLines, path: string, block: ChangeBlock): boolean {
  const first = lines.hunkOf(path, block.startLine);
  return first !== undefined && first === lines.hunkOf(path, block.endLine);
}

function toFinding(path: string, block: ChangeBlock, reason: string | undefined): Finding {
  const suggestion = block.replacement.length > 0 ? `${block.replacement.join("\n")}\n` : "";
  const fingerprint = `autofix-${createHash("sha256")
    .update(`${path}\n${block.startLine}\n${block.endLine}\n${suggestion}`)
    .digest("hex")
    .slice(0, 16)}`;
  return {
    path,
    startLine: block.startLine,
    endLine: block.endLine,
    severity: "notice",
    category: "autofix",
    title: "Suggested fix",
    body: reason ?? "Change proposed by Claude's autofix.",
    suggestion,
    fingerprint,
  };
}

function stripPrefix(name: string | undefined): string {
  return (name ?? "").replace(/^[ab]\//, "");
}
