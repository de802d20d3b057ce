import type { TriggerRun } from "./decide-trigger.js";
import type { TriggerSettings } from "./trigger-settings.js";

/**
 * The fixed replies: none of them calls the model. Every reply goes out through the output
 * neutraliser like all published text, which also defuses the `@` of the mention we quote, so a
 * reply can never mention us back.
 */
export function helpReply(settings: Pick<TriggerSettings, "commandPrefix" | "mention">): string {
  const p = settings.commandPrefix;
  return [
    "**Claude commands** (writers only; others get a short refusal)",
    "",
    `- \`${p} review\`: review this pull request again; \`${p} review PATH…\` reviews only those paths.`,
    `- \`${p} fix\`: fix the review's findings and push a commit (suggestions on fork PRs).`,
    `- \`${p} describe\`: write a summary, a walkthrough and the risks into a section of the PR description.`,
    `- \`${p} ask QUESTION\` or \`${settings.mention} QUESTION\`: answer a question about the code (read-only).`,
    `- \`${p} forget ID\`: stop applying a learned "not useful" rule (the ID is in the review's log and \`claude-pr-runner learnings list\`).`,
    `- \`${p} help\`: this list.`,
  ].join("\n");
}

export function usageReply(
  settings: Pick<TriggerSettings, "commandPrefix" | "mention">,
  run: Pick<TriggerRun, "unknownCommand" | "isPullRequest">,
): string {
  const word = run.unknownCommand ?? "";
  const why =
    (word === "review" || word === "fix" || word === "describe") && !run.isPullRequest
      ? `\`${settings.commandPrefix} ${word}\` works on pull requests only.`
      : word === "forget"
        ? `\`${settings.commandPrefix} forget\` takes one learning id (8 hex digits), e.g. \`${settings.commandPrefix} forget 0a1b2c3d\`.`
        : `I do not know the command \`${word.slice(0, 40)}\`.`;
  return `${why}\n\n${helpReply(settings)}`;
}

export function refusalReply(run: Pick<TriggerRun, "requester" | "job">, repository: string): string {
  const who = run.requester ? `@${run.requester}` : "the requester";
  return `Sorry, ${who} does not have write access to ${repository}, so this ${jobNoun(run.job)} was not run: only writers can ask for one. A maintainer can ask for it instead.`;
}

export function closedReply(run: Pick<TriggerRun, "isPullRequest">): string {
  return `This ${run.isPullRequest ? "pull request" : "issue"} is closed, so nothing was run. Reopen it to use commands again.`;
}

function jobNoun(job: TriggerRun["job"]): string {
  if (job === "autofix") return "fix";
  if (job === "ask") return "answer";
  if (job === "describe") return "description";
  if (job === "forget") return "change to what reviews learned";
  return job;
}
