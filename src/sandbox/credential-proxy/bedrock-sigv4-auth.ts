import type { SignatureV4 } from "@smithy/signature-v4";
import type { AwsCredentialIdentityProvider } from "@smithy/types";
import type { UpstreamAuth, UpstreamRequest } from "./upstream-auth.js";

/** Headers covered by the signature: the ones Bedrock routes and parses by, plus the signer's own. */
const SIGNED_HEADERS = new Set(["host", "content-type", "accept", "content-length"]);

/**
 * SigV4 for Bedrock Runtime with the AWS SDK's own signer, over credentials from a provider (the
 * default Node chain in production: environment, web identity/OIDC role, SSO, ECS, IMDS). The
 * signer hashes the body, so the proxy hands it the whole request body.
 */
export function bedrockSigV4Auth(options: {
  region: string;
  credentials: AwsCredentialIdentityProvider;
  /** Signing service name; `bedrock` for Bedrock Runtime. */
  service?: string;
}): UpstreamAuth {
  // The signer loads with the first Bedrock request: a session on another provider never pays its import.
  let signer: Promise<SignatureV4> | undefined;
  const signerOnce = () =>
    (signer ??= Promise.all([import("@smithy/signature-v4"), import("@smithy/hash-node")]).then(
      ([{ SignatureV4 }, { Hash }]) =>
        new SignatureV4({
          credentials: options.credentials,
          region: options.region,
          service: options.service ?? "bedrock",
          // Node's native SHA-256 (the SDK's own Node hash): the pure-JS one cost ~15 ms per 90 KiB
          // request body on a loaded 2-core host (bench/credential-proxy/sigv4.ts).
          sha256: Hash.bind(null, "sha256"),
        }),
    ));
  return {
    needsBody: true,
    secretValues: [],
    ready: async () => {
      await signerOnce();
    },
    authorize: async (request: UpstreamRequest) => {
      const headers: Record<string, string> = { host: request.url.host };
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined && (SIGNED_HEADERS.has(name) || name.startsWith("x-amz-"))) {
          headers[name] = String(value);
        }
      }
      const query: Record<string, string> = {};
      for (const [name, value] of request.url.searchParams) query[name] = value;
      const signed = await (await signerOnce()).sign({
        method: request.method,
        protocol: request.url.protocol,
        hostname: request.url.hostname,
        ...(request.url.port ? { port: Number(request.url.port) } : {}),
        path: request.url.pathname,
        query,
        headers,
        body: request.body ?? Buffer.alloc(0),
      });
      for (const [name, value] of Object.entries(signed.headers)) request.headers[name.toLowerCase()] = value;
    },
  };
}
