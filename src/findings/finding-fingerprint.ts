import { createHash } from "node:crypto";
import type { Finding } from "./finding.js";

const SAFE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A finding's stable identity across runs: its own `fingerprint` when it is marker-safe, else a hash of
 * path, category and title (line numbers are left out on purpose, so edits above a finding do not make
 * it "new"). Hidden markers carry this value, which is what makes re-publishing idempotent.
 */
export function findingFingerprint(finding: Finding): string {
  if (finding.fingerprint !== undefined && SAFE.test(finding.fingerprint)) return finding.fingerprint;
  const source = finding.fingerprint ?? `${finding.path}\n${finding.category}\n${finding.title}`;
  return createHash("sha256").update(source).digest("hex").slice(0, 16);
}

/**
 * Fingerprints for a whole run. Two findings that share path, category and title (the same problem
 * twice in one file) get `-2`, `-3`... suffixes in order, so neither is lost to deduplication.
 */
export function fingerprintFindings(
  findings: readonly Finding[],
): Array<{ finding: Finding; fingerprint: string }> {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const base = findingFingerprint(finding);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { finding, fingerprint: n === 1 ? base : `${base}-${n}` };
  });
}
