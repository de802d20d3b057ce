import type { OutgoingHttpHeaders } from "node:http";

/**
 * The real credential the host holds for the model API. Only the proxy ever sees it; the agent gets a
 * per-job token instead. An API key travels as `x-api-key`; a gateway's bearer token (`ANTHROPIC_AUTH_TOKEN`) as
 * `Authorization: Bearer`; a Claude subscription's OAuth token (`claude_code_oauth_token`) as a bearer
 * plus the OAuth beta flag.
 */
export type UpstreamCredential =
  | { kind: "api-key"; apiKey: string }
  | { kind: "bearer"; token: string }
  | { kind: "oauth"; token: string };

/** The beta flag the Messages API requires next to a Claude subscription's OAuth token. */
export const OAUTH_BETA = "oauth-2025-04-20";

/** Sets the credential's header on a request going upstream (callers strip the agent's own first). */
export function applyUpstreamCredential(
  headers: OutgoingHttpHeaders,
  credential: UpstreamCredential | undefined,
): void {
  if (!credential) return;
  if (credential.kind === "api-key") {
    headers["x-api-key"] = credential.apiKey;
    return;
  }
  headers.authorization = `Bearer ${credential.token}`;
  if (credential.kind === "oauth") {
    const betas = String(headers["anthropic-beta"] ?? "")
      .split(",")
      .map((beta) => beta.trim())
      .filter(Boolean);
    if (!betas.includes(OAUTH_BETA)) betas.push(OAUTH_BETA);
    headers["anthropic-beta"] = betas.join(",");
  }
}

/** The secret value, for redaction lists. */
export function credentialSecret(credential: UpstreamCredential): string {
  return credential.kind === "api-key" ? credential.apiKey : credential.token;
}
