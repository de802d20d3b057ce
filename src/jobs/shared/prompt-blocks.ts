import type { SanitizedText } from "./untrusted-text.js";
import { sanitizeUntrustedText } from "./untrusted-text.js";

// The blocks every job's prompt is made of: untrusted text fenced as data, the workflow's own
// instructions, and a diff cut to a budget with the files left out named.

/** A file of the change as the prompts list it. */
export interface ChangedFile {
  path: string;
  /** added, modified, removed, renamed (GitHub's statuses; git's letters are mapped by the caller). */
  status: string;
  previousPath?: string;
  additions?: number;
  deletions?: number;
}

/** One line of a prompt's changed-file list: status, path, the old path of a rename, line counts. */
export function changedFileLine(file: ChangedFile): string {
  const counts = file.additions === undefined ? "" : ` (+${file.additions} -${file.deletions ?? 0})`;
  const rename = file.previousPath ? ` (from ${file.previousPath})` : "";
  return `- ${file.status} ${file.path}${rename}${counts}`;
}

/** `text` in a code fence labelled `label` that nothing inside the text can close. */
export function fence(label: string, text: string): string {
  // A fence longer than any backtick run inside the text cannot be closed early by the text.
  const longestRun = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const ticks = "`".repeat(longestRun + 1);
  return `${ticks}${label}\n${text}\n${ticks}`;
}

/**
 * A title and description written by the PR's or issue's author: sanitized, cut to the budget and
 * fenced as `<kind>-title` and `<kind>-description` (an empty description says so). The sanitized
 * texts come back too, for callers that note what was removed.
 */
export function fencedAuthorText(
  kind: "pr" | "issue",
  text: { title: string; body: string },
  budget: { titleChars: number; bodyChars: number },
): { blocks: [string, string]; title: SanitizedText; body: SanitizedText } {
  const title = sanitizeUntrustedText(text.title, { maxChars: budget.titleChars });
  const body = sanitizeUntrustedText(text.body, { maxChars: budget.bodyChars });
  return {
    blocks: [fence(`${kind}-title`, title.text), fence(`${kind}-description`, body.text || "(empty)")],
    title,
    body,
  };
}

/** The workflow owner's extra instructions (trusted: they come from the workflow file), if any. */
export function workflowInstructions(extraInstructions: string | undefined): string[] {
  const text = extraInstructions?.trim();
  return text ? [`Additional instructions from the repository's workflow:\n${text}`] : [];
}

/**
 * A diff cut to `maxChars` (see `budgetDiff`) and fenced under `label`, preceded, when files were
 * left out, by a sentence that names them so the model reads them itself.
 */
export function budgetedDiffBlocks(
  diff: string,
  maxChars: number,
  label: string,
): { blocks: string[]; omittedFiles: string[] } {
  const budgeted = budgetDiff(diff, maxChars);
  const omitted =
    budgeted.omittedFiles.length > 0
      ? [
          `The diff below was cut to fit. These files are not inlined; read them yourself: ${budgeted.omittedFiles.join(", ")}`,
        ]
      : [];
  return { blocks: [...omitted, fence(label, budgeted.text)], omittedFiles: budgeted.omittedFiles };
}

interface BudgetedDiff {
  text: string;
  omittedFiles: string[];
}

/** Keeps whole per-file sections, smallest first, until the budget is spent. */
export function budgetDiff(diff: string, maxChars: number): BudgetedDiff {
  if (diff.length <= maxChars) return { text: diff, omittedFiles: [] };
  const sections = splitDiffByFile(diff);
  const bySize = [...sections].sort((a, b) => a.text.length - b.text.length);
  const kept = new Set<number>();
  let used = 0;
  for (const section of bySize) {
    if (used + section.text.length > maxChars) continue;
    used += section.text.length;
    kept.add(section.index);
  }
  return {
    text: sections
      .filter((s) => kept.has(s.index))
      .map((s) => s.text)
      .join(""),
    omittedFiles: sections.filter((s) => !kept.has(s.index)).map((s) => s.path),
  };
}

/** The diff's per-file sections, each with the path it changes (its `b/` side). */
export function splitDiffByFile(diff: string): { index: number; path: string; text: string }[] {
  const starts = Array.from(diff.matchAll(/^diff --git /gm), (m) => m.index);
  if (starts.length === 0) return [{ index: 0, path: "(diff)", text: diff }];
  return starts.map((start, index) => {
    const text = diff.slice(start, starts[index + 1] ?? diff.length);
    const path = /^diff --git a\/.* b\/(.*)$/m.exec(text)?.[1] ?? `(file ${index + 1})`;
    return { index, path, text };
  });
}

/** The sections of `diff` whose file is in `paths`, in their order: a diff cut down to those files. */
export function diffOfPaths(diff: string, paths: ReadonlySet<string>): string {
  return splitDiffByFile(diff)
    .filter((section) => paths.has(section.path))
    .map((section) => section.text)
    .join("");
}
