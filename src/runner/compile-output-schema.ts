import type { ValidateFunction } from "ajv";
import { RunnerConfigError } from "./runner-config-error.js";

export interface CompiledOutputSchema {
  schema: Record<string, unknown>;
  validate: ValidateFunction;
}

/**
 * Compiles the structured-output schema before anything is spawned (docs/protocol.md#seed-references: structured output — the
 * CLI rejects a string, an array or an invalid schema at start-up; we reject it earlier, with the
 * reason). The compiled validator re-checks `result.structured_output` locally.
 */
export async function compileOutputSchema(schema: unknown): Promise<CompiledOutputSchema> {
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
  // Loaded on demand: ajv costs the host ~10 MB of RSS, and most sessions have no schema.
  const { createAjv } = await import("../json-schema/create-ajv.js");
  const ajv = createAjv({ schemas: "foreign" });
  try {
    return { schema: record, validate: ajv.compile(record) };
  } catch (error) {
    throw new RunnerConfigError(
      `--json-schema is not a valid JSON Schema: ${(error as Error).message}`,
      "jsonSchema",
    );
  }
}
