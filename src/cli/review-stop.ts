/**
 * Ends `review` before or instead of a session with this exit code: thrown by the preparation steps so
 * each of them need not thread an exit code back through its caller.
 */
export class ReviewStop extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
    this.name = "ReviewStop";
  }
}
