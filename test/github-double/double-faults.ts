import { type DoubleResponse, githubError } from "./double-response.js";

/** A failure the double answers with instead of running the handler (after spec validation passed). */
export type Fault =
  | { kind: "server_error"; status?: 500 | 502 | 503 | 504 }
  /**
   * The request is carried out (the review, comment, issue… is stored) and THEN answered with a 5xx, as
   * when GitHub's edge times out on a write that went through: a blind retry would post it twice.
   */
  | { kind: "server_error_after_write"; status?: 500 | 502 | 503 | 504 }
  /** A GraphQL answer `200 {"errors":[{type, message}]}`, e.g. FORBIDDEN "Resource not accessible by integration". */
  | { kind: "graphql_error"; type: string; message: string }
  /** GitHub's secondary rate limit: 403 with `retry-after` and the message octokit's throttling recognises. */
  | { kind: "secondary_rate_limit"; retryAfterSeconds: number }
  | { kind: "status"; status: number; message?: string };

/** A `server_error_after_write` fault replaces a successful answer (the write already happened) with a 5xx. */
export function afterWrite(response: DoubleResponse, fault: Fault | undefined): DoubleResponse {
  if (fault?.kind !== "server_error_after_write" || response.status >= 400) return response;
  return githubError(fault.status ?? 502, "Server Error");
}

export function faultResponse(fault: Fault): DoubleResponse {
  switch (fault.kind) {
    case "server_error":
    case "server_error_after_write":
      return githubError(fault.status ?? 502, "Server Error");
    case "graphql_error":
      return { status: 200, body: { data: null, errors: [{ type: fault.type, message: fault.message }] } };
    case "secondary_rate_limit":
      return {
        ...githubError(
          403,
          "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
        ),
        headers: { "retry-after": String(fault.retryAfterSeconds) },
      };
    case "status":
      return githubError(fault.status, fault.message ?? "Injected failure");
  }
}
