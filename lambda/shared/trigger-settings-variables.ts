import { DEFAULT_TRIGGER_SETTINGS, type TriggerSettings } from "../../src/jobs/triggers/trigger-settings.js";
import type { LambdaSettings } from "./lambda-variables.js";

/** The trigger settings' variables, with the Action's defaults (the schema checks the prefix and mention). */
export const TRIGGER_VARIABLES = [
  "COMMAND_PREFIX",
  "MENTION",
  "REVIEW_LABEL",
  "AUTOFIX_LABEL",
  "REVIEW_DRAFTS",
  "SKIP_AUTHORS",
  "SELF_LOGINS",
] as const;

/**
 * COMMAND_PREFIX, MENTION, REVIEW_LABEL ("none" turns it off), AUTOFIX_LABEL, REVIEW_DRAFTS,
 * SKIP_AUTHORS ("none": nobody) and SELF_LOGINS (the App's own `slug[bot]`, whose comments never
 * trigger anything), as the webhook and the worker read them.
 */
export function triggerSettings(
  settings: LambdaSettings<(typeof TRIGGER_VARIABLES)[number]>,
): TriggerSettings {
  const skipAuthors = settings.SKIP_AUTHORS;
  return {
    commandPrefix: settings.COMMAND_PREFIX,
    mention: settings.MENTION,
    reviewLabel:
      settings.REVIEW_LABEL === "none" ? "" : (settings.REVIEW_LABEL ?? DEFAULT_TRIGGER_SETTINGS.reviewLabel),
    autofixLabel: settings.AUTOFIX_LABEL ?? DEFAULT_TRIGGER_SETTINGS.autofixLabel,
    reviewDrafts: settings.REVIEW_DRAFTS,
    skipAuthors:
      skipAuthors === undefined
        ? DEFAULT_TRIGGER_SETTINGS.skipAuthors
        : skipAuthors.length === 1 && skipAuthors[0] === "none"
          ? []
          : skipAuthors,
    selfLogins: settings.SELF_LOGINS,
  };
}
