/**
 * The one JSON Schema of `.github/claude-pr-runner.yml`. It is published as
 * `schema/claude-pr-runner.schema.json` (a test keeps the two equal) so editors can validate the file
 * while it is written: `# yaml-language-server: $schema=<raw URL of that file>`.
 */
export const REPOSITORY_CONFIG_SCHEMA_ID =
  "https://raw.githubusercontent.com/claude-pr-runner/claude-pr-runner/main/schema/claude-pr-runner.schema.json";

const SEVERITY = {
  type: "string",
  enum: ["notice", "warning", "error"],
} as const;

const GLOBS = {
  type: "array",
  items: { type: "string", minLength: 1, maxLength: 500 },
  maxItems: 200,
} as const;

export const REPOSITORY_CONFIG_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: REPOSITORY_CONFIG_SCHEMA_ID,
  title: "claude-pr-runner repository configuration",
  description:
    "Read from the pull request's base commit, never its head: a PR cannot change the rules of its own review.",
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: { type: "string", description: "Where an editor finds this schema; ignored by the runner." },
    include: {
      ...GLOBS,
      description: "Globs of the changed files to review (empty or absent: every file not excluded).",
    },
    exclude: {
      ...GLOBS,
      description:
        "Globs of changed files to leave out, on top of the built-in lock/generated/vendored list; `!glob` brings a built-in exclusion back.",
    },
    ignore_categories: {
      type: "array",
      items: { type: "string", minLength: 1, maxLength: 60 },
      maxItems: 50,
      description:
        "Finding categories the team does not want (compared without case, e.g. `style`): the model is told, and findings of these categories are dropped.",
    },
    post_threshold: {
      ...SEVERITY,
      description:
        "The lowest severity that becomes an inline comment (default notice: every finding). Lower findings stay in the summary and the check run. Separate from fail_on.",
    },
    min_coverage: {
      type: "number",
      minimum: 0,
      maximum: 1,
      description:
        'The share of changed lines (0 to 1) a review must have read, in its prompt\'s diff or with its tools, to say "No issues found" (default 0.8). Below it, a review without findings is neutral: "Partly reviewed".',
    },
    rules: {
      type: "array",
      maxItems: 50,
      description: "Instructions for some paths, in file order (a later rule's severity bound wins).",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["paths"],
        anyOf: [
          { required: ["instructions"] },
          { required: ["severity_floor"] },
          { required: ["severity_ceiling"] },
        ],
        properties: {
          paths: { ...GLOBS, minItems: 1, description: "Globs of the files this rule is about." },
          instructions: {
            type: "string",
            minLength: 1,
            maxLength: 2000,
            description: "What the reviewer must look for (or leave alone) in these files.",
          },
          severity_floor: {
            ...SEVERITY,
            description: "Findings on these files are raised to at least this severity.",
          },
          severity_ceiling: {
            ...SEVERITY,
            description: "Findings on these files are lowered to at most this severity.",
          },
        },
      },
    },
  },
} as const;
