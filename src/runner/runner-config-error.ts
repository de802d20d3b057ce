/**
 * A problem with the session's options found before anything is spawned (bad schema, bad flag
 * combination, unusable policy or paths). The CLI maps it to exit code 2.
 */
export class RunnerConfigError extends Error {
  override readonly name = "RunnerConfigError";
  constructor(
    message: string,
    /** Which option is wrong, e.g. "jsonSchema" or "permissionMode". */
    readonly option: string,
  ) {
    super(message);
  }
}
