import { ALLOWLISTED_COMMAND_NAMES } from "./command-allowlists.js";

/**
 * The declarative shape of a tool policy, as written in a JSON or YAML policy file.
 *
 * Evaluation (see ToolPolicy): a matching `deny` rule always wins; otherwise the first matching
 * `allow` rule allows; otherwise the call is denied (default deny).
 */
export interface PolicyRule {
  /** Stable name recorded with every decision this rule makes. */
  id: string;
  effect: "allow" | "deny";
  /** Tool names or globs (`Read`, `Edit`, `mcp__github__*`). */
  tools: string[];
  /**
   * Globs relative to the workspace. For `allow`, every path the tool would touch must resolve
   * (symlinks and `..` followed) inside the workspace and match one glob. For `deny`, any path
   * matching one glob triggers the rule.
   */
  paths?: string[];
  /** Bash only: the command's words must begin with one of these (e.g. `git diff`). */
  commandPrefixes?: string[];
  /**
   * Bash only: commands allowed with their built-in option allowlist (`ls`, `grep`, `git grep`, ...;
   * see command-allowlists.ts). Options are resolved as the tool parses them (abbreviations,
   * bundles); unknown options are refused; every argument must stay inside the workspace.
   */
  commands?: string[];
  /**
   * Bash only, with `commandPrefixes`: when set, every word starting with `-` after the prefix must
   * be one of these, exactly, or start with an entry ending in `=` (`--reporter=`).
   */
  allowedOptions?: string[];
  /** Bash only: globs matched against every word after the prefix (e.g. `--output*`). */
  forbiddenArguments?: string[];
  /** Bash only (default true): path-like arguments must resolve inside the workspace. */
  confineArguments?: boolean;
  /** Text the model receives when this rule denies a call. */
  message?: string;
}

export interface PolicyDocument {
  name: string;
  description?: string;
  rules: PolicyRule[];
}

/** JSON Schema for policy files; compiled with ajv to produce precise validation errors. */
export const policyDocumentSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "rules"],
  properties: {
    name: { type: "string", minLength: 1 },
    description: { type: "string" },
    rules: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "effect", "tools"],
        properties: {
          id: { type: "string", minLength: 1 },
          effect: { enum: ["allow", "deny"] },
          tools: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
          paths: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
          commandPrefixes: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
          commands: { type: "array", minItems: 1, items: { enum: ALLOWLISTED_COMMAND_NAMES } },
          allowedOptions: { type: "array", items: { type: "string", minLength: 1 } },
          forbiddenArguments: { type: "array", items: { type: "string", minLength: 1 } },
          confineArguments: { type: "boolean" },
          message: { type: "string" },
        },
      },
    },
  },
} as const;
