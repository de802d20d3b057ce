import type { PolicyDecision } from "../../runner/policy/tool-policy.js";
import { fence } from "../shared/prompt-blocks.js";
import type { AutofixReport } from "./autofix-schema.js";
import type { UnexpressedChange } from "./fix-suggestions.js";

/** GitHub refuses comment bodies over 65,536 characters; patches are cut well below that. */
export const MAX_PATCH_CHARS = 50_000;

/** A patch in a `diff` fence, cut with a note when it would not fit in a comment. */
export function patchBlock(patch: string, maxChars = MAX_PATCH_CHARS): string {
  if (patch.length <= maxChars) return fence("diff", patch.replace(/\n$/, ""));
  const kept = patch.slice(0, maxChars);
  return `${fence("diff", kept.slice(0, kept.lastIndexOf("\n") + 1).replace(/\n$/, ""))}\n\n… the patch is ${patch.length} characters long; the rest was cut (GitHub limits comment size).`;
}

export type AutofixStatus =
  | "pushed"
  | "suggested"
  | "nothing_to_change"
  | "head_moved"
  | "session_failed"
  | "publish_failed";

export interface AutofixSummaryInput {
  status: AutofixStatus;
  headSha: string;
  commitSha?: string;
  /** The pushed commit carries `[skip ci]`: the summary tells the team how its checks will run. */
  workflowsSkipped?: boolean;
  /** Why the session failed, or which publishing step failed. */
  detail?: string;
  report?: AutofixReport;
  changedPaths: readonly string[];
  revertedProtected: readonly string[];
  /** Files an earlier step of the job left or changed: never part of the fix. */
  leftAsFound?: readonly string[];
  denials: readonly PolicyDecision[];
  suggestions?: { posted: number; unexpressed: readonly UnexpressedChange[] };
  patchCommentUrl?: string;
  costUsd?: number;
  runUrl?: string;
}

const HEADLINE: Record<AutofixStatus, (i: AutofixSummaryInput) => string> = {
  pushed: (i) =>
    `Pushed \`${i.commitSha?.slice(0, 12)}\` on top of \`${i.headSha.slice(0, 12)}\`.${i.workflowsSkipped ? " Workflows did not run on this commit (`[skip ci]`): an agent wrote it, so CI runs it, with this repository's secrets, only after a person has read it and pushes." : ""}`,
  suggested: (i) =>
    `This pull request comes from a fork, so nothing was pushed: the fix is posted as ${i.suggestions?.posted ?? 0} suggestion(s) in a review.`,
  nothing_to_change: () => "Nothing to change: the session left the code as it was, so no commit was made.",
  head_moved: (i) =>
    `Not pushed: the branch moved while the fix was being made (it was at \`${i.headSha.slice(0, 12)}\`). The patch is ${i.patchCommentUrl ? `in [this comment](${i.patchCommentUrl})` : "in a comment below"}.`,
  session_failed: (i) => `The session failed, so nothing was pushed: ${i.detail ?? "unknown reason"}.`,
  publish_failed: (i) => `The fix could not be delivered: ${i.detail ?? "unknown reason"}.`,
};

/** The sticky comment for one autofix run: what changed, or why nothing did. */
export function renderAutofixSummary(input: AutofixSummaryInput): string {
  const parts = ["## Claude autofix", "", HEADLINE[input.status](input)];
  if (input.report?.summary.trim()) parts.push("", input.report.summary.trim());
  if (input.changedPaths.length > 0 && input.status !== "session_failed") {
    const reasons = new Map(input.report?.filesChanged.map((f) => [f.path, f.reason]));
    parts.push(
      "",
      "**Files changed**",
      ...input.changedPaths.map(
        (p) => `- \`${p}\`${reasons.has(p) ? `: ${oneLine(reasons.get(p) ?? "")}` : ""}`,
      ),
    );
  }
  if (input.report && input.report.commandsRun.length > 0) {
    parts.push(
      "",
      "**Checks run**",
      ...input.report.commandsRun.map(
        (c) => `- \`${c.command}\`: ${c.result}${c.detail ? ` (${oneLine(c.detail)})` : ""}`,
      ),
    );
  }
  if (input.revertedProtected.length > 0) {
    parts.push(
      "",
      `**Reverted** (workflow files, agent configuration, \`.gitattributes\` and \`.lfsconfig\` are never modified): ${input.revertedProtected.map((p) => `\`${p}\``).join(", ")}`,
    );
  }
  if (input.leftAsFound && input.leftAsFound.length > 0) {
    parts.push(
      "",
      `**Left out of the fix** (an earlier step of the job left or changed them, and the session did not touch them): ${input.leftAsFound.map((p) => `\`${p}\``).join(", ")}`,
    );
  }
  if (input.denials.length > 0) {
    parts.push(
      "",
      "**Denied by the tool policy**",
      ...input.denials.map(
        (d) => `- ${d.toolName} \`${oneLine(d.subject)}\`: ${oneLine(d.reason)} (${d.ruleId})`,
      ),
    );
  }
  if (input.suggestions && input.suggestions.unexpressed.length > 0) {
    parts.push(
      "",
      "**Not expressible as suggestions** (in the patch of the review summary)",
      ...input.suggestions.unexpressed.map((u) => `- \`${u.path}\`: ${u.reason}`),
    );
  }
  const facts = [
    input.costUsd === undefined ? "" : `cost $${input.costUsd.toFixed(4)}`,
    input.runUrl ? `[run](${input.runUrl})` : "",
  ].filter(Boolean);
  if (facts.length > 0) parts.push("", `<sub>${facts.join(" · ")}</sub>`);
  return parts.join("\n");
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/`/g, "'");
}
