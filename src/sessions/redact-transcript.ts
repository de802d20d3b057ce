/** Replacement text for a redacted secret value. */
export const REDACTED = "[REDACTED]";

// Shorter "secrets" would shred ordinary words of the transcript; real tokens are far longer.
const MIN_SECRET_LENGTH = 8;

export interface RedactionResult {
  bytes: Uint8Array;
  /** How many occurrences were replaced. */
  replacements: number;
  /** Lines that were not JSON (e.g. cut short by a crash): redacted as raw text, left otherwise as is. */
  nonJsonLines: number;
  /** Secret values ignored because they are shorter than MIN_SECRET_LENGTH characters. */
  ignoredShortSecrets: number;
}

function replaceAll(text: string, secrets: readonly string[], count: { n: number }): string {
  let out = text;
  for (const secret of secrets) {
    if (!out.includes(secret)) continue;
    const parts = out.split(secret);
    count.n += parts.length - 1;
    out = parts.join(REDACTED);
  }
  return out;
}

function redactValue(value: unknown, secrets: readonly string[], count: { n: number }): unknown {
  if (typeof value === "string") return replaceAll(value, secrets, count);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, count));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[replaceAll(k, secrets, count)] = redactValue(v, secrets, count);
    return out;
  }
  return value;
}

/**
 * Removes known secret values from a JSONL transcript before it leaves the machine. Each line is
 * parsed and the secret is replaced inside the decoded string values, then the line is serialised
 * again: a secret that appears JSON-escaped (or inside an escaped tool output) is still found, and
 * every line stays valid JSON so the CLI can resume the transcript.
 */
export function redactTranscript(
  jsonl: Uint8Array | string,
  secretValues: readonly string[],
): RedactionResult {
  const text = typeof jsonl === "string" ? jsonl : new TextDecoder().decode(jsonl);
  const usable = [...new Set(secretValues.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  const ignoredShortSecrets = new Set(
    secretValues.filter((s) => s.length > 0 && s.length < MIN_SECRET_LENGTH),
  ).size;
  const count = { n: 0 };
  let nonJsonLines = 0;
  const lines = text.split("\n").map((line) => {
    if (line.trim() === "" || usable.length === 0) return line;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      nonJsonLines++;
      return replaceAll(line, usable, count);
    }
    const before = count.n;
    const redacted = redactValue(parsed, usable, count);
    // Untouched lines keep their exact bytes.
    return count.n === before ? line : JSON.stringify(redacted);
  });
  return {
    bytes: new TextEncoder().encode(lines.join("\n")),
    replacements: count.n,
    nonJsonLines,
    ignoredShortSecrets,
  };
}
