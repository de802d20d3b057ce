/**
 * Hidden HTML comments that let us recognise our own content on GitHub without storing any state:
 * GitHub renders Markdown bodies and drops HTML comments, but keeps them in the API's `body`.
 * (A finding's fingerprint marker lives with the findings, in src/findings/fingerprint-marker.ts.)
 */
const PREFIX = "claude-pr-runner";

/** The first and last lines of the section of a PR body the describe job owns. */
export const DESCRIBE_SECTION_START = `<!-- ${PREFIX}:describe:start -->`;
export const DESCRIBE_SECTION_END = `<!-- ${PREFIX}:describe:end -->`;

export function stickyMarker(key: string): string {
  return `<!-- ${PREFIX}:sticky:${key} -->`;
}

/**
 * A sticky comment is ours only when its FIRST line is exactly the marker: that line is the
 * publisher's (model text always follows it), so a marker the model quoted anywhere else, in fenced
 * code included, never makes one job's comment look like another's.
 */
export function hasStickyMarker(body: string | null | undefined, key: string): boolean {
  const [firstLine] = (body ?? "").split(/\r\n|\r|\n/, 1);
  return firstLine === stickyMarker(key);
}
