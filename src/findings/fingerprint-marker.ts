/**
 * A finding's fingerprint rides in a hidden HTML comment: GitHub renders Markdown bodies and drops
 * HTML comments, but keeps them in the API's `body`, so a re-run recognises what it already posted.
 */
export function fingerprintMarker(fingerprint: string): string {
  return `<!-- claude-pr-runner:fp:${fingerprint} -->`;
}

const MARKER_LINE = /^<!-- claude-pr-runner:fp:([A-Za-z0-9._-]+) -->$/;

/**
 * The fingerprints marked in a body (a review body may list many overflow findings), read only from
 * the run of marker lines that ends it: our renderers put them last, after all model text, and the
 * neutraliser closes any fence the model left open before them. A marker anywhere else (quoted in
 * prose or fenced code) is model text and is never believed.
 */
export function readFingerprintMarkers(body: string | null | undefined): string[] {
  if (!body) return [];
  const lines = body.split(/\r\n|\r|\n/);
  const found: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const match = MARKER_LINE.exec(line);
    if (!match) break;
    found.unshift(match[1]!);
  }
  return found;
}
