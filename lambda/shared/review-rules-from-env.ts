import { type FailOn, InvalidFailOnError, parseFailOn } from "../../src/findings/review-conclusion.js";

/** How a review concludes and which files it looks at: the Action's fail_on, include and exclude. */
export interface ReviewRules {
  /** Lowest finding severity that requests changes and fails the check (`FAIL_ON`, default error). */
  failOn: FailOn;
  /** Path filter globs (`INCLUDE`, `EXCLUDE`: one a line or comma-separated), as the Action's inputs. */
  include: string[];
  exclude: string[];
}

/**
 * Reads FAIL_ON, INCLUDE and EXCLUDE the same way for every function that starts or publishes a
 * review (the worker and the Managed Agents settle step), so the two can never conclude differently.
 */
export function reviewRulesFromEnv(env: NodeJS.ProcessEnv, toError: (message: string) => Error): ReviewRules {
  let failOn: FailOn;
  try {
    failOn = parseFailOn(env.FAIL_ON ?? "");
  } catch (error) {
    if (error instanceof InvalidFailOnError) throw toError(error.message.replace("fail_on", "FAIL_ON"));
    throw error;
  }
  return { failOn, include: globs(env.INCLUDE), exclude: globs(env.EXCLUDE) };
}

function globs(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(/[\n,]/)
    .map((g) => g.trim())
    .filter(Boolean);
}
