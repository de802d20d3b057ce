/** A command line the user must fix (exit code 2); the message says what to change. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
