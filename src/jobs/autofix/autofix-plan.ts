import { DEFAULT_TEST_COMMANDS } from "../../runner/policy/built-in-policy.js";
import type { LineageKey } from "../../sessions/lineage-key.js";
import { pullRequestLineageKey } from "../shared/pull-request-lineage.js";

export interface AutofixTarget {
  repository: { owner: string; name: string };
  pullRequest: { number: number; headRef: string; headSha: string };
  /** The head branch lives in another repository: the job cannot push there. */
  isFork: boolean;
  /** Test or lint commands the model may run; the policy's defaults when empty. */
  testCommands?: string[];
}

export interface AutofixPlan {
  /** Same repository: commit and push. Fork: a review with suggestion blocks. */
  delivery: "push" | "suggest";
  /** The PR's lineage: the session forks from its latest (review) session and is recorded there. */
  lineageKey: LineageKey;
  /** Commands the model may run; none on a fork, whose code must never run with our tokens. */
  testCommands: string[];
  /** A fork's checkout is someone else's code: no CLAUDE.md, hooks or plugins from it. */
  bare: boolean;
}

/** What the job will do before the session runs; pure, so the Action can show it and tests can pin it. */
export function autofixPlan(target: AutofixTarget): AutofixPlan {
  return {
    delivery: target.isFork ? "suggest" : "push",
    lineageKey: pullRequestLineageKey(target.repository, target.pullRequest.number),
    testCommands: target.isFork
      ? []
      : target.testCommands?.length
        ? [...target.testCommands]
        : [...DEFAULT_TEST_COMMANDS],
    bare: target.isFork,
  };
}

/** The check run an autofix reports on (the same name on every door and engine). */
export const AUTOFIX_CHECK_NAME = "Claude autofix";

export type AutofixAction =
  | { kind: "skip"; reason: "session_failed"; detail: string }
  | { kind: "skip"; reason: "nothing_to_change" }
  | { kind: "push" }
  | { kind: "suggest" };

/**
 * What to do with the working tree once the session ended. A failed session never pushes, even if it
 * left edits behind: half a fix is worse than none. An empty tree never becomes an empty commit.
 */
export function autofixAction(
  plan: Pick<AutofixPlan, "delivery">,
  after: { sessionFailure?: string; changedPaths: readonly string[] },
): AutofixAction {
  if (after.sessionFailure !== undefined)
    return { kind: "skip", reason: "session_failed", detail: after.sessionFailure };
  if (after.changedPaths.length === 0) return { kind: "skip", reason: "nothing_to_change" };
  return { kind: plan.delivery };
}
