import { Ajv, type ValidateFunction } from "ajv";
import addFormatsPlugin from "ajv-formats";
import { RunnerConfigError } from "./RunnerConfigError.js";

// ajv-formats is CommonJS with `exports.default`; under nodenext the default import is the module object.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as unknown as (ajv: Ajv) => Ajv;

export interface CompiledOutputSchema {
  schema: Record<string, unknown>;
  validate: ValidateFunction;
}

/**
 * Compiles the structured-output schema before anything is spawned (seed: structured output — the
 * CLI rejects a string, an array or an invalid schema at start-up; we reject it earlier, with the
 * reason). The compiled validator re-checks `result.structured_output` locally.
 */
export function compileOutputSchema(schema: unknown): CompiledOutputSchema {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    const got = schema === null ? "null" : Array.isArray(schema) ? "an array" : `a ${typeof schema}`;
    throw new RunnerConfigError(`--json-schema must be a JSON object; got ${got}`, "jsonSchema");
  }
  const record = schema as Record<string, unknown>;
  // The CLI hands the schema to the model as a tool input schema, which must describe an object.
  if (record.type !== undefined && record.type !== "object") {
    throw new RunnerConfigError(
      `--json-schema must describe an object (type "object"); got type ${JSON.stringify(record.type)}`,
      "jsonSchema",
    );
  }
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  try {
    return { schema: record, validate: ajv.compile(record) };
  } catch (error) {
    throw new RunnerConfigError(
      `--json-schema is not a valid JSON Schema: ${(error as Error).message}`,
      "jsonSchema",
    );
  }
}

export type StructuredOutputCheck = "schema_valid" | "missing" | "invalid" | "not_requested";

/** Re-validates the CLI's structured output. "schema_valid" says nothing about whether it is right. */
export function checkStructuredOutput(
  compiled: CompiledOutputSchema | undefined,
  value: unknown,
): { check: StructuredOutputCheck; problems: string[] } {
  if (!compiled) return { check: "not_requested", problems: [] };
  if (value === undefined || value === null) {
    return { check: "missing", problems: ["the result carries no structured_output"] };
  }
  if (compiled.validate(value)) return { check: "schema_valid", problems: [] };
  const problems = (compiled.validate.errors ?? []).map(
    (e) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`,
  );
  return { check: "invalid", problems };
}
