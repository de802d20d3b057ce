/**
 * The only review events we ever send. A bot approval would let an automated run satisfy branch
 * protection, so `APPROVE` is excluded from the type and refused at run time (config can be cast).
 */
export type ReviewEvent = "COMMENT" | "REQUEST_CHANGES";

export class ForbiddenReviewEventError extends Error {
  override readonly name = "ForbiddenReviewEventError";
  constructor(readonly event: string) {
    super(
      `review event "${event}" is not allowed: claude-pr-runner only posts COMMENT or REQUEST_CHANGES reviews, never APPROVE`,
    );
  }
}

export function assertAllowedReviewEvent(event: string): asserts event is ReviewEvent {
  if (event !== "COMMENT" && event !== "REQUEST_CHANGES") throw new ForbiddenReviewEventError(event);
}
