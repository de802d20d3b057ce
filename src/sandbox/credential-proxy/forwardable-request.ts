/**
 * Which requests the credential proxy (and the Lambda model gateway) forwards with the real
 * credential: only the model calls the CLI 2.1.235 makes, by method and normalised path. Everything
 * else is refused with its reason, before any credential is attached. The proxy holds a key that
 * also reaches batches, files, skills, sessions and admin endpoints; an agent that has the job
 * token must get none of them.
 *
 * Allowed (POST only; the query is empty or the Messages API's `beta=true`):
 * - Anthropic API and Foundry: `/v1/messages`, `/v1/messages/count_tokens`;
 * - Bedrock: `/model/<id>/invoke`, `/model/<id>/invoke-with-response-stream`, `/model/<id>/count-tokens`;
 * - Vertex: `[/v1]/projects/<p>/locations/<l>/publishers/anthropic/models/<m>:rawPredict` and
 *   `:streamRawPredict` (count-tokens is `models/count-tokens:rawPredict`; the CLI leaves `/v1` to
 *   the base URL).
 */
export type ForwardDecision = { ok: true; path: string } | { ok: false; reason: string };

/** One path segment as sent: unreserved characters, `:`/`@`, and percent escapes (checked below). */
const SEGMENT = /^[A-Za-z0-9._~:@%-]+$/;

const ROUTES: readonly RegExp[] = [
  /^\/v1\/messages$/,
  /^\/v1\/messages\/count_tokens$/,
  /^\/model\/[^/]+\/(?:invoke|invoke-with-response-stream|count-tokens)$/,
  /^(?:\/v1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/[^/]+:(?:rawPredict|streamRawPredict)$/,
];

const ALLOWED_QUERIES = new Set(["", "beta=true"]);

/**
 * Decides one request from its method and raw request target (`req.url`, as it came off the wire).
 * Refused: another method; absolute-form or authority-form targets; fragments; an empty, `.` or
 * `..` segment, spelled plainly or percent-encoded; an encoded `/` or `\`; any query but the
 * allowed ones; any path not on the list above.
 */
export function forwardableRequest(method: string, target: string): ForwardDecision {
  if (method !== "POST") return { ok: false, reason: `method ${method} is not forwarded` };
  if (!target.startsWith("/")) return { ok: false, reason: "only origin-form request targets are forwarded" };
  if (target.includes("#")) return { ok: false, reason: "a request target with a fragment is not forwarded" };
  const q = target.indexOf("?");
  const rawPath = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? "" : target.slice(q + 1);
  if (!ALLOWED_QUERIES.has(query)) return { ok: false, reason: `the query "${query}" is not forwarded` };
  const segments = rawPath.slice(1).split("/");
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) return { ok: false, reason: "the path has an empty or unexpected segment" };
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { ok: false, reason: "the path has a malformed percent escape" };
    }
    if (decoded === "." || decoded === "..") return { ok: false, reason: "the path has a dot segment" };
    if (/[/\\]/.test(decoded)) return { ok: false, reason: "the path has an encoded slash" };
  }
  if (!ROUTES.some((route) => route.test(rawPath))) {
    return { ok: false, reason: `${rawPath} is not a model endpoint the CLI calls` };
  }
  return { ok: true, path: target };
}
