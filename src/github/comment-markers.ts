/**
 * Hidden HTML comments that let us recognise our own content on GitHub without storing any state:
 * GitHub renders Markdown bodies and drops HTML comments, but keeps them in the API's `body`.
 * (A finding's fingerprint marker lives with the findings, in src/findings/fingerprint-marker.ts.)
 */
const PREFIX = "claude-pr-runner";

export function stickyMarker(key: string): string {
  return `<!-- ${PREFIX}:sticky:${key} -->`;
}

export function hasStickyMarker(body: string | null | undefined, key: string): boolean {
  return (body ?? "").includes(stickyMarker(key));
}
