import { describe, expect, it } from "vitest";
import {
  checkTriggerSettings,
  DEFAULT_TRIGGER_SETTINGS,
  TriggerSettingsError,
} from "../../../src/jobs/triggers/trigger-settings.js";

const names = { commandPrefix: "command_prefix", mention: "mention" };
const check = (commandPrefix: string, mention: string) =>
  checkTriggerSettings({ ...DEFAULT_TRIGGER_SETTINGS, commandPrefix, mention }, names);

describe("checkTriggerSettings", () => {
  it("accepts the defaults and other slash words and handles", () => {
    expect(check("/claude", "@claude")).toEqual([]);
    expect(check("/my-bot.v2", "@my-app[bot]")).toEqual([]);
    expect(check("/x_y", "@org/team")).toEqual([]);
  });

  for (const prefix of ["claude", "/", "/claude review", " /claude", "/claude!", "x/claude"]) {
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

  it("its error is named for logs", () => {
    expect(new TriggerSettingsError("x").name).toBe("TriggerSettingsError");
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
