import { holdsSecret } from "../../secrets/secret-forms.js";

/**
 * Whether the fix's patch carries a secret the job holds, in any spelling a reader can turn back:
 * as written, base64 or git's basic-auth header value, hex, reversed, base32, percent- or
 * HTML-encoded, or cut into pieces across lines and files (src/secrets/secret-forms.ts). A commit is
 * published as it is (no redaction can reach into a pushed file), and an agent that read hostile text
 * can write what a test command showed it (an `env_secrets` value) into a file. Known values only: a
 * fixture's fake `ghp_…` is no secret.
 */
export function fixCarriesSecret(patch: string, secretValues: readonly string[]): boolean {
  return holdsSecret(patch, secretValues);
}
