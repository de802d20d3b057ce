import { describe, expect, it } from "vitest";
import { commandPrefixSetting, mentionSetting } from "../../../src/jobs/settings/setting-values.js";
import { SettingsError, settingsReader } from "../../../src/jobs/settings/settings-reader.js";
import { DEFAULT_TRIGGER_SETTINGS } from "../../../src/jobs/triggers/trigger-settings.js";

// The trigger words are checked by the settings schema every door reads them with (the Action's
// command_prefix and mention, Lambda's COMMAND_PREFIX and MENTION).
const read = settingsReader({ command_prefix: commandPrefixSetting, mention: mentionSetting });
const check = (commandPrefix: string, mention: string): readonly string[] => {
  try {
    read({ command_prefix: commandPrefix, mention });
    return [];
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
};

describe("the trigger words' settings", () => {
  it("accepts the defaults and other slash words and handles", () => {
    expect(check("/claude", "@claude")).toEqual([]);
    expect(check("/my-bot.v2", "@my-app[bot]")).toEqual([]);
    expect(check("/x_y", "@org/team")).toEqual([]);
    expect(read({})).toEqual({ command_prefix: "/claude", mention: "@claude" });
  });

  for (const prefix of ["claude", "/", "/claude review", "/claude!", "x/claude"]) {
    it(`refuses the prefix ${JSON.stringify(prefix)}, naming the setting`, () => {
      expect(check(prefix, "@claude")).toEqual([
        `command_prefix must be a slash and a word, such as /claude; got ${JSON.stringify(prefix)}`,
      ]);
    });
  }

  for (const mention of ["claude", "@", "@claude bot", "x@claude", "@claude!"]) {
    it(`refuses the mention ${JSON.stringify(mention)}, naming the setting`, () => {
      expect(check("/claude", mention)).toEqual([
        `mention must be an @ and a handle, such as @claude; got ${JSON.stringify(mention)}`,
      ]);
    });
  }

  it("reports both problems at once", () => {
    expect(check("claude", "claude")).toHaveLength(2);
  });

  it("has the documented defaults", () => {
    expect(DEFAULT_TRIGGER_SETTINGS).toEqual({
      commandPrefix: "/claude",
      mention: "@claude",
      reviewLabel: "claude-review",
      autofixLabel: "autofix",
      reviewDrafts: false,
      skipAuthors: ["dependabot[bot]", "renovate[bot]"],
      selfLogins: [],
    });
  });
});
