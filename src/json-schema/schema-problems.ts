import type { ErrorObject } from "ajv";

/**
 * Ajv's errors for a document a person wrote, as one line per bad key: where it is
 * (`rules[0].severity_floor`), what it must be and what it got. Errors ajv reports for the `anyOf`
 * and `if` that wrap a more precise error are left out; the precise one says more.
 */
export function schemaProblems(
  errors: readonly ErrorObject[] | null | undefined,
  document: unknown,
): string[] {
  const problems = new Map<string, string>();
  // A failed anyOf also reports each branch's own failure; its one summary line says it better.
  const all = errors ?? [];
  const anyOfPaths = all.filter((e) => e.keyword === "anyOf").map((e) => `${e.schemaPath}/`);
  for (const error of all) {
    if (anyOfPaths.some((path) => error.schemaPath.startsWith(path))) continue;
    const branches = all.filter(
      (e) => e.instancePath === error.instancePath && e.schemaPath.startsWith(`${error.schemaPath}/`),
    );
    const problem = describe(error, document, branches);
    if (problem && !problems.has(problem.key)) problems.set(problem.key, problem.text);
  }
  return [...problems.values()];
}

function describe(
  error: ErrorObject,
  document: unknown,
  branches: readonly ErrorObject[],
): { key: string; text: string } | undefined {
  const where = keyPath(error.instancePath);
  const got = gotText(valueAt(document, error.instancePath));
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const name = String(params.additionalProperty);
      const key = where ? `${where}.${name}` : name;
      return { key, text: `\`${key}\` is not a known key` };
    }
    case "required": {
      const name = String(params.missingProperty);
      const key = where ? `${where}.${name}` : name;
      return { key, text: `\`${key}\` is required` };
    }
    case "anyOf":
      return {
        key: `${where}#anyOf`,
        text: `\`${where || "(top level)"}\` ${anyOfText(error, branches)}; got ${got}`,
      };
    case "enum":
      return {
        key: where,
        text: `\`${where}\` must be one of ${(params.allowedValues as unknown[]).join(", ")}; got ${got}`,
      };
    case "minItems":
    case "maxItems":
      return {
        key: where,
        text: `\`${where}\` must list ${error.keyword === "minItems" ? "at least" : "at most"} ${String(params.limit)}; got ${got}`,
      };
    case "minLength":
    case "maxLength":
      return {
        key: where,
        text: `\`${where}\` must be ${error.keyword === "minLength" ? "at least" : "at most"} ${String(params.limit)} characters; got ${got}`,
      };
    case "type":
      return {
        key: where,
        text: `\`${where || "(top level)"}\` must be ${article(String(params.type))}; got ${got}`,
      };
    default:
      return {
        key: `${where}#${error.keyword}`,
        text: `\`${where || "(top level)"}\` ${error.message}; got ${got}`,
      };
  }
}

/** An `anyOf` of `required`s reads as "needs at least one of a, b or c". */
function anyOfText(error: ErrorObject, branches: readonly ErrorObject[]): string {
  const names = branches
    .filter((b) => b.keyword === "required")
    .map((b) => String((b.params as { missingProperty: unknown }).missingProperty));
  return names.length > 0 && names.length === branches.length
    ? `needs at least one of ${names.join(", ")}`
    : (error.message ?? "is not valid");
}

/** `/rules/0/severity_floor` → `rules[0].severity_floor`. */
function keyPath(instancePath: string): string {
  return instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

function valueAt(document: unknown, instancePath: string): unknown {
  let value = document;
  for (const part of instancePath.split("/").slice(1)) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

function gotText(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function article(type: string): string {
  const names: Record<string, string> = {
    array: "a list",
    object: "a mapping",
    string: "a string",
    integer: "a whole number",
    number: "a number",
    boolean: "true or false",
  };
  return names[type] ?? type;
}
