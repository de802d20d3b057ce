import type { CompiledOutputSchema } from "./compile-output-schema.js";

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

/** The failure reason a missing or invalid structured output gives its session, else undefined. */
export function structuredOutputFailure(result: {
  check: StructuredOutputCheck;
  problems: string[];
}): string | undefined {
  return result.check === "missing" || result.check === "invalid"
    ? `structured output ${result.check}: ${result.problems.join("; ")}`
    : undefined;
}
