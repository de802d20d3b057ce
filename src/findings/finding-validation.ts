import type { Finding } from "./finding.js";
import { repositoryPathProblem } from "./repository-path.js";

/** A finding a publisher cannot place; `index` and `field` say which one and what to fix. */
export class InvalidFindingError extends Error {
  override readonly name = "InvalidFindingError";
  constructor(
    readonly index: number,
    readonly field: keyof Finding,
    problem: string,
  ) {
    super(`finding #${index} (${field}): ${problem}`);
  }
}

const SEVERITIES = new Set(["error", "warning", "notice"]);

/**
 * Checks findings before anything is sent, so a malformed one fails the publish up front with a message
 * naming it, instead of half-publishing and then meeting a 422 from GitHub.
 */
export function assertValidFindings(findings: readonly Finding[]): void {
  findings.forEach((f, i) => {
    const pathProblem = repositoryPathProblem(f.path);
    if (pathProblem) throw new InvalidFindingError(i, "path", pathProblem);
    for (const field of ["startLine", "endLine"] as const) {
      if (!Number.isInteger(f[field]) || f[field] < 1) {
        throw new InvalidFindingError(i, field, `must be a positive integer, got ${String(f[field])}`);
      }
    }
    if (f.endLine < f.startLine) {
      throw new InvalidFindingError(
        i,
        "endLine",
        `must not precede startLine (${f.startLine}), got ${f.endLine}`,
      );
    }
    if (!SEVERITIES.has(f.severity)) {
      throw new InvalidFindingError(
        i,
        "severity",
        `must be error, warning or notice, got "${String(f.severity)}"`,
      );
    }
    if (typeof f.title !== "string" || f.title.trim() === "")
      throw new InvalidFindingError(i, "title", "must not be empty");
  });
}
