import { fence, workflowInstructions } from "../shared/prompt-blocks.js";
import type { AuditFocus } from "./audit-focus.js";

export interface AuditPromptInput {
  repository: string;
  branch: string;
  headSha: string;
  focus: AuditFocus;
  /** Commit an earlier audit (the parent session) saw, when this audit continues it. */
  previousSha?: string;
  /** Trusted: from the workflow file. */
  extraInstructions?: string;
}

/**
 * The user message of a scheduled audit. Finding keys are what keeps one issue per problem across
 * weekly runs, so the prompt insists on keys that name the problem and, for a continued session, on
 * reusing the keys of the previous audit for problems that are still there.
 */
export function buildAuditPrompt(input: AuditPromptInput): string {
  const parts: string[] = [
    `Audit the repository ${input.repository} at ${input.headSha} (branch ${input.branch}). The working directory is a checkout of it; ` +
      "you can only read: list and read files, search them with `grep` and `find`. Do not try to change anything.",
    "Report real, actionable problems only, each pointing at a file and line of this checkout. Prefer a few findings you are sure of over many guesses.",
    "Give every finding a stable `key` that names the problem, not your wording: kind, path and symbol, e.g. `sql-injection:src/db/query.ts:buildWhere`. " +
      "The key is how the same problem is recognised in later audits, so the same problem must always get the same key.",
  ];
  if (input.previousSha) {
    parts.push(
      input.previousSha === input.headSha
        ? "You audited this same commit before. Report the problems that are still there with the same keys as before."
        : `You audited this repository before, at ${input.previousSha}. Reuse the same keys for problems that are still there, ` +
            "drop the ones that were fixed, and look at what changed since then first.",
    );
  }
  switch (input.focus.kind) {
    case "general":
      parts.push(
        "Cover security, correctness, dependencies, dead code and missing tests, most severe first.",
      );
      break;
    case "custom":
      parts.push(`The workflow asks the audit to focus on:\n${fence("focus", input.focus.instructions)}`);
      break;
    default:
      parts.push(input.focus.instructions);
  }
  parts.push(...workflowInstructions(input.extraInstructions));
  parts.push("Finish by calling the StructuredOutput tool once with a summary and your findings.");
  return parts.join("\n\n");
}
