import type { OutgoingHttpHeaders } from "node:http";
import { applyUpstreamCredential, credentialSecret, type UpstreamCredential } from "./upstream-credential.js";

/** One request on its way upstream, after the agent's own headers were filtered. */
export interface UpstreamRequest {
  method: string;
  url: URL;
  headers: OutgoingHttpHeaders;
  /** Present when the authenticator asked for it (`needsBody`). */
  body?: Buffer;
}

/**
 * How the proxy authenticates a request upstream: a static key or token, a SigV4 signature
 * (Bedrock), or a short-lived bearer from a token source (Vertex ADC, Foundry Entra).
 */
export interface UpstreamAuth {
  /** A signature over the body (SigV4) needs the whole request body before the request can leave. */
  readonly needsBody: boolean;
  /** Sets the credential's headers on the request. Rejects when no credential can be obtained. */
  authorize(request: UpstreamRequest): Promise<void>;
  /** Values that must never appear in anything the proxy answers (static secrets only). */
  readonly secretValues: readonly string[];
  /**
   * Loads the code `authorize` will need (a signer loaded on demand), so that the proxy can be made
   * ready before the agent starts: once it runs, the host reads none of its own code from disk.
   */
  ready?(): Promise<void>;
}

export function staticCredentialAuth(credential: UpstreamCredential | undefined): UpstreamAuth {
  return {
    needsBody: false,
    authorize: async (request) => applyUpstreamCredential(request.headers, credential),
    secretValues: credential ? [credentialSecret(credential)] : [],
  };
}

/** A bearer from a token source that caches and refreshes on its own (google-auth-library, Entra). */
export function bearerTokenAuth(
  getToken: () => Promise<string | null | undefined>,
  what: string,
): UpstreamAuth {
  return {
    needsBody: false,
    authorize: async (request) => {
      const token = await getToken();
      if (!token) throw new Error(`no ${what} access token could be obtained`);
      request.headers.authorization = `Bearer ${token}`;
    },
    secretValues: [],
  };
}
