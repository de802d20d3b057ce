/**
 * The JSON Schema subset a door's settings are described with: every setting is text in the
 * environment or an Action input, read into a string, a number, a switch or a list. Besides JSON
 * Schema's own keywords, a setting may carry these annotations (registered with Ajv by
 * settingsReader, so strict mode accepts them):
 * - `separator`: how a list's text splits into items;
 * - `caseInsensitive`: the value is lower-cased before it is checked ("Warning" is "warning");
 * - `unit`: named in the refusal ("a whole number of milliseconds ≥ 0");
 * - `mustBe`: the refusal's wording when the generic one would not help ("the numeric App ID");
 * - `hint`: appended when a required setting is missing ("the stack sets it on the function").
 */
export type SettingSchema = TextSetting | NumberSetting | FlagSetting | ListSetting;

interface Described {
  description?: string;
  mustBe?: string;
  hint?: string;
}

export interface TextSetting extends Described {
  type: "string";
  enum?: readonly string[];
  pattern?: string;
  caseInsensitive?: boolean;
  default?: string;
}

export interface NumberSetting extends Described {
  type: "integer" | "number";
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  unit?: string;
  default?: number;
}

export interface FlagSetting extends Described {
  type: "boolean";
  default?: boolean;
}

export interface ListSetting extends Described {
  type: "array";
  separator: ListSeparator;
  items: TextSetting | NumberSetting;
  default?: readonly (string | number)[];
}

/**
 * How a list is written: one item a line (commands, which may contain commas), a line or a comma
 * (globs), commas or spaces (ids and names), or commas only.
 */
export type ListSeparator = "lines" | "lines-or-commas" | "commas-or-spaces" | "commas";

const LIST_SEPARATORS: Readonly<Record<ListSeparator, RegExp>> = {
  lines: /\n/,
  "lines-or-commas": /[\n,]/,
  "commas-or-spaces": /[\s,]+/,
  commas: /,/,
};

/** Splits a list setting's text into its trimmed, non-empty items. */
export function splitSettingList(text: string | undefined, separator: ListSeparator): string[] {
  return (text ?? "")
    .split(LIST_SEPARATORS[separator])
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The TypeScript type of a setting's value once read. */
export type SettingValue<S> = S extends { type: "integer" | "number" }
  ? number
  : S extends { type: "boolean" }
    ? boolean
    : S extends { type: "array"; items: infer I }
      ? SettingValue<I>[]
      : S extends { enum: readonly (infer E)[] }
        ? E
        : string;

/** The settings object of a schema: a setting without a default that is not required may be absent. */
export type SettingsOf<P extends Record<string, SettingSchema>, R extends keyof P> = {
  -readonly [K in keyof P]:
    | SettingValue<P[K]>
    | (K extends R ? never : P[K] extends { default: unknown } ? never : undefined);
};
