/** A policy file that cannot be used; `problems` lists every issue found, each with its location. */
export class PolicyFileError extends Error {
  override readonly name = "PolicyFileError";
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`invalid tool policy ${source}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}
