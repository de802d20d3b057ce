import { describe, expect, it } from "vitest";
import { splitSettingList } from "../../../src/jobs/settings/setting-schema.js";
import {
  failOnSetting,
  flagSetting,
  globsSetting,
  wholeNumberSetting,
} from "../../../src/jobs/settings/setting-values.js";
import { SettingsError, settingsReader } from "../../../src/jobs/settings/settings-reader.js";

const read = settingsReader(
  {
    FAIL_ON: failOnSetting,
    LIMIT: wholeNumberSetting(0, 30),
    ON: flagSetting(false),
    GLOBS: globsSetting,
    KINDS: {
      type: "array",
      separator: "commas-or-spaces",
      items: { type: "string", enum: ["a", "b"] },
      default: ["a"],
    },
    NAME: { type: "string", hint: "set it to your name" },
    NOTE: { type: "string" },
  },
  { required: ["NAME"] },
);

describe("settingsReader", () => {
  it("fills defaults, converts numbers and switches, splits lists, and leaves unset text absent", () => {
    expect(read({ NAME: "x" })).toEqual({
      NAME: "x",
      FAIL_ON: "error",
      LIMIT: 30,
      ON: false,
      GLOBS: [],
      KINDS: ["a"],
    });
    expect(
      read({
        NAME: " x ",
        FAIL_ON: "WARNING",
        LIMIT: " 0 ",
        ON: "True",
        GLOBS: "a/**, b\n!c",
        KINDS: "a b,a",
        NOTE: "  ",
      }),
    ).toEqual({
      NAME: "x",
      FAIL_ON: "warning",
      LIMIT: 0,
      ON: true,
      GLOBS: ["a/**", "b", "!c"],
      KINDS: ["a", "b", "a"],
    });
  });

  it("refuses every bad value at once, in the schema's words, with what it got", () => {
    let error: unknown;
    try {
      read({ NAME: "", LIMIT: "-1", ON: "on", KINDS: "a c" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).name).toBe("SettingsError");
    expect((error as SettingsError).problems).toEqual([
      'LIMIT must be a whole number ≥ 0; got "-1"',
      'ON must be true or false; got "on"',
      'KINDS has "c"; allowed: a, b',
      "NAME is not set; set it to your name",
    ]);
  });

  it("takes parseArgs values: switches as booleans, a repeatable option's occurrences as its items", () => {
    const flags = settingsReader(
      { quiet: flagSetting(false), include: globsSetting, "max-turns": wholeNumberSetting(1, 30) },
      { label: (name) => `--${name}` },
    );
    expect(flags({ quiet: true, include: ["src/{a,b}/**", " ", "lib"] })).toEqual({
      quiet: true,
      include: ["src/{a,b}/**", "lib"],
      "max-turns": 30,
    });
    expect(() => flags({ "max-turns": "two" })).toThrow('--max-turns must be a whole number ≥ 1; got "two"');
  });

  it("words the generic refusals from the schema: bounds, patterns, lists, and what was given", () => {
    const generic = settingsReader(
      {
        PORT: { type: "integer", minimum: 1, maximum: 10 },
        CODE: { type: "string", pattern: "^[a-z]+$" },
        IDS: { type: "array", separator: "commas", items: { type: "integer", minimum: 0 } },
        TAGS: { type: "array", separator: "commas", items: { type: "string" } },
      },
      { required: ["TAGS"], label: (name) => `--${name.toLowerCase()}` },
    );
    let error: unknown;
    try {
      generic({ PORT: "11", CODE: "A1", IDS: ["1", "x"], TAGS: [" ", ""] });
    } catch (caught) {
      error = caught;
    }
    expect((error as SettingsError).problems).toEqual([
      '--port must be a whole number ≥ 1 ≤ 10; got "11"',
      '--code must be text matching ^[a-z]+$; got "A1"',
      '--ids must be a list of a whole number ≥ 0 (commas); got "1 x"',
      "--tags is not set",
    ]);
  });

  it("fails when the schema is compiled with a misspelt keyword (strict mode), not in a job", () => {
    expect(() => settingsReader({ X: { type: "integer", minimun: 1 } as never })).toThrow(/minimun/);
  });
});

describe("splitSettingList", () => {
  it("splits by the list's separator and drops blanks", () => {
    expect(splitSettingList("npm test, --ci\n\n lint ", "lines")).toEqual(["npm test, --ci", "lint"]);
    expect(splitSettingList("a,b\nc", "lines-or-commas")).toEqual(["a", "b", "c"]);
    expect(splitSettingList("1 2,,3", "commas-or-spaces")).toEqual(["1", "2", "3"]);
    expect(splitSettingList("60, 300,,900", "commas")).toEqual(["60", "300", "900"]);
    expect(splitSettingList(undefined, "commas")).toEqual([]);
  });
});
