/**
 * A pull request's description as the describe job writes it, enforced by the CLI's StructuredOutput
 * tool (or the remote engine's submit_result) and checked again on our side.
 */
export const DESCRIBE_SCHEMA = {
  type: "object",
  required: ["title", "summary", "walkthrough", "risks"],
  additionalProperties: false,
  properties: {
    title: {
      type: "string",
      minLength: 1,
      maxLength: 120,
      description: "A suggested title for the pull request: imperative, specific, at most 120 characters.",
    },
    summary: {
      type: "string",
      minLength: 1,
      maxLength: 4000,
      description: "What the change does and why, in a few sentences of GitHub Markdown.",
    },
    walkthrough: {
      type: "array",
      maxItems: 30,
      description: "The changed files grouped by concern (one group per purpose, e.g. 'API', 'tests').",
      items: {
        type: "object",
        required: ["concern", "files"],
        additionalProperties: false,
        properties: {
          concern: { type: "string", minLength: 1, maxLength: 120 },
          files: {
            type: "array",
            minItems: 1,
            maxItems: 100,
            items: {
              type: "object",
              required: ["path", "change"],
              additionalProperties: false,
              properties: {
                path: { type: "string", minLength: 1, maxLength: 1000 },
                change: { type: "string", minLength: 1, maxLength: 500 },
              },
            },
          },
        },
      },
    },
    risks: {
      type: "array",
      maxItems: 20,
      description:
        "What a reviewer should look at closely, most important first (empty when nothing stands out).",
      items: { type: "string", minLength: 1, maxLength: 500 },
    },
  },
} as const;

export interface PullRequestDescription {
  title: string;
  summary: string;
  walkthrough: Array<{ concern: string; files: Array<{ path: string; change: string }> }>;
  risks: string[];
}
