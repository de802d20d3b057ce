/**
 * A finding's fingerprint rides in a hidden HTML comment: GitHub renders Markdown bodies and drops
 * HTML comments, but keeps them in the API's `body`, so a re-run recognises what it already posted.
 */
export function fingerprintMarker(fingerprint: string): string {
  return `<!-- claude-pr-runner:fp:${fingerprint} -->`;
}

/** Every fingerprint marked in a body (a review body may list many overflow findings). */
export function readFingerprintMarkers(body: string | null | undefined): string[] {
  if (!body) return [];
  return [...body.matchAll(/<!-- claude-pr-runner:fp:([A-Za-z0-9._-]+) -->/g)].map((m) => m[1]!);
}
