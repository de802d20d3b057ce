import type { ErrorObject } from "ajv";
import { createAjv } from "../../json-schema/create-ajv.js";
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
}

/** The annotations of setting-schema.ts, known to Ajv so that strict mode accepts them. */
const ANNOTATIONS = [
  { keyword: "separator", schemaType: "string" },
  { keyword: "caseInsensitive", schemaType: "boolean" },
  { keyword: "unit", schemaType: "string" },
  { keyword: "mustBe", schemaType: "string" },
  { keyword: "hint", schemaType: "string" },
] as const;

/**
 * Compiles a door's settings schema once (strict: a misspelt keyword fails when the module loads) and
 * returns the function that reads raw text (a Lambda function's environment, the Action's inputs, the
 * CLI's options) into the typed settings object. Text is trimmed and blank counts as unset, so a
 * setting's `default` applies; numbers and switches are converted from their text; lists are split by
 * their separator. A bad value is a SettingsError naming the setting, what it must be, and what it got.
 */
export function settingsReader<
  const P extends Record<string, SettingSchema>,
  const R extends keyof P & string = never,
>(properties: P, options: SettingsReaderOptions<R> = {}): (raw: RawSettings) => SettingsOf<P, R> {
  const ajv = createAjv({ schemas: "ours", fromText: true });
  for (const annotation of ANNOTATIONS) ajv.addKeyword({ ...annotation });
  const validate = ajv.compile({
    type: "object",
    properties,
    required: [...(options.required ?? [])],
  });
  return (raw) => {
    const data: Record<string, unknown> = {};
    const text: Record<string, string> = {};
    for (const [name, schema] of Object.entries(properties)) {
      const value = raw[name]?.trim();
      if (value === undefined || value === "") continue;
      text[name] = value;
      data[name] =
        schema.type === "array"
          ? splitSettingList(value, schema.separator)
          : schema.type === "boolean" || (schema.type === "string" && schema.caseInsensitive)
            ? value.toLowerCase()
            : value;
    }
    if (!validate(data)) throw new SettingsError(describeProblems(validate.errors ?? [], properties, text));
    return data as SettingsOf<P, R>;
  };
}

/** Raw text by setting name: a process environment, or the Action's inputs gathered by name. */
export type RawSettings = Readonly<Record<string, string | undefined>>;

function describeProblems(
  errors: readonly ErrorObject[],
  properties: Record<string, SettingSchema>,
  text: Record<string, string>,
): string[] {
  const problems = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword === "required") {
      const name = String(error.params.missingProperty);
      const hint = properties[name]?.hint;
      problems.set(name, `${name} is not set${hint ? `; ${hint}` : ""}`);
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
      const item = splitSettingList(text[name], schema.separator)[Number(index)];
      problems.set(name, `${name} has "${item}"; allowed: ${schema.items.enum.join(", ")}`);
      continue;
    }
    problems.set(name, `${name} must be ${whatItMustBe(schema)}; got "${text[name] ?? ""}"`);
  }
  return [...problems.values()];
}

/** "a whole number of milliseconds ≥ 0", "one of review, summary, none", "true or false". */
export function whatItMustBe(schema: SettingSchema): string {
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
