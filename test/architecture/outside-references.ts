import { parseSync } from "oxc-parser";

// A comment or path that sends the reader outside the repository: to the shared workspace of the
// people who built it, or to the protocol seed by its file name. The repository's own docs
// (docs/protocol.md#seed-references keeps the seed's line numbers) are where such facts live.
const outsidePaths: RegExp[] = [
  /\/work\/(shared|main|wt|\.library)\b/i,
  /\bshared\/(seed|notes)\//i,
  new RegExp(`000_${"e82ebd2dc928f55f"}`, "i"),
];

// A citation of the seed itself (the word followed by a colon, or by "line" and a number).
const seedCitation = /\bseed\s*:|\bseed\s+lines?\s+\d/i;

const parsedExtensions = /\.(ts|mts|cts|js|mjs|cjs)$/;

/**
 * Lists the outside references in one file as `line N: text`. Paths count anywhere in the file;
 * seed citations count only in comments (for .ts/.js files found by parsing, for other files in the
 * part of a line after `#`), so a parameter named `seed` or a string is not one.
 */
export function findOutsideReferences(fileName: string, source: string): string[] {
  const found: string[] = [];
  const report = (offset: number, text: string): void => {
    const line = source.slice(0, offset).split("\n").length;
    found.push(`line ${line}: ${text.trim().slice(0, 100)}`);
  };

  for (const pattern of outsidePaths) {
    const global = new RegExp(pattern.source, "gi");
    for (const match of source.matchAll(global)) report(match.index, lineAround(source, match.index));
  }

  for (const comment of commentsOf(fileName, source)) {
    if (seedCitation.test(comment.text)) report(comment.start, comment.text);
  }
  return [...new Set(found)].sort();
}

type Comment = { start: number; text: string };

function commentsOf(fileName: string, source: string): Comment[] {
  if (parsedExtensions.test(fileName)) {
    const { comments } = parseSync(fileName, source, { lang: fileName.endsWith("ts") ? "ts" : "js" });
    // oxc reports UTF-16 offsets, the same unit String.slice uses.
    return comments.map((comment) => ({ start: comment.start, text: comment.value }));
  }
  const comments: Comment[] = [];
  let offset = 0;
  for (const line of source.split("\n")) {
    const hash = line.indexOf("#");
    if (hash >= 0) comments.push({ start: offset + hash, text: line.slice(hash + 1) });
    offset += line.length + 1;
  }
  return comments;
}

function lineAround(source: string, index: number): string {
  const start = source.lastIndexOf("\n", index) + 1;
  const end = source.indexOf("\n", index);
  return source.slice(start, end === -1 ? undefined : end);
}
