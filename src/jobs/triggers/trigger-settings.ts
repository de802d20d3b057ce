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
