/**
 * Removes secrets from text before it is written anywhere persistent (the execution log, progress
 * lines, outcome reasons) and before anything is published: NDJSON carries source, paths and command output and
 * must be treated as session data, not as a debug log.
 */

/** Names whose values are treated as secrets. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|API_KEY|ACCESS_KEY|PRIVATE_KEY|AUTH/i;

/** Well-known credential shapes, redacted even when we were not told the value. */
const SECRET_PATTERNS: RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bsk-ant-[A-Za-z0-9_-]{10,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
];

export const REDACTED = "[REDACTED]";

/** The values of secret-looking variables (by name: tokens, keys, passwords, credentials). */
export function secretValuesIn(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && SECRET_NAME.test(name))
    .map(([, value]) => value as string);
}
const MIN_SECRET_LENGTH = 6;

export class SecretRedactor {
  private readonly literals: string[];

  constructor(secrets: Iterable<string>) {
    const all = new Set<string>();
    for (const secret of secrets) {
      if (secret.length < MIN_SECRET_LENGTH) continue;
      all.add(secret);
      // Encoded as git and HTTP carry it: an `Authorization: Basic` value (actions/checkout persists
      // base64 of `x-access-token:<token>` in .git/config), or the bare value in base64.
      all.add(Buffer.from(secret).toString("base64"));
      all.add(Buffer.from(`x-access-token:${secret}`).toString("base64"));
      // Other spellings a reader can turn back (published text is also checked after normalising,
      // see secret-forms.ts; these keep the log and transcripts free of them too).
      const bytes = Buffer.from(secret);
      all.add(bytes.toString("base64url"));
      all.add(bytes.toString("hex"));
      all.add(bytes.toString("hex").toUpperCase());
      all.add([...secret].reverse().join(""));
      // Frames are JSON text: a secret with quotes, backslashes or newlines appears escaped there.
      all.add(JSON.stringify(secret).slice(1, -1));
    }
    // Longest first, so a secret containing another is removed whole.
    this.literals = [...all].sort((a, b) => b.length - a.length);
  }

  /** Collects the values of secret-looking variables (plus any explicitly named ones). */
  static fromEnvironment(env: NodeJS.ProcessEnv, extraSecrets: string[] = []): SecretRedactor {
    return new SecretRedactor([...secretValuesIn(env), ...extraSecrets]);
  }

  redact(text: string): string {
    let out = text;
    for (const literal of this.literals) {
      if (out.includes(literal)) out = out.split(literal).join(REDACTED);
    }
    for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
    return out;
  }
}
