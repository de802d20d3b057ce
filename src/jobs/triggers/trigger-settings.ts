/**
 * What decides which events start which job, shared by the Action (inputs) and Lambda (function
 * environment). Each door reads these once at its edge and passes them down.
 */
export interface TriggerSettings {
  /** A comment starting with this word is a command, e.g. `/claude review`. */
  commandPrefix: string;
  /** A comment naming this handle asks a question, e.g. `@claude why is this async?`. */
  mention: string;
  /** Adding this label to a PR reviews it (a writer must add it). Empty: no review label. */
  reviewLabel: string;
  /** Adding this label to a PR runs an autofix (a writer must add it). */
  autofixLabel: string;
  /** Review draft PRs on their automatic triggers too (opened, synchronize, reopened). */
  reviewDrafts: boolean;
  /** PR authors whose automatic reviews are skipped (bots that open many PRs). Case-insensitive. */
  skipAuthors: readonly string[];
  /** Our own logins (e.g. `my-app[bot]`): their comments never trigger anything. */
  selfLogins: readonly string[];
}

export const DEFAULT_TRIGGER_SETTINGS: TriggerSettings = {
  commandPrefix: "/claude",
  mention: "@claude",
  reviewLabel: "claude-review",
  autofixLabel: "autofix",
  reviewDrafts: false,
  skipAuthors: ["dependabot[bot]", "renovate[bot]"],
  selfLogins: [],
};

export class TriggerSettingsError extends Error {
  override readonly name = "TriggerSettingsError";
}

/**
 * Checks settings read at a door. A prefix or mention with blanks could never match a comment's
 * first word, and one without its sigil would fire on ordinary prose ("claude review this"), so
 * both are refused with the setting's name.
 */
export function checkTriggerSettings(
  settings: TriggerSettings,
  names: { commandPrefix: string; mention: string },
): string[] {
  const problems: string[] = [];
  if (!/^\/[A-Za-z0-9_.-]+$/.test(settings.commandPrefix))
    problems.push(
      `${names.commandPrefix} must be a slash and a word, such as /claude; got ${JSON.stringify(settings.commandPrefix)}`,
    );
  if (!/^@[A-Za-z0-9_.[\]/-]+$/.test(settings.mention))
    problems.push(
      `${names.mention} must be an @ and a handle, such as @claude; got ${JSON.stringify(settings.mention)}`,
    );
  return problems;
}
