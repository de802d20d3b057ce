import type { PostedRun } from "./github-like-report.js";

/** How the Action's process ended, next to what it posted. */
export interface DemoOutcome {
  /** The Action's exit code (1 is also how a blocking review fails the workflow step). */
  exitCode: number | null;
  /** The Action's `conclusion` output (success, failure, neutral...), when it wrote one. */
  conclusion?: string;
  /** The severity threshold the run used (`fail_on`). */
  failOn: string;
}

/**
 * What the demo tells the terminal: whether the run did what a review should (a blocking review is a
 * success for the demo), or why it did not. `blocking` is true when the run would fail the workflow's
 * check on purpose; `ok` is false only when the Action itself broke.
 */
export function judgeDemoRun(
  run: PostedRun,
  outcome: DemoOutcome,
): { ok: boolean; blocking: boolean; why: string } {
  const check = run.checkRun?.conclusion ?? null;
  const blocking = outcome.exitCode === 1 && check === "failure" && run.reviewState === "CHANGES_REQUESTED";
  if (outcome.exitCode === 0 && check !== null && check !== "failure")
    return { ok: true, blocking: false, why: "" };
  if (blocking) {
    const blockers = blockingAnnotations(run, outcome.failOn);
    return {
      ok: true,
      blocking: true,
      why: `${blockers.length} finding(s) at or above fail_on: ${outcome.failOn} (${blockers
        .map((a) => `${a.path}:${a.start_line} ${a.title}`)
        .join("; ")})`,
    };
  }
  return {
    ok: false,
    blocking: false,
    why: `the Action exited with ${outcome.exitCode} and the check run is ${check ?? "missing"} (review: ${run.reviewState})`,
  };
}

/** A short, plain-text account of what the run posted: no workflow commands, no HTML. */
export function renderDemoAccount(run: PostedRun, outcome: DemoOutcome): string {
  const verdict = judgeDemoRun(run, outcome);
  const lines: string[] = [];
  lines.push(`Review event: ${reviewEvent(run.reviewState)} (${run.reviewState})`);
  lines.push(`Inline comments: ${run.inlineComments.length}`);
  for (const comment of run.inlineComments) {
    lines.push(`  - ${comment.path}:${comment.line ?? "file"}  ${firstLine(comment.body)}`);
  }
  if (run.checkRun) {
    lines.push(`Check run "${run.checkRun.name}": ${run.checkRun.conclusion ?? "in progress"}`);
    if (run.checkRun.title) lines.push(`  ${run.checkRun.title}`);
    for (const a of run.checkRun.annotations) {
      lines.push(
        `  - [${String(a.annotation_level)}] ${String(a.path)}:${String(a.start_line)} ${String(a.title ?? "")}`,
      );
    }
  } else lines.push("Check run: none was created");
  lines.push(`Sticky comment (${run.stickyComment.split("\n").length} lines):`);
  for (const line of plainLines(run.stickyComment).slice(0, 12)) lines.push(`  ${line}`);
  lines.push("");
  if (verdict.blocking) {
    lines.push(`This run would FAIL the check, as intended: ${verdict.why}.`);
    lines.push(
      "On GitHub the Action's step exits 1 here, which blocks the merge when the check is required.",
    );
  } else if (verdict.ok) lines.push("This run would pass the check.");
  else lines.push(`The demo did not complete: ${verdict.why}.`);
  return lines.join("\n");
}

/** Keeps only what a person reads: drops hidden markers, HTML tags and blank lines. */
function plainLines(markdown: string): string[] {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, "")
    .split("\n")
    .map((line) => line.replace(/<[^>]+>/g, "").trimEnd())
    .filter((line) => line.trim() !== "");
}

function firstLine(body: string): string {
  return plainLines(body)[0] ?? "";
}

function reviewEvent(state: string): string {
  if (state === "CHANGES_REQUESTED") return "REQUEST_CHANGES";
  if (state === "COMMENTED") return "COMMENT";
  return state === "none" ? "no review posted" : state;
}

/** Annotations whose level meets `fail_on`: errors are `failure` annotations, warnings `warning`. */
function blockingAnnotations(run: PostedRun, failOn: string): Array<Record<string, unknown>> {
  const levels = failOn.toLowerCase() === "warning" ? ["failure", "warning"] : ["failure"];
  return (run.checkRun?.annotations ?? []).filter((a) => levels.includes(String(a.annotation_level)));
}
