import { DESCRIBE_SECTION_END, DESCRIBE_SECTION_START } from "./comment-markers.js";

/**
 * The PR body with our section replaced, or appended when it has none yet. Everything outside the
 * first start marker and the first end marker after it (each on its own line) is the author's and
 * is kept byte for byte. `section` already starts and ends with the markers.
 */
export function withDescriptionSection(body: string | null | undefined, section: string): string {
  const text = body ?? "";
  const start = lineStartIndex(text, DESCRIBE_SECTION_START, 0);
  if (start >= 0) {
    const end = lineStartIndex(text, DESCRIBE_SECTION_END, start + DESCRIBE_SECTION_START.length);
    if (end >= 0) return text.slice(0, start) + section + text.slice(end + DESCRIBE_SECTION_END.length);
  }
  if (text.trim() === "") return section;
  return `${text.replace(/\s+$/, "")}\n\n${section}`;
}

/** Where `marker` first stands alone at the start of a line at or after `from`, or -1. */
function lineStartIndex(text: string, marker: string, from: number): number {
  let at = text.indexOf(marker, from);
  while (at >= 0) {
    const lineStart = at === 0 || text[at - 1] === "\n";
    const after = text.slice(at + marker.length, at + marker.length + 2);
    const lineEnd = after === "" || after.startsWith("\n") || after.startsWith("\r");
    if (lineStart && lineEnd) return at;
    at = text.indexOf(marker, at + 1);
  }
  return -1;
}
