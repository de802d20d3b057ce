/**
 * Hidden HTML comments that let us recognise our own content on GitHub without storing any state:
 * GitHub renders Markdown bodies and drops HTML comments, but keeps them in the API's `body`.
 */
const PREFIX = "claude-pr-runner";

export function fingerprintMarker(fingerprint: string): string {
  return `<!-- ${PREFIX}:fp:${fingerprint} -->`;
}

/** Every fingerprint marked in a body (a review body may list many overflow findings). */
export function readFingerprintMarkers(body: string | null | undefined): string[] {
  if (!body) return [];
  return [...body.matchAll(/<!-- claude-pr-runner:fp:([A-Za-z0-9._-]+) -->/g)].map((m) => m[1]!);
}

export function stickyMarker(key: string): string {
  return `<!-- ${PREFIX}:sticky:${key} -->`;
}

export function hasStickyMarker(body: string | null | undefined, key: string): boolean {
  return (body ?? "").includes(stickyMarker(key));
}
