import { parsePatch, type StructuredPatch } from "diff";

/** A new-side line inside a hunk. Deleted lines have no new-side number and are never listed. */
export type DiffLineKind = "added" | "context";

export interface DiffHunk {
  /** 0-based hunk index within the file. */
  index: number;
  newStart: number;
  newLines: number;
  /** New-side line number -> kind, for every line GitHub lets a RIGHT-side comment land on. */
  lines: Map<number, DiffLineKind>;
}

export interface DiffFile {
  /** Path in the new tree (renamed files keep their new path). */
  path: string;
  previousPath?: string;
  status: "added" | "modified" | "renamed" | "removed";
  /** No textual hunks: binary, pure rename, mode change, or a patch GitHub omitted for size. */
  hunks: DiffHunk[];
}

/** Thrown for text that is not a unified diff; the message names the problem line. */
export class DiffParseError extends Error {
  override readonly name = "DiffParseError";
}

/**
 * Where a comment may go on a PR: which new-side lines of which hunk of which file (reviewdog's
 * `filter/` idea). Pure data; built from the PR's diff, a local `git diff`, or the PR files API.
 */
export class DiffLineMap {
  readonly files: ReadonlyMap<string, DiffFile>;

  constructor(files: DiffFile[]) {
    this.files = new Map(files.map((f) => [f.path, f]));
  }

  /** The file as changed by the PR; `undefined` when the PR does not touch `path` (or deletes it). */
  file(path: string): DiffFile | undefined {
    const f = this.files.get(path);
    return f && f.status !== "removed" ? f : undefined;
  }

  hunkOf(path: string, line: number): DiffHunk | undefined {
    return this.file(path)?.hunks.find((h) => h.lines.has(line));
  }

  lineKind(path: string, line: number): DiffLineKind | undefined {
    return this.hunkOf(path, line)?.lines.get(line);
  }
}

/** Parses `git diff` / PR diff text (several files, git extended headers allowed). */
export function parseUnifiedDiff(text: string): DiffLineMap {
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (error) {
    throw new DiffParseError(`not a unified diff: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new DiffLineMap(patches.filter((p) => p.oldFileName || p.newFileName).map(fileFromPatch));
}

/** Entries of `pulls.listFiles`: the fallback when GitHub refuses the full diff (406, too large). */
export interface PullRequestFileEntry {
  filename: string;
  previous_filename?: string;
  status: string;
  /** Absent for binary files and for patches GitHub truncates. */
  patch?: string;
}

export function lineMapFromPullFiles(entries: PullRequestFileEntry[]): DiffLineMap {
  return new DiffLineMap(
    entries.map((e) => {
      const status =
        e.status === "removed"
          ? "removed"
          : e.status === "added"
            ? "added"
            : e.status === "renamed"
              ? "renamed"
              : "modified";
      const file: DiffFile = {
        path: e.filename,
        status,
        hunks: e.patch ? hunksOf(parseHunksOnly(e.patch, e.filename)) : [],
      };
      if (e.previous_filename) file.previousPath = e.previous_filename;
      return file;
    }),
  );
}

function parseHunksOnly(patch: string, filename: string): StructuredPatch {
  try {
    const [parsed] = parsePatch(`--- a/${filename}\n+++ b/${filename}\n${patch}\n`);
    if (!parsed) throw new Error("empty patch");
    return parsed;
  } catch (error) {
    throw new DiffParseError(
      `patch of ${filename} is not a unified diff: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function fileFromPatch(p: StructuredPatch): DiffFile {
  const strip = (name: string | undefined) => {
    const n = name ?? "";
    return p.isGit || /^[ab]\//.test(n) ? n.replace(/^[ab]\//, "") : n;
  };
  const removed = p.newFileName === "/dev/null" || p.isDelete === true;
  const added = p.oldFileName === "/dev/null" || p.isCreate === true;
  const path = removed ? strip(p.oldFileName) : strip(p.newFileName);
  const previous = strip(p.oldFileName);
  const renamed = !added && !removed && (p.isRename === true || previous !== path);
  const file: DiffFile = {
    path,
    status: removed ? "removed" : added ? "added" : renamed ? "renamed" : "modified",
    hunks: removed ? [] : hunksOf(p),
  };
  if (renamed) file.previousPath = previous;
  return file;
}

function hunksOf(p: StructuredPatch): DiffHunk[] {
  return p.hunks.map((h, index) => {
    const lines = new Map<number, DiffLineKind>();
    let n = h.newStart;
    for (const l of h.lines) {
      if (l.startsWith("+")) lines.set(n++, "added");
      else if (l.startsWith(" ")) lines.set(n++, "context");
      // "-" lines exist only on the old side; "\ No newline" lines are metadata.
    }
    return { index, newStart: h.newStart, newLines: h.newLines, lines };
  });
}
