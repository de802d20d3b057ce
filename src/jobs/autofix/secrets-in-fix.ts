/** Shorter values would match ordinary code (the redactor skips them too). */
const MIN_SECRET_LENGTH = 6;

/**
 * Whether the fix's patch carries a value of a secret the job holds: as written, in base64, or as
 * git's basic-auth header value. A commit is published as it is (no redaction can reach into a
 * pushed file), and an agent that read hostile text can write what a test command showed it (an
 * `env_secrets` value) into a file. Literal values only: a fixture's fake `ghp_…` is no secret.
 */
export function fixCarriesSecret(patch: string, secretValues: readonly string[]): boolean {
  return secretValues
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .flatMap((secret) => [
      secret,
      Buffer.from(secret).toString("base64"),
      Buffer.from(`x-access-token:${secret}`).toString("base64"),
    ])
    .some((form) => patch.includes(form));
}
