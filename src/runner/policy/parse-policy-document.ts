import type { ValidateFunction } from "ajv";
import { type PolicyDocument, policyDocumentSchema } from "./policy-document.js";
import { PolicyFileError } from "./policy-file-error.js";

let validator: ValidateFunction<PolicyDocument> | undefined;

/** ajv and yaml load on first use only: a host using built-in policies never pays their memory. */
async function documentValidator(): Promise<ValidateFunction<PolicyDocument>> {
  if (!validator) {
    const { createAjv } = await import("../../json-schema/create-ajv.js");
    validator = createAjv({ schemas: "ours" }).compile<PolicyDocument>(policyDocumentSchema);
  }
  return validator;
}

/**
 * Parses and validates policy text (JSON is valid YAML, so one parser serves both). Every problem
 * is reported with its location so a user can fix the file in one pass.
 */
export async function parsePolicyDocument(text: string, source: string): Promise<PolicyDocument> {
  const { parse: parseYaml } = await import("yaml");
  const validateDocument = await documentValidator();
  let value: unknown;
  try {
    value = parseYaml(text, { prettyErrors: true });
  } catch (error) {
    throw new PolicyFileError(source, [`not valid JSON or YAML: ${(error as Error).message}`]);
  }
  if (!validateDocument(value)) {
    const problems = (validateDocument.errors ?? []).map((e) => {
      const where = e.instancePath ? e.instancePath.slice(1).replaceAll("/", ".") : "(top level)";
      if (e.keyword === "additionalProperties") {
        return `${where}: unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
      }
      if (e.keyword === "enum") {
        return `${where}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(", ")}`;
      }
      return `${where}: ${e.message}`;
    });
    throw new PolicyFileError(source, problems);
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  value.rules.forEach((rule, index) => {
    if (seen.has(rule.id)) problems.push(`rules.${index}.id: duplicate rule id "${rule.id}"`);
    seen.add(rule.id);
    const bashOnly = [
      "commandPrefixes",
      "commands",
      "allowedOptions",
      "forbiddenArguments",
      "confineArguments",
    ] as const;
    for (const field of bashOnly) {
      if (rule[field] !== undefined && !rule.tools.includes("Bash")) {
        problems.push(`rules.${index}.${field}: only applies to the Bash tool; add "Bash" to tools`);
      }
    }
    if (rule.effect === "allow" && rule.tools.includes("Bash") && !rule.commandPrefixes && !rule.commands) {
      problems.push(
        `rules.${index}: an allow rule for Bash needs commandPrefixes or commands (allowing every command is not supported)`,
      );
    }
  });
  if (problems.length) throw new PolicyFileError(source, problems);
  return value;
}
