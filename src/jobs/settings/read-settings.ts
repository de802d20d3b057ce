import type { ErrorObject } from "ajv";
import { type SettingSchema, type SettingsOf, splitSettingList } from "./setting-schema.js";

/** Every problem of one read, each naming its setting; the message lists them all. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  constructor(readonly problems: readonly string[]) {
    super(problems.join("; "));
  }
}

export interface SettingsReaderOptions<R extends string> {
  /** Settings that must be set and non-blank. */
  required?: readonly R[];
  /** How a setting is named in a refusal, e.g. `--max-turns` for the CLI's `max-turns`. */
  label?: (name: string) => string;
}

/** The annotations of setting-schema.ts, known to Ajv so that strict mode accepts them. */
export const SETTING_ANNOTATIONS = [
  { keyword: "separator", schemaType: "string" },
  { keyword: "caseInsensitive", schemaType: "boolean" },
  { keyword: "unit", schemaType: "string" },
  { keyword: "mustBe", schemaType: "string" },
  { keyword: "hint", schemaType: "string" },
] as const;

/** A compiled check of a door's settings object: compiled at start, or precompiled at build time. */
export interface SettingsValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The one JSON Schema a door's settings are checked with, whether compiled at start or at build. */
export function settingsObjectSchema(
  properties: Record<string, SettingSchema>,
  required: readonly string[],
): Record<string, unknown> {
  return { type: "object", properties, required: [...required] };
}

/**
 * The function that reads raw text (a Lambda function's environment, the Action's inputs, the CLI's
 * options) into the typed settings object, checked by `validate` (settingsObjectSchema of the same
 * properties, with coercion and defaults). Text is trimmed and blank counts as unset, so a setting's
 * `default` applies; numbers and switches are converted from their text; lists are split by their
 * separator. A bad value is a SettingsError naming the setting, what it must be, and what it got.
 */
export function readSettingsWith<
  const P extends Record<string, SettingSchema>,
  const R extends keyof P & string = never,
>(
  properties: P,
  validate: SettingsValidator,
  options: SettingsReaderOptions<R> = {},
): (raw: RawSettings) => SettingsOf<P, R> {
  const label = options.label ?? ((name: string) => name);
  return (raw) => {
    const data: Record<string, unknown> = {};
    const given: Record<string, Given> = {};
    for (const [name, schema] of Object.entries(properties)) {
      const value = raw[name];
      if (typeof value === "boolean") {
        data[name] = value;
        given[name] = { text: String(value), items: [] };
        continue;
      }
      if (Array.isArray(value)) {
        // A repeatable option: each occurrence is one item, taken as written (a glob may hold a comma).
        const items = value.map((item: string) => item.trim()).filter((item: string) => item !== "");
        if (items.length === 0) continue;
        data[name] = items;
        given[name] = { text: items.join(" "), items };
        continue;
      }
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "") continue;
      const items = schema.type === "array" ? splitSettingList(text, schema.separator) : [];
      given[name] = { text, items };
      data[name] =
        schema.type === "array"
          ? items
          : schema.type === "boolean" || (schema.type === "string" && schema.caseInsensitive)
            ? text.toLowerCase()
            : text;
    }
    if (!validate(data))
      throw new SettingsError(describeProblems(validate.errors ?? [], properties, given, label));
    return data as SettingsOf<P, R>;
  };
}

/** What was given for a setting: its text, and its items when it is a list. */
interface Given {
  text: string;
  items: string[];
}

/**
 * Raw settings by name: a process environment, the Action's inputs gathered by name, or the values
 * of node:util parseArgs (a switch is a boolean, a repeatable option a list of its occurrences).
 */
export type RawSettings = Readonly<Record<string, string | readonly string[] | boolean | undefined>>;

function describeProblems(
  errors: readonly ErrorObject[],
  properties: Record<string, SettingSchema>,
  given: Record<string, Given>,
  label: (name: string) => string,
): string[] {
  const problems = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword === "required") {
      const name = String(error.params.missingProperty);
      const hint = properties[name]?.hint;
      problems.set(name, `${label(name)} is not set${hint ? `; ${hint}` : ""}`);
      continue;
    }
    const [name = "", index] = error.instancePath.split("/").slice(1);
    const schema = properties[name];
    if (!schema || problems.has(name)) continue;
    if (
      schema.type === "array" &&
      index !== undefined &&
      schema.items.type === "string" &&
      schema.items.enum
    ) {
      const item = given[name]?.items[Number(index)];
      problems.set(name, `${label(name)} has "${item}"; allowed: ${schema.items.enum.join(", ")}`);
      continue;
    }
    problems.set(name, `${label(name)} must be ${whatItMustBe(schema)}; got "${given[name]?.text ?? ""}"`);
  }
  // In the schema's order, so a door's refusals read the same way every time.
  const order = Object.keys(properties);
  return [...problems.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([, problem]) => problem);
}

/** "a whole number of milliseconds ≥ 0", "one of review, summary, none", "true or false". */
function whatItMustBe(schema: SettingSchema): string {
  if (schema.mustBe) return schema.mustBe;
  switch (schema.type) {
    case "boolean":
      return "true or false";
    case "string":
      return schema.enum ? `one of ${schema.enum.join(", ")}` : `text matching ${schema.pattern ?? ".*"}`;
    case "integer":
    case "number": {
      const bounds = [
        ...(schema.minimum === undefined ? [] : [`≥ ${schema.minimum}`]),
        ...(schema.exclusiveMinimum === undefined ? [] : [`> ${schema.exclusiveMinimum}`]),
        ...(schema.maximum === undefined ? [] : [`≤ ${schema.maximum}`]),
      ];
      const kind = schema.type === "integer" ? "a whole number" : "a number";
      return [kind, ...(schema.unit ? [`of ${schema.unit}`] : []), ...bounds].join(" ");
    }
    case "array":
      return `a list of ${whatItMustBe(schema.items)} (${schema.separator.replaceAll("-", " ")})`;
  }
}
