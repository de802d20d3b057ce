import type { AskResult } from "./run-ask.js";

/** What the "working…" reply becomes: the answer, or what went wrong (never left saying "working"). */
export function askReplyBody(result: AskResult | undefined, error: string | undefined): string {
  return result?.status === "answered"
    ? result.answer
    : `Sorry, I could not answer this: ${error ?? (result?.status === "failed" ? result.reason : "unknown error")}`;
}
