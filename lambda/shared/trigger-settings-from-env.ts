import {
  checkTriggerSettings,
  DEFAULT_TRIGGER_SETTINGS,
  type TriggerSettings,
  TriggerSettingsError,
} from "../../src/jobs/triggers/trigger-settings.js";
import { parseEnvList as list } from "./env-list.js";

/**
 * The trigger settings from the function's environment, with the Action's defaults: COMMAND_PREFIX,
 * MENTION, REVIEW_LABEL ("none" turns it off), AUTOFIX_LABEL, REVIEW_DRAFTS, SKIP_AUTHORS ("none":
 * nobody) and SELF_LOGINS (the App's own `slug[bot]`, whose comments never trigger anything).
 */
export function triggerSettingsFromEnv(env: NodeJS.ProcessEnv): TriggerSettings {
  const text = (name: string) => env[name]?.trim() ?? "";
  const settings: TriggerSettings = {
    commandPrefix: text("COMMAND_PREFIX") || DEFAULT_TRIGGER_SETTINGS.commandPrefix,
    mention: text("MENTION") || DEFAULT_TRIGGER_SETTINGS.mention,
    reviewLabel:
      text("REVIEW_LABEL") === "none" ? "" : text("REVIEW_LABEL") || DEFAULT_TRIGGER_SETTINGS.reviewLabel,
    autofixLabel: text("AUTOFIX_LABEL") || DEFAULT_TRIGGER_SETTINGS.autofixLabel,
    reviewDrafts: env.REVIEW_DRAFTS === "true",
    skipAuthors:
      text("SKIP_AUTHORS") === "none"
        ? []
        : text("SKIP_AUTHORS")
          ? list(env.SKIP_AUTHORS)
          : DEFAULT_TRIGGER_SETTINGS.skipAuthors,
    selfLogins: list(env.SELF_LOGINS),
  };
  const problems = checkTriggerSettings(settings, { commandPrefix: "COMMAND_PREFIX", mention: "MENTION" });
  if (problems.length > 0) throw new TriggerSettingsError(problems.join("; "));
  return settings;
}
