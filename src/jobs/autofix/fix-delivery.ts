import type { AutofixResult } from "./autofix-request.js";

/**
 * What delivering the fix (push or suggestions) settled on the result. The patch comment's link stays
 * outside the result because only the sticky comment shows it.
 */
export type FixDelivery = Partial<
  Pick<AutofixResult, "status" | "detail" | "commitSha" | "patchCommentId" | "suggestions">
> & { patchCommentUrl?: string };
